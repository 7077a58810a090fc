import type { ErrorCode } from '@moneta/shared';
import { AppError } from './app-error';

/**
 * An error as it crosses from a worker thread to the server's: an AppError keeps what its
 * answer needs; anything else keeps only its name, since its message may quote the file being
 * read, and a 500 says nothing of it, nor does the log.
 */
export type ThreadFailure =
  | { kind: 'app'; statusCode: number; code: string; message: string }
  | { kind: 'other'; name: string };

export function toThreadFailure(error: unknown): ThreadFailure {
  if (error instanceof AppError) {
    return { kind: 'app', statusCode: error.statusCode, code: error.code, message: error.message };
  }
  return { kind: 'other', name: error instanceof Error ? error.name : typeof error };
}

export function fromThreadFailure(failure: ThreadFailure, what: string): Error {
  if (failure.kind === 'app') {
    return new AppError(failure.statusCode, failure.code as ErrorCode, failure.message);
  }
  const error = new Error(`${what} failed.`);
  error.name = failure.name;
  return error;
}
