import type { FileHandle } from 'node:fs/promises';
import {
  EXPORT_ENTITIES,
  EXPORT_ENTITY_FILES,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  ErrorCode,
  exportManifestHeadSchema,
  exportManifestSchema,
  exportRecordSchemas,
  MAX_SPLIT_PARTS,
  MIN_SPLIT_PARTS,
  type ExportEntity,
  type ExportManifest,
  type ExportRecords,
} from '@moneta/shared';
import { badRequest } from '../../http/app-error';
import {
  damaged,
  readZipDirectory,
  readZipEntry,
  type ZipEntry,
  type ZipLimits,
} from './zip-reader';

/** The limits of a restore's zip (docs/export-format.md, Limits). */
export const RESTORE_ZIP_LIMITS: ZipLimits = {
  // 5,000 receipts with their pages and the entity files, many times over.
  maxEntries: 100_000,
  maxTotalBytes: 8 * 1024 ** 3,
  // An entity file is read whole into one string (V8's limit is ~512 MB).
  maxEntryBytes: 400 * 1024 ** 2,
  maxRatio: 200,
};

/** An export read and checked, its files still in the zip. */
export interface ReadExport {
  manifest: ExportManifest;
  records: ExportRecords;
  /** The zip's entries by name (receipt files are read when they are written). */
  entries: Map<string, ZipEntry>;
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

async function readManifest(file: FileHandle, entry: ZipEntry | undefined) {
  if (!entry) throw notMoneta();
  const json = parseJson((await readZipEntry(file, entry)).toString('utf8'));
  const head = exportManifestHeadSchema.safeParse(json);
  if (!head.success) throw notMoneta();
  if (head.data.version > EXPORT_FORMAT_VERSION) {
    throw badRequest(
      `The export is of format version ${head.data.version}; this Moneta reads versions 1 to ${EXPORT_FORMAT_VERSION}. Update Moneta, then restore it.`,
      ErrorCode.EXPORT_VERSION_UNSUPPORTED,
    );
  }
  const manifest = exportManifestSchema.safeParse(json);
  if (!manifest.success) throw damaged('its manifest is not valid.');
  return manifest.data;
}

/** Every line of an entity file, each checked by its schema; a wrong one names its line. */
function readLines<Entity extends ExportEntity>(
  entity: Entity,
  text: string,
): ExportRecords[Entity] {
  const schema = exportRecordSchemas[entity];
  const records: unknown[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    const parsed = schema.safeParse(parseJson(line));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
      throw damaged(
        `${EXPORT_ENTITY_FILES[entity]} line ${index + 1} is not valid${where}: ${issue?.message ?? 'not JSON'}.`,
      );
    }
    records.push(parsed.data);
  }
  return records as ExportRecords[Entity];
}

/** Every reference between records names a record of the export. */
function checkReferences(records: ExportRecords, entries: Map<string, ZipEntry>): void {
  const accounts = new Set(records.accounts.map((account) => account.id));
  const receipts = new Set(records.receipts.map((receipt) => receipt.id));
  const recurring = new Set(records.recurring.map((rule) => rule.id));
  const missing = (what: string) => damaged(`${what} names a record the export lacks.`);
  for (const transaction of records.transactions) {
    if (!accounts.has(transaction.accountId)) throw missing(`Transaction ${transaction.id}`);
    if (transaction.receiptId && !receipts.has(transaction.receiptId)) {
      throw missing(`Transaction ${transaction.id}`);
    }
    if (transaction.recurringId && !recurring.has(transaction.recurringId)) {
      throw missing(`Transaction ${transaction.id}`);
    }
  }
  for (const transfer of records.transfers) {
    if (!accounts.has(transfer.fromAccountId) || !accounts.has(transfer.toAccountId)) {
      throw missing(`Transfer ${transfer.id}`);
    }
    if (transfer.fromAccountId === transfer.toAccountId) {
      throw damaged(`Transfer ${transfer.id} goes from an account to itself.`);
    }
  }
  for (const rule of records.recurring) {
    if (rule.accountId && !accounts.has(rule.accountId)) throw missing(`Recurring ${rule.id}`);
  }
  for (const rule of records.rules) {
    if (rule.transferAccountId && !accounts.has(rule.transferAccountId)) {
      throw missing(`Rule ${rule.id}`);
    }
  }
  for (const goal of records.goals) {
    if (goal.accountId && !accounts.has(goal.accountId)) throw missing(`Goal ${goal.id}`);
  }
  const names = new Set<string>();
  for (const account of records.accounts) {
    const key = account.name.toLowerCase();
    if (names.has(key)) throw damaged(`two accounts are named "${account.name}".`);
    names.add(key);
  }
  for (const receipt of records.receipts) {
    if (!entries.has(receipt.file) || (receipt.pagePng && !entries.has(receipt.pagePng))) {
      throw damaged(`the file of receipt ${receipt.id} is missing.`);
    }
  }
  const transactions = new Set(records.transactions.map((transaction) => transaction.id));
  checkSplits(records);
  for (const attachment of records.attachments) {
    if (!transactions.has(attachment.transactionId)) throw missing(`Attachment ${attachment.id}`);
    if (!entries.has(attachment.file)) {
      throw damaged(`the file of attachment ${attachment.id} is missing.`);
    }
  }
}

/**
 * Reads a Moneta export from a zip file on disk, all of it checked before anything is written:
 * the zip's limits and paths, the manifest's format and version, every record by its schema,
 * the counts the manifest states, and every reference between records.
 */
export async function readExport(file: FileHandle): Promise<ReadExport> {
  const entries = new Map(
    (await readZipDirectory(file, RESTORE_ZIP_LIMITS)).map((entry) => [entry.name, entry]),
  );
  const manifest = await readManifest(file, entries.get('manifest.json'));
  if (manifest.format !== EXPORT_FORMAT) throw notMoneta();
  const records = {} as ExportRecords;
  for (const entity of EXPORT_ENTITIES) {
    const entry = entries.get(EXPORT_ENTITY_FILES[entity]);
    const expected = manifest.counts[entity] ?? 0;
    const text = entry ? (await readZipEntry(file, entry)).toString('utf8') : '';
    // Each entity's records as its schema reads them (the cast joins key and type).
    (records as Record<ExportEntity, unknown[]>)[entity] = readLines(entity, text);
    if (records[entity].length !== expected) {
      throw damaged(
        `${EXPORT_ENTITY_FILES[entity]} holds ${records[entity].length} records; the manifest says ${expected}.`,
      );
    }
  }
  checkReferences(records, entries);
  return { manifest, records, entries };
}

/**
 * Each split transaction's parts as the API would take them: its transaction in the export,
 * 2–50 parts at positions 0…n−1, summing exactly to the transaction's cost.
 */
function checkSplits(records: ExportRecords) {
  const costs = new Map(records.transactions.map((t) => [t.id, t.costCents]));
  const partsOf = new Map<string, ExportRecords['splits']>();
  for (const part of records.splits) {
    if (!costs.has(part.transactionId)) {
      throw damaged(
        `a split part names transaction ${part.transactionId}, which the export lacks.`,
      );
    }
    partsOf.set(part.transactionId, [...(partsOf.get(part.transactionId) ?? []), part]);
  }
  for (const [transactionId, parts] of partsOf) {
    const positions = new Set(parts.map((part) => part.position));
    const sum = parts.reduce((total, part) => total + part.amountCents, 0);
    if (
      parts.length < MIN_SPLIT_PARTS ||
      parts.length > MAX_SPLIT_PARTS ||
      positions.size !== parts.length ||
      Math.max(...positions) !== parts.length - 1 ||
      sum !== costs.get(transactionId)
    ) {
      throw damaged(`the parts of transaction ${transactionId} are not a valid split.`);
    }
  }
}
