import type { Readable } from 'node:stream';
import {
  EXPORT_ENTITY_FILES,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  isSupportedLocale,
  type ExportEntity,
  type ExportManifest,
  type ExportAttachment,
  type ExportReceipt,
  type ExportRecords,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { HouseholdId } from '../households/household-id';
import { createExportRepository, type ExportRepository, type PageEnd } from './export-repository';
import {
  toAccountRecord,
  toBudgetRecord,
  toGoalRecord,
  toRateRecord,
  toReceiptShopRecord,
  toRecurringRecord,
  toRuleRecord,
  toTransactionRecord,
  toTransferRecord,
} from './export-records';
import { streamZip, type ZipWriter } from './zip-writer';

/** Transactions and transfers per query: a page is a few MB of JSON. */
const PAGE_SIZE = 5000;
const RECEIPT_PAGE_SIZE = 500;
/**
 * Receipt files read per query: as many as fit in FILE_BYTES_PER_QUERY by their recorded size
 * (always at least one, each up to UPLOAD_MAX_MB), at most FILES_PER_QUERY. Photos of a few
 * hundred KB come dozens at a time (one query each made 5,000 receipts cost 1,250 round trips);
 * the memory a query holds stays bounded by the bytes, not the count.
 */
const FILES_PER_QUERY = 100;
const FILE_BYTES_PER_QUERY = 16 * 1024 * 1024;

const FILE_EXTENSIONS: Record<ExportReceipt['mimeType'], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

export const receiptFilePath = (receipt: Pick<ExportReceipt, 'id' | 'mimeType'>) =>
  `receipts/${receipt.id}.${FILE_EXTENSIONS[receipt.mimeType]}`;
export const receiptPagePath = (id: string) => `receipts/${id}.page.png`;
export const attachmentFilePath = (attachment: Pick<ExportReceipt, 'id' | 'mimeType'>) =>
  `attachments/${attachment.id}.${FILE_EXTENSIONS[attachment.mimeType]}`;

/** One batch: the whole of a small table. */
async function* once<T>(rows: Promise<T[]>): AsyncGenerator<T[]> {
  yield await rows;
}

/** Pages of a keyset read, each mapped to records, until a short page. */
async function* pages<Row, Key, Out>(
  read: (after: Key | undefined) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  toRecord: (row: Row) => Out,
  limit: number,
): AsyncGenerator<Out[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows.map(toRecord);
    if (rows.length < limit) return;
    after = keyOf(rows.at(-1)!);
  }
}

/** Every row of a small table, as one batch of records. */
function whole<Row, Out>(rows: Promise<Row[]>, toRecord: (row: Row) => Out): AsyncGenerator<Out[]> {
  return pages(
    () => rows,
    () => undefined,
    toRecord,
    Number.POSITIVE_INFINITY,
  );
}

/** The records of each entity file, in the format's shape (format version 1). */
function entityBatches(
  read: ExportRepository,
  { householdId, userId }: { householdId: HouseholdId; userId: string },
): {
  [Entity in Exclude<ExportEntity, 'receipts' | 'attachments'>]: AsyncIterable<
    ExportRecords[Entity]
  >;
} {
  return {
    accounts: whole(read.accounts(householdId), toAccountRecord),
    categories: once(read.categories(householdId)),
    transactions: pages(
      (after: PageEnd | undefined) => read.transactionsPage(householdId, after, PAGE_SIZE),
      (row) => ({ day: row.addedOn, createdAt: row.createdAt, id: row.id }),
      toTransactionRecord,
      PAGE_SIZE,
    ),
    transfers: pages(
      (after: PageEnd | undefined) => read.transfersPage(householdId, after, PAGE_SIZE),
      (row) => ({ day: row.date, createdAt: row.createdAt, id: row.id }),
      toTransferRecord,
      PAGE_SIZE,
    ),
    budgets: whole(read.budgets(householdId), toBudgetRecord),
    savedFilters: once(read.savedFilters(userId)),
    splits: once(read.splits(householdId)),
    goals: whole(read.goals(householdId), toGoalRecord),
    recurring: whole(read.recurring(householdId), toRecurringRecord),
    rules: whole(read.rules(householdId), toRuleRecord),
    rates: whole(read.rates(householdId), toRateRecord),
    receiptShops: whole(read.receiptShops(householdId), toReceiptShopRecord),
  };
}

function receiptBatches(read: ExportRepository, householdId: HouseholdId) {
  return pages(
    (after: Omit<PageEnd, 'day'> | undefined) =>
      read.receiptsPage(householdId, after, RECEIPT_PAGE_SIZE),
    (row) => ({ createdAt: row.createdAt, id: row.id }),
    (row): ExportReceipt => ({
      id: row.id,
      fileName: row.fileName,
      mimeType: row.mimeType,
      sizeBytes: row.sizeBytes,
      sha256: row.sha256,
      file: receiptFilePath(row),
      pagePng: row.hasPage ? receiptPagePath(row.id) : null,
      // Stored as the receipts service wrote them: the shapes the restore reads back.
      reading: row.reading as ExportReceipt['reading'],
      shop: row.shop as ExportReceipt['shop'],
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      updatedBy: row.updatedBy,
    }),
    RECEIPT_PAGE_SIZE,
  );
}

/** The receipt files, a few per query, after their metadata (one zip entry at a time). */
async function writeReceiptFiles(zip: ZipWriter, read: ExportRepository, householdId: HouseholdId) {
  for await (const batch of receiptBatches(read, householdId)) {
    for (let start = 0; start < batch.length;) {
      let end = start + 1;
      let bytes = batch[start]!.sizeBytes;
      while (
        end < batch.length &&
        end - start < FILES_PER_QUERY &&
        bytes + batch[end]!.sizeBytes <= FILE_BYTES_PER_QUERY
      ) {
        bytes += batch[end]!.sizeBytes;
        end++;
      }
      const wanted = batch.slice(start, end);
      start = end;
      const files = new Map(
        (
          await read.receiptFiles(
            householdId,
            wanted.map((receipt) => receipt.id),
          )
        ).map((file) => [file.id, file]),
      );
      for (const receipt of wanted) {
        const file = files.get(receipt.id);
        // Deleted since the metadata was read cannot happen inside the snapshot; be safe.
        if (!file) continue;
        await zip.file(receipt.file, file.content, { store: true });
        if (file.pagePng && receipt.pagePng) {
          await zip.file(receipt.pagePng, file.pagePng, { store: true });
        }
      }
    }
  }
}

/** The attached files' records, then their bytes, a few per query (one zip entry at a time). */
async function writeAttachments(zip: ZipWriter, read: ExportRepository, householdId: HouseholdId) {
  const records: ExportAttachment[] = (await read.attachments(householdId)).map((row) => ({
    id: row.id,
    transactionId: row.transactionId,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    file: attachmentFilePath(row),
    createdAt: row.createdAt.toISOString(),
  }));
  const count = await zip.lines(EXPORT_ENTITY_FILES.attachments, once(Promise.resolve(records)));
  for (let start = 0; start < records.length; start += FILES_PER_QUERY) {
    const wanted = records.slice(start, start + FILES_PER_QUERY);
    const files = new Map(
      (
        await read.attachmentFiles(
          householdId,
          wanted.map((attachment) => attachment.id),
        )
      ).map((file) => [file.id, file.content]),
    );
    for (const attachment of wanted) {
      const content = files.get(attachment.id);
      if (content) await zip.file(attachment.file, content, { store: true });
    }
  }
  return count;
}

/**
 * The export of a household's data (docs/export-format.md), as one member asks it: a zip streamed as it is
 * written, read inside one read-only, repeatable-read database transaction so that every file
 * of it shows the same moment (a transfer never names an account the accounts file lacks).
 */
export function createExportService(db: Database) {
  return {
    exportAll(
      householdId: HouseholdId,
      user: Pick<UserRow, 'id' | 'defaultCurrency' | 'timeZone' | 'locale'>,
    ): Readable {
      return streamZip((zip) =>
        db.transaction(
          async (tx) => {
            const read = createExportRepository(tx);
            const counts: Partial<Record<ExportEntity, number>> = {};
            const batches = entityBatches(read, { householdId, userId: user.id });
            for (const entity of Object.keys(batches) as (keyof typeof batches)[]) {
              counts[entity] = await zip.lines(EXPORT_ENTITY_FILES[entity], batches[entity]);
            }
            counts.receipts = await zip.lines(
              EXPORT_ENTITY_FILES.receipts,
              receiptBatches(read, householdId),
            );
            await writeReceiptFiles(zip, read, householdId);
            counts.attachments = await writeAttachments(zip, read, householdId);
            const manifest: ExportManifest = {
              format: EXPORT_FORMAT,
              version: EXPORT_FORMAT_VERSION,
              exportedAt: new Date().toISOString(),
              baseCurrency: user.defaultCurrency,
              timeZone: user.timeZone,
              // Stored only through localeSchema; an unknown one (a hand-edited row) is left out.
              ...(isSupportedLocale(user.locale) ? { locale: user.locale } : {}),
              counts,
            };
            await zip.file(
              'manifest.json',
              new TextEncoder().encode(JSON.stringify(manifest, null, 2)),
            );
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        ),
      );
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
