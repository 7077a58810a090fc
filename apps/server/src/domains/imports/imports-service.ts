import {
  ErrorCode,
  type Import,
  IMPORT_PREVIEW_ROWS,
  isCatalogueCurrency,
  OTHER_APP_NAMES,
  prefersMonthFirst,
  type ImportCommitInput,
  type ImportCommitResult,
  type ImportMapping,
  type ImportRowsPage,
  type ImportRowStatus,
  type ImportSummary,
  type ImportUndoResult,
  type ValidImportMappingInput,
} from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import type { ImportRecord, StoredImportStatement, UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { createAccountsRepository } from '../accounts/accounts-repository';
import { assertOwnAccount, insertAccount, removeIfEmpty } from '../accounts/accounts-service';
import type { TransactionsService } from '../transactions/transactions-service';
import type { TransfersService } from '../transfers/transfers-service';
import { sourceAppOf, toImportDto, toImportRowDto, toImportSummaryDto } from './import-dto';
import {
  createImportRowsRepository,
  type RowChoice,
  type StatementAccounts,
} from './import-rows-repository';
import { createImportsRepository } from './imports-repository';
import { headerKeyOf, fitsColumns } from './reading/read-upload';
import { rereadCsv, stageUpload, type StagedUpload, type UploadedFile } from './stage-upload';
import {
  applyOpeningBalances,
  sameAccount,
  statementAccounts,
  statementCurrencies,
  statementsOf,
} from './statement-accounts';
import { mappingForHeader } from './header-mapping';
import { assertOneOtherLeg, type AmbiguousLeg } from './other-leg-candidates';

/** The import list shows the newest imports, at most this many. */
const LIST_LIMIT = 200;

/** One part of a multipart upload, as the route hands it over. */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | ({ kind: 'file'; name: string; skip(): void } & UploadedFile);

const importNotFound = () => notFound('Import not found.', ErrorCode.IMPORT_NOT_FOUND);

function notInPreview(record: ImportRecord) {
  return conflict(
    record.status === 'committed'
      ? 'This import has been committed already.'
      : 'This import was undone. Upload the file again to import it.',
    ErrorCode.IMPORT_NOT_IN_PREVIEW,
  );
}

const scopeOf = (record: ImportRecord) => ({ importId: record.id, firstRow: record.firstRow });

/**
 * A statement whose account the commit creates is classified against this id, which no account
 * has: its rows are duplicates of nothing, and every account of the user's is another account.
 */
const NO_ACCOUNT_YET = '00000000-0000-0000-0000-000000000000';

const accountsOf = (record: ImportRecord): StatementAccounts =>
  statementsOf(record).map((statement) => statement.accountId);

/**
 * The import's own account: that of its first statement that goes to an account the import
 * does not create (an undo may remove those, and the import must stay in the history).
 */
function importAccountOf(statements: StoredImportStatement[], fallback: string): string {
  return (
    statements.find((statement) => statement.accountId && !statement.isCreated)?.accountId ??
    fallback
  );
}

/**
 * The statements with the user's choices at commit applied, new accounts still null: each named
 * key must be one of the file's (400 otherwise), each account one of the user's (404).
 */
async function chooseStatementAccounts(
  tx: Executor,
  userId: string,
  statements: StoredImportStatement[],
  choices: NonNullable<ImportCommitInput['statements']>,
): Promise<StoredImportStatement[]> {
  const chosen = statements.map((statement) => ({ ...statement }));
  // An account matched at upload may have been deleted since: its statement goes to a new one.
  const accounts = createAccountsRepository(tx);
  for (const statement of chosen) {
    if (statement.accountId && !(await accounts.isOwn(userId, statement.accountId))) {
      statement.accountId = null;
      statement.matchedBy = null;
    }
  }
  for (const choice of choices) {
    const statement = chosen[choice.key];
    if (!statement) {
      throw badRequest(
        `The file has no statement ${choice.key}: its statements are 0 to ${statements.length - 1}.`,
        ErrorCode.NO_SUCH_STATEMENT,
      );
    }
    if (choice.accountId !== null) await assertOwnAccount(tx, userId, choice.accountId);
    statement.accountId = choice.accountId;
    statement.matchedBy = choice.accountId === null ? null : 'choice';
    if (choice.name !== undefined) statement.suggestedName = choice.name;
  }
  return chosen;
}

/**
 * Creates the accounts of the statements that go to new ones, with the statement's type and
 * identifier (unless another account carries it: an identifier names one account).
 */
async function createStatementAccounts(
  tx: Executor,
  userId: string,
  statements: StoredImportStatement[],
): Promise<StoredImportStatement[]> {
  const accounts = createAccountsRepository(tx);
  for (const [index, statement] of statements.entries()) {
    if (statement.accountId) continue;
    // A later statement of the same account (sameAccount) goes to the one made for the first.
    const earlier = statements
      .slice(0, index)
      .find((other) => other.isCreated && sameAccount(other, statement));
    if (earlier) {
      statement.accountId = earlier.accountId;
      statement.isCreated = true;
      continue;
    }
    const identifier = statement.identifier;
    const isFree =
      identifier !== null && (await accounts.holdingIdentifiers(userId, [identifier])).length === 0;
    statement.accountId = await insertAccount(tx, userId, {
      name: statement.suggestedName,
      type: statement.type,
      openingBalance: 0,
      identifiers: isFree ? [identifier] : [],
      // The statement's currency (OFX CURDEF) when it is one Moneta knows; else the base.
      ...(statement.currency && isCatalogueCurrency(statement.currency)
        ? { currency: statement.currency }
        : {}),
    });
    statement.isCreated = true;
  }
  return statements;
}

/**
 * The accounts the user chose rows to be transfers to must be theirs (else 404, like any id
 * of someone else's) and not the import's own account (400).
 */
async function assertTransferAccounts(
  tx: Executor,
  userId: string,
  importAccountId: string,
  choices: Iterable<RowChoice>,
): Promise<void> {
  const chosen = new Set<string>();
  for (const choice of choices) if (choice.transferAccountId) chosen.add(choice.transferAccountId);
  for (const accountId of chosen) {
    if (accountId === importAccountId) {
      throw badRequest(
        "A transfer moves money to another account: choose an account other than the import's.",
        ErrorCode.TRANSFER_TO_SAME_ACCOUNT,
      );
    }
    await assertOwnAccount(tx, userId, accountId);
  }
}

/**
 * Imports of bank files (docs/architecture.md, Imports): upload → preview (rows kept in the
 * database, so that paging, a new mapping and the commit work across requests and instances) →
 * commit in one database transaction through the transactions writer → undo.
 */
export function createImportsService(
  db: Database,
  transactions: TransactionsService,
  transfers: TransfersService,
) {
  const imports = createImportsRepository(db);
  const rows = createImportRowsRepository(db);

  /**
   * Duplicates against the account, and the counts, over the whole import. Run after every
   * change: upload, new mapping, and again at commit, since the ledger (and the rules, whose
   * new names count) may have changed since the preview.
   */
  async function analyse(tx: Executor, userId: string, record: ImportRecord) {
    const scoped = createImportRowsRepository(tx);
    const accounts = accountsOf(record);
    const currencies = statementsOf(record).map((statement) =>
      statement.currency && isCatalogueCurrency(statement.currency) ? statement.currency : null,
    );
    const ambiguous: AmbiguousLeg[] = [];
    for (const [key, accountId] of accounts.entries()) {
      const found = await scoped.classify(
        userId,
        accountId ?? NO_ACCOUNT_YET,
        scopeOf(record),
        key,
        currencies[key] ?? null,
      );
      ambiguous.push(...found);
    }
    await scoped.pairAcrossStatements(
      userId,
      scopeOf(record),
      accounts,
      statementsOf(record).map((statement) => statement.currency),
    );
    const counts = await scoped.countByStatus(scopeOf(record));
    const analysed = await createImportsRepository(tx).update(record.id, {
      newCount: counts.new,
      duplicateCount: counts.duplicate,
      problemCount: counts.problem,
      transferCount: counts.transfer,
      transferPairCount: counts.transferPairs,
      rowCount: counts.new + counts.duplicate + counts.problem + counts.transfer,
    });
    return Object.assign(analysed, { ambiguous });
  }

  async function withPreview(record: ImportRecord, executor: Executor = db): Promise<Import> {
    const preview = await createImportRowsRepository(executor).page(
      record.userId,
      scopeOf(record),
      {
        limit: IMPORT_PREVIEW_ROWS,
        offset: 0,
      },
    );
    return toImportDto(record, preview, await statementCurrencies(executor, record));
  }

  async function found(userId: string, id: string): Promise<ImportRecord> {
    if (!isId(id)) throw importNotFound();
    const record = await imports.find(userId, id);
    if (!record) throw importNotFound();
    return record;
  }

  return {
    /**
     * Reads the upload's parts in order: an `accountId` field (before or after the file) and
     * the file itself. Nothing is visible until the whole file is read and analysed; any
     * failure removes what was stored.
     */
    async upload(user: UserRow, parts: AsyncIterable<UploadPart>): Promise<Import> {
      let accountId: string | undefined;
      let staged: StagedUpload | undefined;
      try {
        for await (const part of parts) {
          if (part.kind === 'field') {
            if (part.name === 'accountId' && part.value.trim() !== '') {
              accountId = part.value.trim();
              await assertOwnAccount(db, user.id, accountId);
            }
            continue;
          }
          if (part.name !== 'file') {
            part.skip();
            throw badRequest('Send the file in the field named "file".', ErrorCode.WRONG_FIELD);
          }
          if (staged) {
            part.skip();
            continue;
          }
          staged = await stageUpload(db, user, part, accountId);
        }
        if (!staged) throw badRequest('Please choose a file to import.', ErrorCode.NO_FILE);
        const { record, statements: file, isNamed, isAppExport } = staged;
        return await db.transaction(async (tx) => {
          const importAccountId = accountId ?? record.accountId;
          const statements = await statementAccounts(tx, user.id, file, {
            chosenAccountId: accountId,
            importAccountId,
            isNamed,
            byName: isAppExport,
          });
          const ready = await createImportsRepository(tx).update(record.id, {
            accountId: importAccountOf(statements, importAccountId),
            statements,
            status: 'preview',
          });
          return withPreview(await analyse(tx, user.id, ready), tx);
        });
      } catch (error) {
        if (staged) await imports.delete(staged.record.id);
        throw error;
      }
    },

    async list(userId: string): Promise<ImportSummary[]> {
      return (await imports.list(userId, LIST_LIMIT)).map(toImportSummaryDto);
    },

    async get(userId: string, id: string): Promise<Import> {
      return withPreview(await found(userId, id));
    },

    async rows(
      userId: string,
      id: string,
      query: { page: number; limit: number; status?: ImportRowStatus | undefined },
    ): Promise<ImportRowsPage> {
      const record = await found(userId, id);
      const total = query.status
        ? {
            new: record.newCount,
            duplicate: record.duplicateCount,
            problem: record.problemCount,
            transfer: record.transferCount,
          }[query.status]
        : record.rowCount;
      const page = await rows.page(userId, scopeOf(record), {
        status: query.status,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const currencies = await statementCurrencies(db, record);
      return {
        rows: page.map((row) => toImportRowDto(row, record.firstRow, currencies)),
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
        currentPage: query.page,
        total,
      };
    },

    /**
     * Reads a CSV import again through a new mapping (the cells are kept: no new upload) and
     * remembers the mapping for the bank's header. `skipRows` may move the header.
     */
    async changeMapping(
      user: UserRow,
      id: string,
      input: ValidImportMappingInput,
    ): Promise<Import> {
      if (!isId(id)) throw importNotFound();
      return db.transaction(async (tx) => {
        const scopedImports = createImportsRepository(tx);
        const record = await scopedImports.lock(user.id, id);
        if (!record) throw importNotFound();
        if (record.format !== 'csv' || !record.columns) {
          throw badRequest('Only CSV imports have a column mapping.', ErrorCode.NOT_CSV);
        }
        const app = sourceAppOf(record);
        if (app) {
          // Read by the app's own columns: a mapping would lose its accounts and transfers.
          throw badRequest(
            `This file is an export of ${OTHER_APP_NAMES[app]}, read by its own columns: it has no column mapping.`,
            ErrorCode.NOT_CSV,
          );
        }
        if (record.status !== 'preview') throw notInPreview(record);
        const skipRows = input.skipRows ?? record.firstRow - 1;
        let columns = record.columns;
        if (skipRows !== record.firstRow - 1) {
          const header = await createImportRowsRepository(tx).recordAt(record.id, skipRows);
          if (!header) {
            throw badRequest(
              `The file has no line ${skipRows + 1} to use as the header.`,
              ErrorCode.BAD_SKIP_ROWS,
            );
          }
          columns = header.map((cell) => cell.trim());
        }
        // Another header line: its columns are detected again, as at upload.
        const mapping: ImportMapping =
          skipRows === record.firstRow - 1
            ? { ...input, skipRows }
            : await mappingForHeader(
                tx,
                record.id,
                { skipRows, columns },
                {
                  monthFirst: prefersMonthFirst(user),
                  delimiter: record.delimiter ?? ',',
                  isCardAccount:
                    (await createAccountsRepository(tx).typeOf(user.id, record.accountId)) ===
                    'credit',
                },
              );
        if (!fitsColumns(mapping, columns.length)) {
          throw badRequest(
            `The mapping names a column the file does not have: it has ${columns.length} columns (0 to ${columns.length - 1}).`,
            ErrorCode.NO_SUCH_COLUMN,
          );
        }
        const layout = { firstRow: skipRows + 1, columns, mapping };
        await rereadCsv(tx, record, layout);
        const headerKey = headerKeyOf(columns);
        const changed = await scopedImports.update(record.id, { ...layout, headerKey });
        const analysed = await analyse(tx, user.id, changed);
        if (analysed.rowCount === 0) {
          throw badRequest('There are no rows after that header line.', ErrorCode.NO_ROWS);
        }
        await scopedImports.saveMapping(user.id, headerKey, mapping);
        return withPreview(analysed, tx);
      });
    },

    /**
     * Creates the import's transactions in ONE database transaction: new rows and included
     * duplicates, with the user's categories and kinds, through the transactions writer
     * (with the import's id and the bank ids), in one statement that moves the rows from
     * import_rows to transactions inside PostgreSQL. Duplicates are found again first: another
     * import of the same file may have been committed since the preview.
     */
    async commit(user: UserRow, id: string, input: ImportCommitInput): Promise<ImportCommitResult> {
      if (!isId(id)) throw importNotFound();
      return db.transaction(async (tx) => {
        const scopedImports = createImportsRepository(tx);
        const scopedRows = createImportRowsRepository(tx);
        const locked = await scopedImports.lock(user.id, id);
        if (!locked) throw importNotFound();
        if (locked.status !== 'preview') throw notInPreview(locked);

        const choices = new Map<number, RowChoice>();
        for (const choice of input.rows ?? []) {
          const position = choice.index + locked.firstRow;
          choices.set(position, {
            position,
            include: choice.include ?? null,
            category: choice.category?.trim() || null,
            isIncome: choice.isIncome ?? null,
            transferAccountId: choice.transferAccountId,
          });
        }
        const statements = await createStatementAccounts(
          tx,
          user.id,
          await chooseStatementAccounts(tx, user.id, statementsOf(locked), input.statements ?? []),
        );
        const accounts = statements.map((statement) => statement.accountId!);
        await applyOpeningBalances(tx, user.id, statements, 1);
        await assertTransferAccounts(tx, user.id, locked.accountId, choices.values());
        const saved = await scopedRows.saveChoices(scopeOf(locked), [...choices.values()]);
        const missing = [...choices.keys()].find((position) => !saved.positions.has(position));
        if (missing !== undefined) {
          throw badRequest(
            `Row ${missing - locked.firstRow + 1} does not exist: this import has ${locked.rowCount} rows.`,
            ErrorCode.NO_SUCH_ROW,
          );
        }
        // A split row's category is its largest part's (docs/api.md, Transaction): one category for
        // it would contradict the parts the file gives, so it is refused (the whole commit changes
        // nothing).
        const [recategorised] = saved.recategorisedSplits;
        if (recategorised !== undefined) {
          throw badRequest(
            `Row ${recategorised - locked.firstRow + 1} is split in the file: its parts keep their own categories.`,
            ErrorCode.VALIDATION,
          );
        }

        const chosen = await scopedImports.update(locked.id, {
          accountId: importAccountOf(statements, locked.accountId),
          statements,
        });
        const record = await analyse(tx, user.id, chosen);
        assertOneOtherLeg(record.ambiguous, record.firstRow);
        const transferRows = await scopedRows.transfersToCommit(scopeOf(record), accounts);
        // A row's chosen transfer account may be its own statement's in a multi-account file.
        if (transferRows.some((row) => row.transferAccountId === row.accountId)) {
          throw badRequest(
            "A transfer moves money to another account: choose an account other than the row's statement's.",
            ErrorCode.TRANSFER_TO_SAME_ACCOUNT,
          );
        }
        const decisions = await scopedRows.decideForCommit(user.id, scopeOf(record));
        const hasSplits = await scopedRows.hasSplits(scopeOf(record));
        const created = await scopedRows.withHashJoins(() =>
          transactions.createFrom(
            scopedRows.commitSource(
              user.id,
              {
                accounts,
                // The file's currency for each statement (OFX CURDEF), when Moneta knows it.
                currencies: statements.map((statement) =>
                  statement.currency && isCatalogueCurrency(statement.currency)
                    ? statement.currency
                    : null,
                ),
                importId: record.id,
                firstRow: record.firstRow,
                hasSplits,
              },
              decisions,
            ),
            { tx },
          ),
        );
        const transfersMade = await transfers.recordImported(tx, user.id, record.id, transferRows);
        await transfers.adoptBankDates(tx, user.id, scopeOf(record));
        const skipped = await scopedRows.skipped(scopeOf(record));
        await scopedImports.update(record.id, {
          status: 'committed',
          createdCount: created,
          committedAt: new Date(),
        });
        if (record.headerKey && record.mapping) {
          await scopedImports.saveMapping(user.id, record.headerKey, record.mapping);
        }
        return {
          created,
          skippedDuplicates: skipped.duplicates,
          skippedProblems: skipped.problems,
          skippedExcluded: skipped.excluded,
          transfers: transfersMade,
        };
      });
    },

    /**
     * Undo: deletes the transactions and transfers the import created (none for a preview), and
     * the accounts it created if they then hold nothing (no transaction, transfer or import).
     */
    async undo(userId: string, id: string): Promise<ImportUndoResult> {
      if (!isId(id)) throw importNotFound();
      return db.transaction(async (tx) => {
        const scopedImports = createImportsRepository(tx);
        const record = await scopedImports.lock(userId, id);
        if (!record) throw importNotFound();
        if (record.status === 'undone') {
          throw conflict('This import has been undone already.', ErrorCode.IMPORT_UNDONE);
        }
        // Transfers first: one may put back a transaction it replaced.
        const deleted =
          record.status === 'committed'
            ? (await transfers.undoImport(tx, userId, record.id)) +
              (await transactions.removeByImport(userId, record.id, { tx }))
            : 0;
        const removedAccountIds: string[] = [];
        const keptAccountIds: string[] = [];
        const statements = statementsOf(record).map((statement) => ({ ...statement }));
        if (record.status === 'committed') {
          await applyOpeningBalances(tx, userId, statements, -1);
        }
        for (const statement of statements) {
          if (!statement.isCreated || !statement.accountId) continue;
          // Two statements of one account (sameAccount) share the account created for them.
          if (removedAccountIds.includes(statement.accountId)) {
            statement.accountId = null;
            continue;
          }
          if (keptAccountIds.includes(statement.accountId)) continue;
          if (await removeIfEmpty(tx, userId, statement.accountId)) {
            removedAccountIds.push(statement.accountId);
            statement.accountId = null;
          } else {
            keptAccountIds.push(statement.accountId);
          }
        }
        await scopedImports.update(record.id, {
          status: 'undone',
          ...(record.statements.length > 0 ? { statements } : {}),
        });
        return { deleted, removedAccountIds, keptAccountIds };
      });
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
