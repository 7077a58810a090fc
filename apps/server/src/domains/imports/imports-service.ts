import {
  ErrorCode,
  type Import,
  IMPORT_PREVIEW_ROWS,
  type ImportCommitInput,
  type ImportCommitResult,
  type ImportRowsPage,
  type ImportRowStatus,
  type ImportSummary,
  type ImportUndoResult,
  type ValidImportMappingInput,
} from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import type { ImportRecord, UserRow } from '../../db/schema';
import { badRequest } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { assertOwnAccount, type AccountsService } from '../accounts/accounts-service';
import type { TransactionsService } from '../transactions/transactions-service';
import type { TransfersService } from '../transfers/transfers-service';
import { changeMapping } from './change-mapping';
import { commitImport } from './commit-import';
import { analyseImport } from './import-analysis';
import { toImportDto, toImportRowDto, toImportSummaryDto } from './import-dto';
import { importAccountOf, importNotFound, scopeOf } from './import-records';
import { createImportRowsRepository } from './import-rows-repository';
import { createImportsRepository } from './imports-repository';
import { stageUpload, type StagedUpload, type UploadedFile } from './stage-upload';
import { statementAccounts, statementCurrencies } from './statement-accounts';
import { undoImport } from './undo-import';
import type { ActiveHousehold, HouseholdId } from '../households/household-id';

/** The import list shows the newest imports, at most this many. */
const LIST_LIMIT = 200;

/** One part of a multipart upload, as the route hands it over. */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | ({ kind: 'file'; name: string; skip(): void } & UploadedFile);

/**
 * Imports of bank files (docs/architecture.md, Imports): upload → preview (rows kept in the
 * database, so that paging, a new mapping and the commit work across requests and instances) →
 * commit in one database transaction through the transactions writer → undo. Each step's work
 * is its own module (domains/imports/README.md); this service opens the transactions.
 */
export function createImportsService(
  db: Database,
  transactions: TransactionsService,
  transfers: TransfersService,
  accounts: AccountsService,
) {
  const imports = createImportsRepository(db);
  const rows = createImportRowsRepository(db);
  const writers = { transactions, transfers, accounts };

  async function withPreview(record: ImportRecord, executor: Executor = db): Promise<Import> {
    const preview = await createImportRowsRepository(executor).page(scopeOf(record), {
      limit: IMPORT_PREVIEW_ROWS,
      offset: 0,
    });
    return toImportDto(record, preview, await statementCurrencies(executor, record));
  }

  async function found(householdId: HouseholdId, id: string): Promise<ImportRecord> {
    if (!isId(id)) throw importNotFound();
    const record = await imports.find(householdId, id);
    if (!record) throw importNotFound();
    return record;
  }

  return {
    /**
     * Reads the upload's parts in order: an `accountId` field (before or after the file) and
     * the file itself. Nothing is visible until the whole file is read and analysed; any
     * failure removes what was stored.
     */
    async upload(
      householdId: HouseholdId,
      user: UserRow,
      parts: AsyncIterable<UploadPart>,
    ): Promise<Import> {
      let accountId: string | undefined;
      let staged: StagedUpload | undefined;
      try {
        for await (const part of parts) {
          if (part.kind === 'field') {
            if (part.name === 'accountId' && part.value.trim() !== '') {
              accountId = part.value.trim();
              await assertOwnAccount(db, householdId, accountId);
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
          staged = await stageUpload(db, householdId, user, part, accountId);
        }
        if (!staged) throw badRequest('Please choose a file to import.', ErrorCode.NO_FILE);
        const { record, statements: file, isNamed, isAppExport } = staged;
        return await db.transaction(async (tx) => {
          const importAccountId = accountId ?? record.accountId;
          const statements = await statementAccounts(tx, householdId, file, {
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
          return withPreview(await analyseImport(tx, user.id, ready), tx);
        });
      } catch (error) {
        if (staged) await imports.delete(staged.record.id);
        throw error;
      }
    },

    async list(householdId: HouseholdId): Promise<ImportSummary[]> {
      return (await imports.list(householdId, LIST_LIMIT)).map(toImportSummaryDto);
    },

    async get(householdId: HouseholdId, id: string): Promise<Import> {
      return withPreview(await found(householdId, id));
    },

    async rows(
      householdId: HouseholdId,
      id: string,
      query: { page: number; limit: number; status?: ImportRowStatus | undefined },
    ): Promise<ImportRowsPage> {
      const record = await found(householdId, id);
      const total = query.status
        ? {
            new: record.newCount,
            duplicate: record.duplicateCount,
            problem: record.problemCount,
            transfer: record.transferCount,
          }[query.status]
        : record.rowCount;
      const page = await rows.page(scopeOf(record), {
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
      householdId: HouseholdId,
      user: UserRow,
      id: string,
      input: ValidImportMappingInput,
    ): Promise<Import> {
      if (!isId(id)) throw importNotFound();
      return db.transaction(async (tx) =>
        withPreview(await changeMapping(tx, householdId, user, id, input), tx),
      );
    },

    /** Commits the import in one database transaction (commit-import.ts). */
    async commit(
      household: ActiveHousehold,
      user: UserRow,
      id: string,
      input: ImportCommitInput,
    ): Promise<ImportCommitResult> {
      if (!isId(id)) throw importNotFound();
      return db.transaction((tx) => commitImport(tx, writers, household, user, id, input));
    },

    /** Undoes the import in one database transaction (undo-import.ts). */
    async undo(householdId: HouseholdId, userId: string, id: string): Promise<ImportUndoResult> {
      if (!isId(id)) throw importNotFound();
      return db.transaction((tx) => undoImport(tx, writers, householdId, userId, id));
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
