import { prefersMonthFirst, type ImportMapping } from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import type { ImportRecord, UserRow } from '../../db/schema';
import { createAccountsReader } from '../accounts/accounts-reader';
import { createImportRowsRepository } from './import-rows-repository';
import { createImportsRepository } from './imports-repository';
import { readCsvRow } from './reading/csv-rows';
import type { FileStatement } from './reading/file-statement';
import type { ReadRow } from './reading/read-row';
import { readUploadOffThread } from './reading/read-upload-off-thread';
import { defaultHouseholdOf } from '../households/default-household';

/** Records read back at a time when a CSV is read again with another mapping. */
const REREAD_BATCH = 5000;

/** A file read into an import that is not visible yet, with the accounts' statements in it. */
export interface StagedUpload {
  record: ImportRecord;
  statements: FileStatement[];
  /** The import's account is the one the file names by its identifier. */
  isNamed: boolean;
  /** Another app's export: its statements are the accounts it names (statementAccounts). */
  isAppExport: boolean;
}

/** An uploaded file as it arrives: its name and its bytes. */
export interface UploadedFile {
  fileName: string;
  chunks: AsyncIterable<Buffer>;
}

/**
 * Writes batches in order while the next one is being read: at most one insert in flight, so
 * parsing and the database work side by side and memory holds two batches at most.
 */
function pipelinedWriter(write: (rows: ReadRow[]) => Promise<void>) {
  let inFlight: Promise<void> = Promise.resolve();
  return {
    async write(rows: ReadRow[]) {
      await inFlight;
      if (rows.length === 0) return;
      inFlight = write(rows);
      // Awaited by the next write or by `flush`; a failure must not count as unhandled meanwhile.
      inFlight.catch(() => undefined);
    },
    flush: () => inFlight,
    /** Waits for the insert in flight to end, whatever its outcome. */
    settle: () => inFlight.catch(() => undefined),
  };
}

/** A display name without paths or control characters. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'statement';
}

/**
 * Reads a CSV's records again through another mapping (no new upload: the cells are kept),
 * all of them or those before position `upTo`.
 */
export async function rereadCsv(
  db: Executor,
  record: Pick<ImportRecord, 'id'>,
  layout: { firstRow: number; columns: string[]; mapping: ImportMapping },
  upTo = Number.MAX_SAFE_INTEGER,
): Promise<void> {
  const rows = createImportRowsRepository(db);
  for (let after = layout.firstRow - 1; after < upTo - 1;) {
    const limit = Math.min(REREAD_BATCH, upTo - 1 - after);
    const records = await rows.cells(record.id, { after, limit });
    if (records.length === 0) return;
    await rows.reread(
      record.id,
      records.map(({ position, cells }) =>
        readCsvRow(cells, layout.mapping, layout.columns, position, position - layout.firstRow),
      ),
    );
    after = records.at(-1)!.position;
  }
}

/** The first of the user's accounts that carries one of the file's identifiers, if any. */
async function findNamedAccount(
  db: Executor,
  userId: string,
  identifiers: string[],
): Promise<string | undefined> {
  const accounts = createAccountsReader(db);
  for (const identifier of identifiers) {
    const found = await accounts.findByIdentifier(
      (await defaultHouseholdOf(db, userId)).id,
      identifier,
    );
    if (found) return found;
  }
  return undefined;
}

/**
 * Reads an uploaded file into a new import, batch by batch as it arrives, without holding a
 * database transaction open while the client sends it (a slow upload must not hold a
 * connection): the import stays `uploading`, invisible, until `finish`. A failure removes it.
 */
export async function stageUpload(
  db: Database,
  user: UserRow,
  file: UploadedFile,
  accountId: string | undefined,
): Promise<StagedUpload> {
  const imports = createImportsRepository(db);
  const rows = createImportRowsRepository(db);
  await imports.deleteStaleUploads();
  const householdId = (await defaultHouseholdOf(db, user.id)).id;
  const account = accountId ?? (await createAccountsReader(db).defaultId(householdId));
  const record = await imports.insert({
    userId: user.id,
    accountId: account!,
    fileName: safeFileName(file.fileName),
    // Decided by the bytes below; the row is invisible until then.
    format: 'csv',
    encoding: 'utf-8',
  });
  const writer = pipelinedWriter((batch) => rows.insert(record.id, batch));
  try {
    const reading = await readUploadOffThread(file.chunks, {
      monthFirst: prefersMonthFirst(user),
      isCardAccount: (await createAccountsReader(db).typeOf(householdId, account!)) === 'credit',
      rememberedMapping: (headerKey) => imports.findMapping(user.id, headerKey),
      write: writer.write,
    });
    await writer.flush();
    const csv = reading.csv;
    if (csv?.rereadUpTo !== undefined) {
      // The first rows read both ways (01/03 … 12/03) until one settled it: read them again.
      await rereadCsv(db, record, csv, csv.rereadUpTo);
    }
    // Without a chosen account, a file that names one of the user's accounts goes there.
    const named = accountId
      ? undefined
      : await findNamedAccount(db, user.id, reading.accountIdentifiers);
    const staged = await imports.update(record.id, {
      ...(named ? { accountId: named } : {}),
      format: reading.format,
      encoding: reading.encoding,
      delimiter: csv?.delimiter ?? null,
      // An app's export keeps its header (the app is known by it) and has no mapping.
      columns: csv?.columns ?? reading.app?.columns ?? null,
      mapping: csv?.mapping ?? null,
      headerKey: csv?.headerKey ?? null,
      firstRow: csv?.firstRow ?? 0,
      rowCount: reading.rowCount,
    });
    return {
      record: staged,
      statements: reading.statements,
      isNamed: named !== undefined,
      isAppExport: reading.app !== undefined,
    };
  } catch (error) {
    await writer.settle();
    await imports.delete(record.id);
    throw error;
  }
}
