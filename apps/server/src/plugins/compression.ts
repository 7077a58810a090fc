import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: headers and a compression context cost more. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers of 1 kB or more (DESIGN §5.6): JSON and the CSV export, as
 * brotli when the client accepts it, else gzip. Dynamic answers are compressed on every
 * request, so the levels are the fast ones (brotli 4, gzip 6: a few percent larger than the
 * maximum for a fraction of the CPU; the static files get the maximum once, at build).
 * Receipt files (JPEG, PNG, PDF) are compressed already and are sent as they are. Request
 * bodies are never inflated: no client sends them compressed, and inflating is a way to make
 * a small upload large.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}
