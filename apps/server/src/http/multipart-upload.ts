import { ErrorCode } from '@moneta/shared';
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

/** What a multipart route tells the client when its upload goes wrong. */
export interface MultipartLimits {
  /** The largest file the route takes, in MB, as the 413 states it. */
  maxMb: number;
  /**
   * The field the file belongs in, named in the 400 for a body that is not valid multipart.
   * Without it the 400 names no field (the import route's answer has always been so).
   */
  fileField?: string;
}

/** The 415 for a request that is not multipart/form-data at all; `howToSend` says what to do. */
export function requireMultipart(request: FastifyRequest, howToSend: string): void {
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.NOT_MULTIPART, howToSend);
}

const tooLarge = (maxMb: number) =>
  new AppError(413, ErrorCode.FILE_TOO_LARGE, `The file is larger than ${maxMb} MB.`);

/**
 * Errors of reading a multipart body as the API states them: a file over the limit is a 413;
 * the parser's own errors for a body that is not valid multipart (no boundary, cut short,
 * garbage) carry no status and are the client's mistake, a 400. Errors that already carry a
 * status (the plugin's limits, our own AppErrors) pass through.
 */
function multipartError(error: unknown, limits: MultipartLimits): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(limits.maxMb);
  if (typeof statusCode === 'number') return error;
  const hint = limits.fileField ? `; send the file in the field "${limits.fileField}".` : '.';
  return badRequest(
    `The upload is not a valid multipart/form-data body${hint}`,
    ErrorCode.INVALID_MULTIPART,
  );
}

async function* fileChunks(
  file: AsyncIterable<Buffer> & { truncated?: boolean },
  limits: MultipartLimits,
): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of file) yield chunk;
  } catch (error) {
    throw multipartError(error, limits);
  }
  // Busboy ends a file cut at the size limit quietly, marking it truncated.
  if (file.truncated) throw tooLarge(limits.maxMb);
}

/**
 * The parts of a multipart request in the order they arrive, files streamed (never buffered
 * whole here), with at most one file of `limits.maxMb` MB and a few small fields.
 */
export async function* multipartParts(
  request: FastifyRequest,
  limits: MultipartLimits,
): AsyncGenerator<MultipartPart> {
  const parts = request.parts({
    limits: { fileSize: Math.floor(limits.maxMb * 1024 * 1024), files: 1, fields: 10 },
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
          chunks: fileChunks(part.file, limits),
          skip: () => part.file.resume(),
        };
      }
    }
  } catch (error) {
    throw multipartError(error, limits);
  }
}
