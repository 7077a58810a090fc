/**
 * What the list reads for one request's filters. Two strategies implement it: the prepared
 * statements of the plain filter combinations (prepared-list.ts), and the bound conditions of a
 * tag or a search with operators (extended-list.ts); transaction-list-repository.ts picks one
 * per request.
 */
import type { TransactionRow } from '../../db/schema';
import type { SplitPart } from './transaction-splits-repository';
import type { TransferLeg } from './transfer-legs-repository';

/** Position of a row in the list order, for keyset paging through large results. */
export interface ListCursor {
  addedOn: string;
  createdAt: Date;
  id: string;
}

/** Which rows of the list a page holds. */
export interface ListWindow {
  limit: number;
  offset: number;
}

export interface FilteredList {
  /** One page of the list, newest first. */
  page(window: ListWindow): Promise<TransactionRow[]>;
  /**
   * A page and the count of all matches; `parts`, when given, holds the split parts of the
   * page's rows (the statement brought them).
   */
  pageWithCount(window: ListWindow): Promise<{
    rows: TransactionRow[];
    total: number;
    parts?: ReadonlyMap<string, SplitPart[]>;
  }>;
  /**
   * The first `count` rows in list order (a page of the list with transfer legs takes the
   * first offset + limit of each, then merges them).
   */
  head(count: number): Promise<TransactionRow[]>;
  /** How many transactions match. */
  count(): Promise<number>;
  /** The next batch after `cursor` in list order: constant memory however many rows. */
  batchAfter(cursor: ListCursor | undefined, size: number): Promise<TransactionRow[]>;
  /** The transfer legs the filters select, the first `count` in list order, and how many. */
  transferLegs(base: string, count: number): Promise<{ legs: TransferLeg[]; total: number }>;
}
