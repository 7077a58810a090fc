import { ErrorCode } from '@moneta/shared';

/**
 * An expected failure with the status and message the caller should see. Services throw these;
 * the error handler turns them into the API's error body. Anything else is a 500.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** For a 429, 503 or a BUSY: when the caller may try again, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The AppError itself, or one a library wrapped as its error's cause (Drizzle's query error). */
export function appErrorWithin(error: unknown): AppError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    if (current instanceof AppError) return current;
    current = current.cause;
  }
  return undefined;
}

export const badRequest = (message: string, code: ErrorCode = ErrorCode.BAD_REQUEST) =>
  new AppError(400, code, message);
export const unauthorized = (
  message = 'Please sign in again.',
  code: ErrorCode = ErrorCode.UNAUTHORIZED,
) => new AppError(401, code, message);
/** An invalid token, or one whose user no longer exists. */
export const sessionExpired = () =>
  unauthorized('Your session has expired. Please sign in again.', ErrorCode.INVALID_TOKEN);
export const forbidden = (message: string, code: ErrorCode = ErrorCode.FORBIDDEN) =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.', code: ErrorCode = ErrorCode.NOT_FOUND) =>
  new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = ErrorCode.CONFLICT) =>
  new AppError(409, code, message);

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a moment and try again.';
export const tooManyRequests = (retryAfterSeconds?: number) =>
  new AppError(429, ErrorCode.RATE_LIMITED, RATE_LIMITED_MESSAGE, retryAfterSeconds);

/** A user past their budget of refused requests (refusal-budget.ts). */
export const refusedTooOften = (retryAfterSeconds: number) =>
  new AppError(
    429,
    ErrorCode.RATE_LIMITED,
    'Too many of your requests were refused in a short time. Please wait a moment, and check what is being sent.',
    retryAfterSeconds,
  );
