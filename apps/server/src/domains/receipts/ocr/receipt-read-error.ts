/**
 * Why a receipt could not be read. The HTTP layer maps the reason to a status:
 * unreadable → 422, too-large → 413, busy → 503, timeout → 503.
 */
export type ReceiptReadFailure = 'unreadable' | 'too-large' | 'busy' | 'timeout';

export class ReceiptReadError extends Error {
  override name = 'ReceiptReadError';

  constructor(
    readonly reason: ReceiptReadFailure,
    message: string,
  ) {
    super(message);
  }
}

export function isReceiptReadError(error: unknown): error is ReceiptReadError {
  return error instanceof ReceiptReadError;
}
