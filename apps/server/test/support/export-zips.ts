// Moneta exports built by hand for restore tests: a small zip writer (deflate or store, with a
// data descriptor when streamed), a valid minimal export to change one thing of, and a large
// generated one written to disk without holding it in memory.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  name: string;
  data: Buffer;
  /** Stored instead of deflated. */
  store?: boolean;
  /** Deflate level (zlib's default: 6). */
  level?: number;
}

/** A directory entry's fields, so that a test can point two names at one local entry. */
export interface DirectoryRecord {
  name: string;
  method: number;
  flags: number;
  crc: number;
  packedSize: number;
  size: number;
  offset: number;
}

function localHeader(record: Omit<DirectoryRecord, 'offset'>): Buffer {
  const name = Buffer.from(record.name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(record.flags, 6);
  header.writeUInt16LE(record.method, 8);
  header.writeUInt32LE(record.crc, 14);
  header.writeUInt32LE(record.packedSize, 18);
  header.writeUInt32LE(record.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/** The central directory and end record for `records`, which start at `offset`. */
export function centralDirectory(records: DirectoryRecord[], offset: number): Buffer {
  const parts = records.map((record) => {
    const name = Buffer.from(record.name);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(record.flags, 8);
    entry.writeUInt16LE(record.method, 10);
    entry.writeUInt32LE(record.crc, 16);
    entry.writeUInt32LE(record.packedSize, 20);
    entry.writeUInt32LE(record.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(record.offset, 42);
    return Buffer.concat([entry, name]);
  });
  const directory = Buffer.concat(parts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(records.length, 8);
  end.writeUInt16LE(records.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}

/** The local entries of a zip (header and packed bytes each) and their directory records. */
export function zipEntries(inputs: ZipInput[]): { body: Buffer; records: DirectoryRecord[] } {
  const parts: Buffer[] = [];
  const records: DirectoryRecord[] = [];
  let offset = 0;
  for (const input of inputs) {
    const packed = input.store ? input.data : deflateRawSync(input.data, { level: input.level });
    const record = {
      name: input.name,
      method: input.store ? 0 : 8,
      flags: 0,
      crc: crc32(input.data),
      packedSize: packed.length,
      size: input.data.length,
      offset,
    };
    const header = localHeader(record);
    parts.push(header, packed);
    records.push(record);
    offset += header.length + packed.length;
  }
  return { body: Buffer.concat(parts), records };
}

/** A zip of these files. */
export function zipOf(inputs: ZipInput[]): Buffer {
  const { body, records } = zipEntries(inputs);
  return Buffer.concat([body, centralDirectory(records, body.length)]);
}

export const jsonl = (records: readonly object[]) =>
  Buffer.from(records.map((record) => `${JSON.stringify(record)}\n`).join(''));

export const ACCOUNT_ID = '0190a000-0000-7000-8000-000000000001';
export const NOW = '2026-01-02T10:00:00.000Z';

export const account = (changes: Record<string, unknown> = {}) => ({
  id: ACCOUNT_ID,
  name: 'Main',
  type: 'checking',
  currency: 'USD',
  openingBalanceCents: 0,
  isArchived: false,
  identifiers: [],
  createdAt: NOW,
  ...changes,
});

export const transaction = (changes: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  accountId: ACCOUNT_ID,
  name: 'Coffee',
  category: 'Food',
  costCents: 350,
  currency: 'USD',
  baseCostCents: null,
  baseCostCurrency: null,
  addedOn: '2026-01-02',
  isIncome: false,
  note: null,
  recurringId: null,
  receiptId: null,
  bankId: null,
  createdAt: NOW,
  tags: [],
  ...changes,
});

/** Entity files by file name, their records; the manifest counts them. */
export type ExportFiles = Record<string, readonly object[]>;

const ENTITY_OF_FILE: Record<string, string> = {
  'accounts.jsonl': 'accounts',
  'categories.jsonl': 'categories',
  'transactions.jsonl': 'transactions',
  'transfers.jsonl': 'transfers',
  'budgets.jsonl': 'budgets',
  'recurring.jsonl': 'recurring',
  'rules.jsonl': 'rules',
  'rates.jsonl': 'rates',
  'receipts.jsonl': 'receipts',
  'receipt-shops.jsonl': 'receiptShops',
  'goals.jsonl': 'goals',
  'attachments.jsonl': 'attachments',
  'saved-filters.jsonl': 'savedFilters',
  'splits.jsonl': 'splits',
};

export function manifestOf(files: ExportFiles, changes: Record<string, unknown> = {}) {
  const counts = Object.fromEntries(
    Object.entries(files).map(([file, records]) => [ENTITY_OF_FILE[file] ?? file, records.length]),
  );
  return {
    format: 'moneta-export',
    version: 1,
    exportedAt: NOW,
    baseCurrency: 'USD',
    timeZone: 'Europe/Berlin',
    counts,
    ...changes,
  };
}

/**
 * A Moneta export of one account "Main" and `files` (by file name), plus other zip entries
 * (`extra`: receipt files), its manifest counting the records and changed by `manifest`.
 */
export function monetaExport(
  files: ExportFiles = {},
  options: { manifest?: Record<string, unknown>; extra?: ZipInput[] } = {},
): Buffer {
  const all: ExportFiles = { 'accounts.jsonl': [account()], ...files };
  return zipOf([
    ...Object.entries(all).map(([name, records]) => ({ name, data: jsonl(records) })),
    ...(options.extra ?? []),
    {
      name: 'manifest.json',
      data: Buffer.from(JSON.stringify(manifestOf(all, options.manifest))),
    },
  ]);
}

/**
 * Writes a zip of one streamed entry (deflated, sizes in a data descriptor, as Moneta's own
 * export writes them) and whole small ones to `path`, never holding the streamed one.
 */
export async function writeStreamedZip(
  path: string,
  streamed: { name: string; chunks: AsyncIterable<Buffer> | Iterable<Buffer> },
  small: ZipInput[],
): Promise<void> {
  const out = createWriteStream(path);
  let offset = 0;
  const write = async (bytes: Buffer) => {
    offset += bytes.length;
    if (!out.write(bytes)) await once(out, 'drain');
  };
  const { body, records } = zipEntries(small);
  await write(body);
  const record: DirectoryRecord = {
    name: streamed.name,
    method: 8,
    flags: 8,
    crc: 0,
    packedSize: 0,
    size: 0,
    offset,
  };
  await write(localHeader(record));
  const deflate = createDeflateRaw({ level: 1 });
  const packed = (async () => {
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      record.packedSize += chunk.length;
      await write(chunk);
    }
  })();
  for await (const chunk of streamed.chunks) {
    record.crc = crc32(chunk, record.crc);
    record.size += chunk.length;
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end();
  await packed;
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(record.crc, 4);
  descriptor.writeUInt32LE(record.packedSize, 8);
  descriptor.writeUInt32LE(record.size, 12);
  await write(descriptor);
  await write(centralDirectory([...records, record], offset));
  out.end();
  await once(out, 'finish');
}

/** `count` valid transactions as JSON Lines, a few thousand a chunk. */
export function* transactionLines(count: number): Generator<Buffer> {
  const PER_CHUNK = 2000;
  for (let start = 0; start < count; start += PER_CHUNK) {
    const records: object[] = [];
    for (let index = start; index < Math.min(count, start + PER_CHUNK); index++) {
      const day = `2025-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`;
      records.push(
        transaction({
          name: `Shop ${index}`,
          category: index % 3 ? 'Food' : 'Shopping',
          costCents: 100 + (index % 10_000),
          addedOn: day,
          note: index % 5 ? null : `note ${index}`,
        }),
      );
    }
    yield jsonl(records);
  }
}
