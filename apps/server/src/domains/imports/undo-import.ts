import { ErrorCode, type ImportUndoResult } from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { ImportRecord, StoredImportStatement } from '../../db/schema';
import { conflict } from '../../http/app-error';
import type { AccountsService } from '../accounts/accounts-service';
import { tookOverDefault } from './default-account';
import type { CommitWriters } from './commit-import';
import { importNotFound } from './import-records';
import { createImportsRepository } from './imports-repository';
import { applyOpeningBalances, statementsOf } from './statement-accounts';
import type { HouseholdId } from '../households/household-id';

/**
 * Undo, in the database transaction `tx`: deletes the transactions and transfers the import
 * created (none for a preview), and the accounts it created if they then hold nothing (no
 * transaction, transfer or import); the default account it took over becomes the default again.
 */
export async function undoImport(
  tx: Executor,
  writers: CommitWriters,
  householdId: HouseholdId,
  userId: string,
  id: string,
): Promise<ImportUndoResult> {
  const scopedImports = createImportsRepository(tx);
  const record = await scopedImports.lock(householdId, id);
  if (!record) throw importNotFound();
  if (record.status === 'undone') {
    throw conflict('This import has been undone already.', ErrorCode.IMPORT_UNDONE);
  }
  // Transfers first: one may put back a transaction it replaced.
  const deleted =
    record.status === 'committed'
      ? (await writers.transfers.undoImport(tx, householdId, record.id)) +
        (await writers.transactions.removeByImport(householdId, record.id, { tx }))
      : 0;
  const statements = statementsOf(record).map((statement) => ({ ...statement }));
  if (record.status === 'committed') {
    await applyOpeningBalances(tx, writers.accounts, householdId, statements, -1);
  }
  const accounts = await removeCreatedAccounts(
    tx,
    writers.accounts,
    householdId,
    record,
    statements,
  );
  await scopedImports.update(record.id, {
    status: 'undone',
    updatedBy: userId,
    ...(record.statements.length > 0 ? { statements } : {}),
  });
  return { deleted, ...accounts };
}

/** What an undo did with an account the import created. */
type Outcome = 'removed' | 'restored' | 'kept';

/**
 * Removes each account the import created that holds nothing, and gives back the default
 * account it took over; their statements then have no account. Answers the accounts removed
 * and those kept (they hold something else now); a default account given back is neither.
 */
async function removeCreatedAccounts(
  tx: Executor,
  accounts: AccountsService,
  householdId: HouseholdId,
  record: ImportRecord,
  statements: StoredImportStatement[],
) {
  // Two statements of one account (sameAccount) share the account created for them.
  const outcomes = new Map<string, Outcome>();
  for (const statement of statements) {
    if (!statement.isCreated || !statement.accountId) continue;
    let outcome = outcomes.get(statement.accountId);
    if (!outcome) {
      outcome = await settleAccount(tx, accounts, householdId, record, statement);
      outcomes.set(statement.accountId, outcome);
    }
    if (outcome !== 'kept') statement.accountId = null;
  }
  const withOutcome = (wanted: Outcome) =>
    [...outcomes].filter(([, outcome]) => outcome === wanted).map(([accountId]) => accountId);
  return { removedAccountIds: withOutcome('removed'), keptAccountIds: withOutcome('kept') };
}

async function settleAccount(
  tx: Executor,
  accounts: AccountsService,
  householdId: HouseholdId,
  record: ImportRecord,
  statement: StoredImportStatement,
): Promise<Outcome> {
  const accountId = statement.accountId!;
  if (tookOverDefault(record, statement)) {
    return (await accounts.restoreDefault(tx, householdId, accountId)) ? 'restored' : 'kept';
  }
  return (await accounts.removeIfEmpty(tx, householdId, accountId)) ? 'removed' : 'kept';
}
