import type { FastifyReply } from 'fastify';

/** A stored file as an answer sends it. */
export interface StoredFile {
  content: Buffer;
  mimeType: string;
  fileName: string;
}

/**
 * Sends an uploaded file (a receipt or an attachment) inline, with headers that keep a crafted
 * file harmless: the type its bytes were checked to be, no sniffing, and a sandbox for images.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile) {
  const encodedName = encodeURIComponent(file.fileName);
  reply
    .header('Content-Type', file.mimeType)
    .header(
      'Content-Disposition',
      `inline; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodedName}`,
    )
    .header('Cache-Control', 'private, max-age=900')
    .header('X-Content-Type-Options', 'nosniff')
    // The signed URL (or the token) is the permission: a client served from another
    // origin may show the picture in an <img> (docs/architecture.md, Web app).
    .header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (file.mimeType !== 'application/pdf') {
    // An image is never a document: even a crafted one cannot run anything here.
    reply.header(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
  }
  return reply.send(file.content);
}
