import type { AccountType } from '@moneta/shared';

/**
 * One account's statement as a bank file gives it (docs/imports-multi-account.md): an OFX
 * <STMTRS> or <CCSTMTRS>, a QIF `!Account` block, or the whole of a file of one account. Rows
 * name theirs by its index in the file's list of statements (ReadRow.statement).
 */
export interface FileStatement {
  name: string | null;
  /** Normalised (normalizeAccountIdentifier); null when the file names no account. */
  identifier: string | null;
  /** ISO code (OFX CURDEF), null when the file does not say. */
  currency: string | null;
  /** The type a new account for it gets. */
  type: AccountType;
  rowCount: number;
  /** Another app's opening balance for the account ("Starting Balance"), signed; else absent. */
  openingBalanceCents?: number;
}

/** A bank file's rows with the statements they belong to (filled in as the rows are read). */
export interface StatementReading<Row> {
  rows: Iterable<Row>;
  statements: FileStatement[];
}
