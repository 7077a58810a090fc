import type { SignedUpUser } from '../../test-app';
import type { UserData } from '../user-data';

/**
 * For each operation, a request that passes validation (the baseline the fuzz test changes one
 * part of at a time, so that a bad value in one field is not hidden behind a missing other one)
 * and the statuses the baseline itself may get. Destructive operations point at the other
 * user's rows, so that even their baseline changes nothing.
 */
export interface OperationPlan {
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /**
   * Multipart upload instead of JSON: the file and the field it goes in, and text fields sent
   * before it (each also attacked with values that must be refused).
   */
  upload?: {
    field: string;
    fileName: string;
    contentType: string;
    bytes: Buffer;
    fields?: Record<string, { value: string; refused: string[] }>;
  };
  /** The operation deletes the account: each case gets a fresh user. */
  needsFreshUser?: boolean;
  /** No bearer token (the operation is public). */
  isPublic?: boolean;
  /** The answer is a stream that stays open (server-sent events): read up to its head only. */
  isStream?: boolean;
  expect: number[];
}

/** What every domain's plans are made from: the fuzzing user, its data and the other user's. */
export interface PlanContext {
  fuzzer: SignedUpUser;
  mine: UserData;
  theirs: UserData;
  receiptPng: Buffer;
  /** Today in UTC, and its month and year. */
  today: string;
  month: number;
  year: number;
}
