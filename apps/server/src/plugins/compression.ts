import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: headers and a compression context cost more. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * Answers in memory up to this size are compressed in one call on the main thread; larger ones
 * and streams (the CSV export) go through a zlib stream. A stream per answer cost several times
 * more CPU here (docs/benchmarks.md), and a list page of 100 transactions is about 33 kB.
 */
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/**
 * Compresses the API's answers of 1 kB or more (docs/architecture.md, Request flow): JSON and the
 * CSV export. These are compressed on every request, so the levels are fast ones, and gzip (level
 * 6) comes first: on API JSON it is within 1–2 % of brotli 4's size and cost the server less CPU
 * per request (docs/benchmarks.md). Brotli (quality 4) serves clients that accept only it; the
 * static files get brotli 11 once, at build. Receipt files (JPEG, PNG, PDF) are compressed already
 * and are sent as they are. Request bodies are never inflated: no client sends them compressed, and
 * inflating is a way to make a small upload large.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    encodings: ['gzip', 'br'],
    zlibOptions: { level: 6 },
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
}
