import type { CategorySource, ImportRowStatus } from '@moneta/shared';
import type { ImportRowSplit } from '../../db/schema';
import type { HouseholdId } from '../households/household-id';
import type { ImportedTransferRow } from '../transfers/imported-transfer-row';

/** A row as the preview and the rows page show it. */
export interface ImportRowView {
  position: number;
  cells: string[] | null;
  date: string | null;
  name: string;
  amountCents: number | null;
  isIncome: boolean | null;
  category: string | null;
  categorySource: CategorySource | null;
  note: string | null;
  status: ImportRowStatus;
  duplicateOf: string | null;
  duplicateOfTransfer: string | null;
  transferAccountId: string | null;
  matchOf: string | null;
  problem: string | null;
  statement: number;
  matchRow: number | null;
  /** A split transaction's parts, as an app's export gives them; null for any other row. */
  splits: ImportRowSplit[] | null;
}

/** What the user chose for a row at commit. */
export interface RowChoice {
  position: number;
  include: boolean | null;
  category: string | null;
  isIncome: boolean | null;
  /** undefined: no choice; null: not a transfer; an id: a transfer to or from that account. */
  transferAccountId: string | null | undefined;
}

/** A transfer row the commit records (as the transfers service takes it), by its position. */
export type TransferRowToCommit = ImportedTransferRow & { position: number };

/**
 * The account each statement of an import goes to, by statement key; null for one the commit
 * will create (docs/imports-multi-account.md).
 */
export type StatementAccounts = Array<string | null>;

/** What classification found for a row that is not simply new. */
export interface RowClass {
  status: 'duplicate' | 'transfer';
  duplicateOf: string | null;
  duplicateOfTransfer: string | null;
  transferAccountId: string | null;
  matchOf: string | null;
}

export type StatusCounts = Record<ImportRowStatus, number>;

/** Which rows of an import: those at or after its first data row; the import's household. */
export interface ImportRowsScope {
  householdId: HouseholdId;
  importId: string;
  firstRow: number;
}

/** One statement's readable rows, classified against its account (`accountId`). */
export interface StatementScope extends ImportRowsScope {
  userId: string;
  accountId: string;
  statement: number;
}
