import { ErrorCode } from '@moneta/shared';
import { AppError } from '../../../http/app-error';

/** A file the import cannot take as a whole (each row's trouble is a `problem` row instead). */
export const notSupported = (message: string, code: ErrorCode = ErrorCode.UNSUPPORTED_FILE) =>
  new AppError(415, code, message);
export const unreadable = (message: string, code: ErrorCode) => new AppError(400, code, message);
