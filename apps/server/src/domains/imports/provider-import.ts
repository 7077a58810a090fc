import type { ImportCommitResult } from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { StoredImportStatement, UserRow } from '../../db/schema';
import type { ActiveHousehold } from '../households/household-id';
import { commitImport, type CommitWriters } from './commit-import';
import { analyseImport } from './import-analysis';
import { createImportRowsRepository } from './import-rows-repository';
import { createImportsRepository } from './imports-repository';
import { cleanName, cleanNote } from './reading/read-row';

/** One booked row a bank's provider sent for an account (docs/bank-sync.md). */
export interface ProviderRow {
  /** The provider's id of the transaction, unique within the account: the row's bank id. */
  bankId: string;
  date: string;
  name: string;
  note: string | null;
  /** Integer hundredths, negative for money out. */
  amountCents: number;
}

export interface ProviderImport {
  format: 'simplefin' | 'enablebanking';
  connectionId: string;
  /** What the import history shows as its name: the connection's and the account's. */
  fileName: string;
  accountId: string;
  currency: string;
  rows: ProviderRow[];
}

/**
 * A bank sync's rows for one account as an Import, committed at once through the same
 * pipeline as a file (duplicates by bank id and against rows from files or typed by hand,
 * rules, transfers recognised, recurring linked; it shows in the history and can be undone),
 * inside the caller's database transaction `tx`. Nothing new (every row a duplicate) leaves no
 * import behind: a sync every few hours would otherwise fill the history with empty ones.
 * The system makes the import and its rows (`created_by` null) in the connection's `household`;
 * `holder` is the member the `user_id` columns name while the tables keep them.
 * Answers the import and what its commit did, or null.
 */
export async function importProviderRows(
  tx: Executor,
  writers: CommitWriters,
  { household, holder }: { household: ActiveHousehold; holder: UserRow },
  input: ProviderImport,
): Promise<{ importId: string; result: ImportCommitResult } | null> {
  if (input.rows.length === 0) return null;
  const imports = createImportsRepository(tx);
  const record = await imports.insert({
    householdId: household.id,
    userId: holder.id,
    createdBy: null,
    updatedBy: null,
    accountId: input.accountId,
    fileName: input.fileName.slice(0, 200),
    format: input.format,
    encoding: 'utf-8',
    connectionId: input.connectionId,
  });
  await createImportRowsRepository(tx).insert(
    { householdId: household.id, importId: record.id },
    input.rows.map((row, position) => ({
      position,
      cells: null,
      date: row.date,
      name: cleanName(row.name) || cleanName(row.note) || 'Bank transaction',
      amountCents: Math.abs(row.amountCents),
      isIncome: row.amountCents > 0,
      note: cleanNote(row.note),
      fileCategory: null,
      bankId: row.bankId,
      counterparty: null,
      problem: null,
      statement: 0,
    })),
  );
  const statement: StoredImportStatement = {
    name: null,
    identifier: null,
    currency: input.currency,
    type: 'checking',
    rowCount: input.rows.length,
    accountId: input.accountId,
    matchedBy: 'upload',
    suggestedName: '',
    isCreated: false,
  };
  const ready = await imports.update(record.id, {
    statements: [statement],
    status: 'preview',
    rowCount: input.rows.length,
  });
  const analysed = await analyseImport(tx, holder.id, ready);
  if (analysed.newCount + analysed.transferCount === 0) {
    await imports.delete(record.id);
    return null;
  }
  const result = await commitImport(tx, writers, household, holder, record.id, {});
  // The commit names its caller as the import's last editor; here that is the system.
  await imports.update(record.id, { updatedBy: null });
  return { importId: record.id, result };
}
