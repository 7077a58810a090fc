import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './app-error';

/** One part of a multipart body: a text field, or a file as a stream of chunks. */
export type MultipartPart =
  | { kind: 'field'; name: string; value: string }
  | {
      kind: 'file';
      name: string;
      fileName: string;
      chunks: AsyncIterable<Buffer>;
      /** Drains a file that is not read, so that the parts after it arrive. */
      skip(): void;
    };

const tooLarge = (maxMb: number) =>
  new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${maxMb} MB.`);

/**
 * Errors of reading a multipart body as the API states them: a file over the limit is a 413;
 * the parser's own errors for a body that is not valid multipart (no boundary, cut short,
 * garbage) carry no status and are the client's mistake, a 400. Errors that already carry a
 * status (the plugin's limits, our own AppErrors) pass through.
 */
function multipartError(error: unknown, maxMb: number): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxMb);
  if (typeof statusCode === 'number') return error;
  return badRequest('The upload is not a valid multipart/form-data body.', 'INVALID_MULTIPART');
}

async function* fileChunks(
  file: AsyncIterable<Buffer> & { truncated?: boolean },
  maxMb: number,
): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of file) yield chunk;
  } catch (error) {
    throw multipartError(error, maxMb);
  }
  // Busboy ends a file cut at the size limit quietly, marking it truncated.
  if (file.truncated) throw tooLarge(maxMb);
}

/**
 * The parts of a multipart request in the order they arrive, files streamed (never buffered
 * whole here), with at most one file of `maxMb` MB and a few small fields.
 */
export async function* multipartParts(
  request: FastifyRequest,
  maxMb: number,
): AsyncGenerator<MultipartPart> {
  const parts = request.parts({
    limits: { fileSize: Math.floor(maxMb * 1024 * 1024), files: 1, fields: 10 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        yield {
          kind: 'field',
          name: part.fieldname,
          value: typeof part.value === 'string' ? part.value : '',
        };
      } else {
        yield {
          kind: 'file',
          name: part.fieldname,
          fileName: part.filename,
          chunks: fileChunks(part.file, maxMb),
          skip: () => part.file.resume(),
        };
      }
    }
  } catch (error) {
    throw multipartError(error, maxMb);
  }
}
