import {
  ErrorCode,
  isCatalogueCurrency,
  type ImportCommitInput,
  type ImportCommitResult,
} from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { ImportRecord, StoredImportStatement, UserRow } from '../../db/schema';
import { badRequest } from '../../http/app-error';
import type { AccountsService } from '../accounts/accounts-service';
import type { TransactionsService } from '../transactions/transactions-service';
import type { TransfersService } from '../transfers/transfers-service';
import {
  assertTransferAccounts,
  chooseStatementAccounts,
  createStatementAccounts,
} from './commit-accounts';
import { analyseImport } from './import-analysis';
import { createImportCommitRepository } from './import-commit-repository';
import { sourceAppOf } from './import-dto';
import { importAccountOf, importNotFound, notInPreview, scopeOf } from './import-records';
import type { RowChoice } from './import-row-types';
import { createImportRowsRepository } from './import-rows-repository';
import { createImportsRepository } from './imports-repository';
import { assertOneOtherLeg } from './ambiguous-legs';
import { applyOpeningBalances, statementsOf } from './statement-accounts';
import type { ActiveHousehold } from '../households/household-id';

/** The services a commit and an undo write through. */
export interface CommitWriters {
  transactions: TransactionsService;
  transfers: TransfersService;
  accounts: AccountsService;
}

/**
 * Creates the import's transactions in ONE database transaction (`tx`): new rows and included
 * duplicates, with the user's categories and kinds, through the transactions writer (with the
 * import's id and the bank ids), in one statement that moves the rows from import_rows to
 * transactions inside PostgreSQL. Duplicates are found again first: another import of the same
 * file may have been committed since the preview.
 */
export async function commitImport(
  tx: Executor,
  writers: CommitWriters,
  household: ActiveHousehold,
  user: UserRow,
  id: string,
  input: ImportCommitInput,
): Promise<ImportCommitResult> {
  const householdId = household.id;
  const scopedImports = createImportsRepository(tx);
  const locked = await scopedImports.lock(householdId, id);
  if (!locked) throw importNotFound();
  if (locked.status !== 'preview') throw notInPreview(locked);

  const choices = rowChoicesOf(locked, input);
  const statements = await createStatementAccounts(
    tx,
    writers.accounts,
    { household, userId: user.id },
    await chooseStatementAccounts(tx, householdId, statementsOf(locked), input.statements ?? []),
    sourceAppOf(locked) !== null,
  );
  await applyOpeningBalances(tx, writers.accounts, householdId, statements, 1);
  await assertTransferAccounts(tx, householdId, locked.accountId, choices.values());
  await saveRowChoices(tx, locked, choices);

  const chosen = await scopedImports.update(locked.id, {
    accountId: importAccountOf(statements, locked.accountId),
    statements,
  });
  const record = await analyseImport(tx, user.id, chosen);
  assertOneOtherLeg(record.ambiguous, record.firstRow);
  const result = await writeRows(tx, writers, user, record, statements);
  await scopedImports.update(record.id, {
    status: 'committed',
    createdCount: result.created,
    committedAt: new Date(),
    updatedBy: user.id,
  });
  if (record.headerKey && record.mapping) {
    await scopedImports.saveMapping(
      { householdId, userId: user.id },
      record.headerKey,
      record.mapping,
    );
  }
  return result;
}

/** The user's choices for rows, by position. */
function rowChoicesOf(record: ImportRecord, input: ImportCommitInput): Map<number, RowChoice> {
  const choices = new Map<number, RowChoice>();
  for (const choice of input.rows ?? []) {
    const position = choice.index + record.firstRow;
    choices.set(position, {
      position,
      include: choice.include ?? null,
      category: choice.category?.trim() || null,
      isIncome: choice.isIncome ?? null,
      transferAccountId: choice.transferAccountId,
    });
  }
  return choices;
}

/** Stores the choices; a row the import lacks, or a category for a split row, is refused. */
async function saveRowChoices(
  tx: Executor,
  record: ImportRecord,
  choices: Map<number, RowChoice>,
): Promise<void> {
  const saved = await createImportRowsRepository(tx).saveChoices(scopeOf(record), [
    ...choices.values(),
  ]);
  const missing = [...choices.keys()].find((position) => !saved.positions.has(position));
  if (missing !== undefined) {
    throw badRequest(
      `Row ${missing - record.firstRow + 1} does not exist: this import has ${record.rowCount} rows.`,
      ErrorCode.NO_SUCH_ROW,
    );
  }
  // A split row's category is its largest part's (docs/api.md, Transaction): one category for
  // it would contradict the parts the file gives, so it is refused (the whole commit changes
  // nothing).
  const [recategorised] = saved.recategorisedSplits;
  if (recategorised !== undefined) {
    throw badRequest(
      `Row ${recategorised - record.firstRow + 1} is split in the file: its parts keep their own categories.`,
      ErrorCode.VALIDATION,
    );
  }
}

/** Writes the transactions and transfers of the analysed import; answers what it did. */
async function writeRows(
  tx: Executor,
  writers: CommitWriters,
  user: UserRow,
  record: ImportRecord,
  statements: StoredImportStatement[],
): Promise<ImportCommitResult> {
  const commitRows = createImportCommitRepository(tx);
  const accounts = statements.map((statement) => statement.accountId!);
  const transferRows = await commitRows.transfersToCommit(scopeOf(record), accounts);
  // A row's chosen transfer account may be its own statement's in a multi-account file.
  if (transferRows.some((row) => row.transferAccountId === row.accountId)) {
    throw badRequest(
      "A transfer moves money to another account: choose an account other than the row's statement's.",
      ErrorCode.TRANSFER_TO_SAME_ACCOUNT,
    );
  }
  const decisions = await commitRows.decideForCommit(scopeOf(record));
  const hasSplits = await commitRows.hasSplits(scopeOf(record));
  const created = await createImportRowsRepository(tx).withHashJoins(() =>
    writers.transactions.createFrom(
      commitRows.commitSource(
        user.id,
        {
          accounts,
          // The file's currency for each statement (OFX CURDEF), when Moneta knows it.
          currencies: statements.map((statement) =>
            statement.currency && isCatalogueCurrency(statement.currency)
              ? statement.currency
              : null,
          ),
          householdId: scopeOf(record).householdId,
          createdBy: record.createdBy,
          importId: record.id,
          firstRow: record.firstRow,
          hasSplits,
        },
        decisions,
      ),
      { tx },
    ),
  );
  const { householdId } = scopeOf(record);
  const transfers = await writers.transfers.recordImported(
    tx,
    householdId,
    user.id,
    record.id,
    transferRows,
  );
  await writers.transfers.adoptBankDates(tx, householdId, scopeOf(record));
  const skipped = await commitRows.skipped(scopeOf(record));
  return {
    created,
    skippedDuplicates: skipped.duplicates,
    skippedProblems: skipped.problems,
    skippedExcluded: skipped.excluded,
    transfers,
  };
}
