import type { App } from '../../src/http/types';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A receipt drawn as a real image: black monospace text on white, like a clean scan. */
export async function renderReceipt(
  lines: string[],
  format: 'png' | 'jpeg' = 'png',
): Promise<Buffer> {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${100 + lines.length * 48}">
    <rect width="100%" height="100%" fill="white"/>
    ${lines
      .map(
        (line, index) =>
          `<text x="40" y="${70 + index * 48}" font-family="DejaVu Sans Mono, Liberation Mono, monospace" font-size="30" fill="black">${escape(line)}</text>`,
      )
      .join('')}
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** A minimal one-page PDF whose text layer holds the given lines (Helvetica, 12 pt). */
export function textPdf(lines: string[]): Buffer {
  const content = [
    'BT /F1 12 Tf 14 TL 50 780 Td',
    ...lines.map((line) => `(${line.replace(/[\\()]/g, (char) => `\\${char}`)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A valid, tiny PNG whose header declares a huge size (a decompression bomb): a few hundred
 * bytes that would need width × height bytes of memory to decode.
 */
export function hugePngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file field, as a browser sends it. */
export function multipartFile(field: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = `----moneta${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/receipts/upload with one file, as the browser sends it. */
export function uploadReceipt(
  app: { inject: App['inject'] },
  headers: Record<string, string>,
  bytes: Buffer,
  fileName = 'receipt.png',
  contentType = 'image/png',
) {
  const body = multipartFile('receipt', fileName, contentType, bytes);
  return app.inject({
    method: 'POST',
    url: '/api/receipts/upload',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}
