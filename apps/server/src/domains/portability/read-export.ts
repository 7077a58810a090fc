import type { FileHandle } from 'node:fs/promises';
import {
  EXPORT_ENTITY_FILES,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  EXPORT_MAX_FILE_BYTES,
  EXPORT_MAX_LINE_BYTES,
  EXPORT_MAX_ROWS,
  ErrorCode,
  exportManifestSchema,
  exportRecordSchemas,
  MAX_ATTACHMENTS_PER_TRANSACTION,
  type ExportEntity,
  type ExportManifest,
  type ExportRecords,
} from '@moneta/shared';
import { badRequest } from '../../http/app-error';
import { numberedLines } from './jsonl-lines';
import { checkSplits, type LinkedTransaction } from './restore-checks';
import {
  damaged,
  openZip,
  readZipEntry,
  readZipEntryChunks,
  unsafe,
  type ZipArchive,
  type ZipLimits,
} from './zip-reader';

/** The limits of a restore's zip (docs/export-format.md, Limits). */
export const RESTORE_ZIP_LIMITS: ZipLimits = {
  // 5,000 receipts with their pages and the entity files, many times over.
  maxEntries: 100_000,
  maxTotalBytes: 8 * 1024 ** 3,
  // Entity files are read line by line; a receipt's file is held whole (EXPORT_MAX_FILE_BYTES).
  maxEntryBytes: 400 * 1024 ** 2,
  maxRatio: 200,
};

/** The largest manifest read: a few hundred bytes in any real export. */
const MAX_MANIFEST_BYTES = 64 * 1024;

/** The entities held whole between reading and writing: all but the transactions. */
export type HeldEntity = Exclude<ExportEntity, 'transactions'>;
export type HeldRecords = Pick<ExportRecords, HeldEntity>;

/** What a restore writes from: an export read and checked, whatever thread reads its zip. */
export interface CheckedExport {
  manifest: ExportManifest;
  records: HeldRecords;
  /** The transactions that split parts or attachments name, by their id in the export. */
  linked: Map<string, LinkedTransaction>;
  /**
   * The transactions are not held (a million of them would be gigabytes as objects): the write
   * reads them again from the zip, batch by batch, each record checked again by its schema.
   */
  transactionBatches(): AsyncIterable<NumberedRecord<'transactions'>[]>;
  /** A file of the zip (a receipt's, an attachment's), whole. */
  fileBytes(path: string): Promise<Buffer>;
}

/** An export read and checked, with the zip it is read from. */
export interface ReadExport extends CheckedExport {
  zip: ZipArchive;
}

const notMoneta = () =>
  badRequest(
    'The file is not a Moneta export (it has no Moneta manifest).',
    ErrorCode.EXPORT_NOT_MONETA,
  );

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The first issue of a failed parse, as "(path): message". */
function firstIssue(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const issue = issues[0];
  const where = issue?.path.length ? ` (${issue.path.map(String).join('.')})` : '';
  return `${where}: ${issue?.message ?? 'not JSON'}`;
}

/**
 * The manifest: none, or another format → not a Moneta export; a version this server does not
 * read → EXPORT_VERSION_UNSUPPORTED; anything else wrong with it → damaged, naming the field.
 */
async function readManifest(zip: ZipArchive): Promise<ExportManifest> {
  const entry = zip.entries.get('manifest.json');
  if (!entry) throw notMoneta();
  if (entry.size > MAX_MANIFEST_BYTES) throw damaged('its manifest is not valid (too long).');
  const json = parseJson((await readZipEntry(zip, entry)).toString('utf8'));
  if (json === undefined) throw damaged('its manifest is not valid (not JSON).');
  const fields = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  if (fields.format !== EXPORT_FORMAT) throw notMoneta();
  const { version } = fields;
  if (typeof version === 'number' && Number.isInteger(version)) {
    if (version < 1 || version > EXPORT_FORMAT_VERSION) {
      throw badRequest(
        `The export is of format version ${version}; this Moneta reads versions 1 to ${EXPORT_FORMAT_VERSION}. Update Moneta, then restore it.`,
        ErrorCode.EXPORT_VERSION_UNSUPPORTED,
      );
    }
  }
  const manifest = exportManifestSchema.safeParse(json);
  if (!manifest.success) {
    throw damaged(`its manifest is not valid${firstIssue(manifest.error.issues)}.`);
  }
  for (const [entity, file] of Object.entries(EXPORT_ENTITY_FILES) as [ExportEntity, string][]) {
    const count = manifest.data.counts[entity] ?? 0;
    if (count > EXPORT_MAX_ROWS[entity]) {
      throw unsafe(
        `${file} holds ${count} records; a restore takes at most ${EXPORT_MAX_ROWS[entity]}.`,
      );
    }
  }
  return manifest.data;
}

/** A record of an entity file with the number of its line. */
export interface NumberedRecord<Entity extends ExportEntity> {
  record: ExportRecords[Entity][number];
  line: number;
}

/**
 * An entity file's records, each checked by its schema as it is read, a chunk's worth at a
 * time; a wrong one is refused naming its file, line and field. Nothing of the file is kept
 * but the batch being handed over. A file the export lacks has no records.
 */
export async function* recordBatches<Entity extends ExportEntity>(
  zip: ZipArchive,
  entity: Entity,
): AsyncGenerator<NumberedRecord<Entity>[]> {
  const file = EXPORT_ENTITY_FILES[entity];
  const entry = zip.entries.get(file);
  if (!entry) return;
  const schema = exportRecordSchemas[entity];
  const limits = { maxLineBytes: EXPORT_MAX_LINE_BYTES, maxLines: EXPORT_MAX_ROWS[entity] };
  for await (const lines of numberedLines(readZipEntryChunks(zip, entry), file, limits)) {
    yield lines.map(({ text, number }) => {
      const parsed = schema.safeParse(parseJson(text));
      if (!parsed.success) {
        throw damaged(`${file} line ${number} is not valid${firstIssue(parsed.error.issues)}.`);
      }
      return { record: parsed.data as ExportRecords[Entity][number], line: number };
    });
  }
}

/**
 * Refuses a record whose id came before in its file. The ids seen are kept in 16 sets by their
 * last digit: one set of a million ids would copy all of them at once each time it grows.
 */
function uniqueIds(entity: ExportEntity) {
  const seen = Array.from({ length: 16 }, () => new Set<string>());
  return (id: string, line: number) => {
    const set = seen[Number.parseInt(id.at(-1)!, 16)]!;
    if (set.has(id)) {
      throw damaged(`${EXPORT_ENTITY_FILES[entity]} line ${line} repeats the id ${id}.`);
    }
    set.add(id);
  };
}

const missing = (entity: ExportEntity, line: number, field: string) =>
  damaged(
    `${EXPORT_ENTITY_FILES[entity]} line ${line} (${field}) names a record the export lacks.`,
  );

/** A held entity's records, all of them, checked by `check` as they are read. */
async function holdAll<Entity extends HeldEntity>(
  zip: ZipArchive,
  entity: Entity,
  check: (record: ExportRecords[Entity][number], line: number) => void = () => {},
): Promise<ExportRecords[Entity]> {
  const records: ExportRecords[Entity][number][] = [];
  for await (const batch of recordBatches(zip, entity)) {
    for (const { record, line } of batch) {
      check(record, line);
      records.push(record);
    }
  }
  return records as ExportRecords[Entity];
}

/** A file of the zip a record names, of the size it states when it states one. */
function checkFile(zip: ZipArchive, path: string, sizeBytes: number | null, what: string) {
  const entry = zip.entries.get(path);
  if (!entry) throw damaged(`the file of ${what} is missing.`);
  if (sizeBytes === null ? entry.size > EXPORT_MAX_FILE_BYTES : entry.size !== sizeBytes) {
    throw damaged(`${path} is not the size its record states.`);
  }
}

/** The held entities, each record checked, and the references between them. */
async function readHeld(zip: ZipArchive): Promise<HeldRecords> {
  const accountNames = new Set<string>();
  const accountId = uniqueIds('accounts');
  const accounts = await holdAll(zip, 'accounts', (account, line) => {
    accountId(account.id, line);
    const key = account.name.toLowerCase();
    if (accountNames.has(key)) throw damaged(`two accounts are named "${account.name}".`);
    accountNames.add(key);
  });
  const accountIds = new Set(accounts.map((account) => account.id));
  const hasAccount = (id: string | null) => id === null || accountIds.has(id);

  const recurringId = uniqueIds('recurring');
  const recurring = await holdAll(zip, 'recurring', (rule, line) => {
    recurringId(rule.id, line);
    if (!hasAccount(rule.accountId)) throw missing('recurring', line, 'accountId');
  });
  const receiptId = uniqueIds('receipts');
  const receipts = await holdAll(zip, 'receipts', (receipt, line) => {
    receiptId(receipt.id, line);
    checkFile(zip, receipt.file, receipt.sizeBytes, `receipt ${receipt.id}`);
    if (receipt.pagePng) checkFile(zip, receipt.pagePng, null, `receipt ${receipt.id}`);
  });
  const ruleId = uniqueIds('rules');
  const rules = await holdAll(zip, 'rules', (rule, line) => {
    ruleId(rule.id, line);
    if (!hasAccount(rule.transferAccountId)) throw missing('rules', line, 'transferAccountId');
  });
  const goalId = uniqueIds('goals');
  const goals = await holdAll(zip, 'goals', (goal, line) => {
    goalId(goal.id, line);
    if (!hasAccount(goal.accountId)) throw missing('goals', line, 'accountId');
  });
  const transferId = uniqueIds('transfers');
  const transfers = await holdAll(zip, 'transfers', (transfer, line) => {
    transferId(transfer.id, line);
    if (!accountIds.has(transfer.fromAccountId)) throw missing('transfers', line, 'fromAccountId');
    if (!accountIds.has(transfer.toAccountId)) throw missing('transfers', line, 'toAccountId');
    if (transfer.fromAccountId === transfer.toAccountId) {
      throw damaged(`Transfer ${transfer.id} goes from an account to itself.`);
    }
  });
  const attachmentId = uniqueIds('attachments');
  const attachments = await holdAll(zip, 'attachments', (attachment, line) => {
    attachmentId(attachment.id, line);
    checkFile(zip, attachment.file, attachment.sizeBytes, `attachment ${attachment.id}`);
  });
  return {
    accounts,
    categories: await holdAll(zip, 'categories'),
    recurring,
    receipts,
    rules,
    rates: await holdAll(zip, 'rates'),
    goals,
    savedFilters: await holdAll(zip, 'savedFilters'),
    receiptShops: await holdAll(zip, 'receiptShops'),
    budgets: await holdAll(zip, 'budgets'),
    transfers,
    splits: await holdAll(zip, 'splits'),
    attachments,
  };
}

/**
 * The transactions, read once to check them: each record, its id unique, its account, receipt
 * and recurring rule in the export, a receipt named once, at most
 * MAX_ATTACHMENTS_PER_TRANSACTION files (its receipt included) each of another content. Only
 * their ids are kept while reading, and what splits and attachments need of the ones they name.
 */
async function checkTransactions(
  zip: ZipArchive,
  held: HeldRecords,
): Promise<{ count: number; linked: Map<string, LinkedTransaction> }> {
  const accounts = new Set(held.accounts.map((account) => account.id));
  const receipts = new Set(held.receipts.map((receipt) => receipt.id));
  const recurring = new Set(held.recurring.map((rule) => rule.id));
  const files = new Map<string, Set<string>>();
  for (const attachment of held.attachments) {
    const shas = files.get(attachment.transactionId) ?? new Set<string>();
    if (shas.has(attachment.sha256)) {
      throw damaged(`attachment ${attachment.id} repeats a file of its transaction.`);
    }
    files.set(attachment.transactionId, shas.add(attachment.sha256));
  }
  const named = new Set([...files.keys(), ...held.splits.map((part) => part.transactionId)]);
  const linked = new Map<string, LinkedTransaction>();
  const usedReceipts = new Set<string>();
  const transactionId = uniqueIds('transactions');
  let count = 0;
  for await (const batch of recordBatches(zip, 'transactions')) {
    for (const { record, line } of batch) {
      transactionId(record.id, line);
      if (!accounts.has(record.accountId)) throw missing('transactions', line, 'accountId');
      if (record.recurringId && !recurring.has(record.recurringId)) {
        throw missing('transactions', line, 'recurringId');
      }
      if (record.receiptId) {
        if (!receipts.has(record.receiptId)) throw missing('transactions', line, 'receiptId');
        if (usedReceipts.has(record.receiptId)) {
          throw damaged(`transactions.jsonl line ${line} names a receipt another one has.`);
        }
        usedReceipts.add(record.receiptId);
      }
      const attached = (files.get(record.id)?.size ?? 0) + (record.receiptId ? 1 : 0);
      if (attached > MAX_ATTACHMENTS_PER_TRANSACTION) {
        throw damaged(
          `transaction ${record.id} holds ${attached} files; a transaction holds at most ${MAX_ATTACHMENTS_PER_TRANSACTION}.`,
        );
      }
      if (named.has(record.id)) {
        linked.set(record.id, { costCents: record.costCents, isIncome: record.isIncome });
      }
      count++;
    }
  }
  for (const attachment of held.attachments) {
    if (!linked.has(attachment.transactionId)) {
      throw damaged(`Attachment ${attachment.id} names a record the export lacks.`);
    }
  }
  checkSplits(held.splits, linked);
  return { count, linked };
}

/**
 * Reads a Moneta export from a zip file on disk, all of it checked before anything is written:
 * the zip's limits, paths and headers, the manifest's format and version, every record by its
 * schema (the API's own rules), the counts the manifest states, and every reference between
 * records. Entity files are streamed line by line; only what the write needs is kept.
 */
export async function readExport(path: string, file: FileHandle): Promise<ReadExport> {
  const zip = await openZip(path, file, RESTORE_ZIP_LIMITS);
  const manifest = await readManifest(zip);
  const records = await readHeld(zip);
  const { count, linked } = await checkTransactions(zip, records);
  const counts = { ...records, transactions: { length: count } };
  for (const [entity, file] of Object.entries(EXPORT_ENTITY_FILES) as [ExportEntity, string][]) {
    const expected = manifest.counts[entity] ?? 0;
    if (counts[entity].length !== expected) {
      throw damaged(
        `${file} holds ${counts[entity].length} records; the manifest says ${expected}.`,
      );
    }
  }
  return {
    manifest,
    zip,
    records,
    linked,
    transactionBatches: () => recordBatches(zip, 'transactions'),
    fileBytes: (path) => readZipEntry(zip, zip.entries.get(path)!),
  };
}
