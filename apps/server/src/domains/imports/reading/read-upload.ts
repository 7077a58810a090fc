import { ErrorCode } from '@moneta/shared';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportFormat, ImportMapping, ImportMappingReasons, OtherApp } from '@moneta/shared';
import { CsvError, parse } from 'csv-parse';
import { fileAccountIdentifiers } from './account-identifiers';
import { readCamt053 } from './camt053';
import type { Delimiter } from './csv-dialect';
import {
  DETECTION_RECORDS,
  detectMapping,
  findHeader,
  isBlankRecord,
  MappingEvidence,
  type CsvTable,
  type MappingPreferences,
} from './csv-mapping';
import { readCsvRow } from './csv-rows';
import type { FileStatement } from './file-statement';
import { detectFormat, refuseBinary, SUPPORTED_FORMATS_TEXT } from './file-format';
import { notSupported, unreadable } from './import-refusal';
import type { MappingReasonCodes } from './import-messages';
import { withoutReasons, withReasons, type StoredImportMapping } from './mapping-reasons';
import { readOfx } from './ofx';
import { readAppExport, recogniseApp, type RecognisedApp } from './other-apps/read-app-export';
import { readQif } from './qif';
import { recordOnly, type ReadRow } from './read-row';
import {
  sniffEncoding,
  TextDecoding,
  type EncodingGuess,
  type TextEncoding,
} from './text-decoding';

/** Bytes the format and encoding are decided from. */
const HEAD_BYTES = 64 * 1024;
/** Rows handed to `write` at a time. */
const BATCH_ROWS = 2000;

/** Hands `rows` to `write` BATCH_ROWS at a time (the last batch possibly empty); their count. */
async function writeInBatches(
  rows: Iterable<ReadRow>,
  write: (batch: ReadRow[]) => Promise<void>,
): Promise<number> {
  let rowCount = 0;
  let batch: ReadRow[] = [];
  for (const row of rows) {
    batch.push(row);
    rowCount++;
    if (batch.length >= BATCH_ROWS) {
      await write(batch);
      batch = [];
    }
  }
  await write(batch);
  return rowCount;
}
/** A CSV line longer than this is not a bank statement (and would make rows unreadable). */
export const MAX_CSV_RECORD_BYTES = 64 * 1024;

export interface CsvLayout {
  delimiter: Delimiter;
  columns: string[];
  /** The mapping, with the detector's reasons for each choice (docs/decisions.md, IMP-10). */
  mapping: StoredImportMapping;
  /** Digest of the header: the key of a remembered mapping. */
  headerKey: string;
  firstRow: number;
  /**
   * Rows before this position were read with a detected mapping that later rows corrected
   * (date order, decimal separator): they must be read again with `mapping`.
   */
  rereadUpTo: number | undefined;
}

export interface UploadReading {
  format: ImportFormat;
  encoding: TextEncoding;
  csv: CsvLayout | undefined;
  /**
   * A CSV recognised as another app's export by its header (docs/imports-other-apps.md): read
   * by that app's columns, without a mapping (`csv` is undefined).
   */
  app: { app: OtherApp; columns: string[] } | undefined;
  /** Data rows (a CSV's preamble and header not counted). */
  rowCount: number;
  /** The accounts the file says it is a statement of (normalised), in file order. */
  accountIdentifiers: string[];
  /**
   * The accounts' statements the rows belong to (ReadRow.statement), in file order: several
   * in a multi-account OFX or QIF file, one in other files, none for a CSV (its rows are all
   * of the account the import goes to).
   */
  statements: FileStatement[];
}

/** What is known of the file before it is read: plain values, so they cross to the reading thread. */
export interface ReadUploadFacts {
  /** The user writes dates month first (USD and an American zone). */
  monthFirst: boolean;
  /** The file goes into a credit card account (evidence for the sign of its amounts). */
  isCardAccount?: boolean;
}

export interface ReadUploadOptions extends ReadUploadFacts {
  /** The mapping the user last confirmed for a CSV header, if any. */
  rememberedMapping(headerKey: string): Promise<ImportMapping | undefined>;
  /** Receives the records in order, a batch at a time. */
  write(rows: ReadRow[]): Promise<void>;
}

/** The key a CSV header's mapping is remembered by: its cells, trimmed and lower-cased. */
export function headerKeyOf(columns: string[]): string {
  const text = columns.map((cell) => cell.trim().toLowerCase()).join('\u001f');
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Reads an uploaded bank file as it arrives: decides its format and encoding from the first
 * bytes (never from its name), then hands its records to `write` in batches. A CSV is parsed
 * as a stream (csv-parse) and never held whole; the other formats are small enough (and their
 * structure nested enough) to be decoded whole, up to the upload limit. A file that is not one
 * of them as a whole is refused (415, or 400 for one that is broken); a row that cannot be
 * read is a problem row.
 */
export async function readUpload(
  chunks: AsyncIterable<Buffer>,
  options: ReadUploadOptions,
): Promise<UploadReading> {
  const source = chunks[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let isWhole = false;
  while (headLength < HEAD_BYTES) {
    const next = await source.next();
    if (next.done) {
      isWhole = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const headBytes = Buffer.concat(head);
  if (headBytes.length === 0) throw unreadable('The file is empty.', ErrorCode.EMPTY_FILE);
  const guess = sniffEncoding(headBytes);
  refuseBinary(headBytes, guess.encoding === 'utf-16le' || guess.encoding === 'utf-16be');
  const headDecoder = new TextDecoding(guess);
  const headText =
    headDecoder.write(headBytes.subarray(guess.bomLength)) + (isWhole ? headDecoder.end() : '');
  const detected = detectFormat(headText, isWhole);

  async function* allChunks(): AsyncGenerator<Buffer> {
    yield headBytes;
    if (isWhole) return;
    for (let next = await source.next(); !next.done; next = await source.next()) {
      yield next.value;
    }
  }

  if (detected.format === 'csv') {
    return readCsv(allChunks(), guess, detected.delimiter, options);
  }
  const parts: Buffer[] = [];
  for await (const chunk of allChunks()) parts.push(chunk);
  const bytes = Buffer.concat(parts);
  parts.length = 0;
  const decoder = new TextDecoding(guess);
  const text = refuseNul(decoder.write(bytes.subarray(guess.bomLength)) + decoder.end());
  const { rows, statements } =
    detected.format === 'ofx'
      ? readOfx(text)
      : detected.format === 'qif'
        ? readQif(text, options.monthFirst)
        : readCamt053(text);
  const rowCount = await writeInBatches(rows, options.write);
  return {
    format: detected.format,
    encoding: decoder.encoding,
    csv: undefined,
    app: undefined,
    rowCount,
    accountIdentifiers: fileAccountIdentifiers(detected.format, text),
    statements,
  };
}

/** Text cannot hold NUL (nor can PostgreSQL): a file decoding to it is not text. */
function refuseNul(text: string): string {
  if (text.includes('\u0000')) {
    throw notSupported(`This is not a text file. ${SUPPORTED_FORMATS_TEXT}`);
  }
  return text;
}

async function readCsv(
  chunks: AsyncIterable<Buffer>,
  guess: EncodingGuess,
  delimiter: Delimiter,
  options: ReadUploadOptions,
): Promise<UploadReading> {
  const decoder = new TextDecoding(guess);
  async function* text(): AsyncGenerator<string> {
    let isFirst = true;
    for await (const chunk of chunks) {
      const decoded = decoder.write(isFirst ? chunk.subarray(guess.bomLength) : chunk);
      isFirst = false;
      if (decoded) yield refuseNul(decoded);
    }
    const tail = decoder.end();
    if (tail) yield refuseNul(tail);
  }
  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    // Blank lines are kept (and passed over after the header): "rows before the header" counts
    // the lines a person sees in a text editor, blank ones included.
    skip_empty_lines: false,
    skip_records_with_empty_values: false,
    max_record_size: MAX_CSV_RECORD_BYTES,
  });
  const feeding = pipeline(Readable.from(text()), parser);
  // Errors reach the loop below through the parser; this only keeps them from being unhandled.
  feeding.catch(() => undefined);

  let layout: CsvLayout | undefined;
  let evidence: MappingEvidence | undefined;
  let position = 0;
  let batch: ReadRow[] = [];
  const initial: string[][] = [];
  /** Another app's export: its header and every record after it, read at the end. */
  let app: RecognisedApp | undefined;
  let appHeader: string[] = [];
  const appRecords: string[][] = [];

  const add = async (cells: string[]) => {
    const current = layout!;
    if (position < current.firstRow) {
      batch.push(recordOnly(position, cells));
    } else {
      const switched = evidence?.observe(cells);
      if (switched) {
        current.mapping = switched;
        current.rereadUpTo = position;
      }
      batch.push(
        readCsvRow(cells, current.mapping, current.columns, position, position - current.firstRow),
      );
    }
    position++;
    if (batch.length >= BATCH_ROWS) {
      await options.write(batch);
      batch = [];
    }
  };
  const decideLayout = async () => {
    const decided = await csvLayout(initial, delimiter, options);
    layout = decided.layout;
    // A remembered mapping was confirmed by the user: the file does not correct it.
    if (!decided.isRemembered) evidence = new MappingEvidence(layout.mapping);
    for (const cells of initial)
      if (!isBlankRecord(cells) || position < layout.firstRow) await add(cells);
    initial.length = 0;
  };
  /** The first filled record is an app's header, or the file is a bank's CSV. */
  const decide = async () => {
    const first = initial.findIndex((record) => !isBlankRecord(record));
    app = first >= 0 ? recogniseApp(initial[first]!) : undefined;
    if (!app) return decideLayout();
    appHeader = initial[first]!;
    appRecords.push(...initial.slice(first + 1).filter((record) => !isBlankRecord(record)));
    initial.length = 0;
  };

  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (app) {
        if (!isBlankRecord(record)) appRecords.push(record);
      } else if (layout) {
        if (!isBlankRecord(record)) await add(record);
      } else {
        initial.push(record);
        if (initial.length >= DETECTION_RECORDS) await decide();
      }
    }
  } catch (error) {
    throw csvError(error);
  }
  if (!layout && !app) await decide();
  if (app) {
    return {
      ...(await writeAppExport(app, appRecords, options)),
      encoding: decoder.encoding,
      app: { app: app.app, columns: appHeader },
    };
  }
  await options.write(batch);
  const result = layout!;
  const rowCount = position - result.firstRow;
  if (rowCount <= 0) {
    throw unreadable('The file has a header but no rows of transactions.', ErrorCode.NO_ROWS);
  }
  const decimal = evidence?.decimalCorrection();
  if (decimal) {
    result.mapping = decimal;
    result.rereadUpTo = position;
  }
  return {
    format: 'csv',
    encoding: decoder.encoding,
    csv: result,
    app: undefined,
    rowCount,
    accountIdentifiers: [],
    statements: [],
  };
}

/** An app's export read whole (docs/imports-other-apps.md) and written in batches. */
async function writeAppExport(
  app: RecognisedApp,
  records: string[][],
  options: ReadUploadOptions,
): Promise<Omit<UploadReading, 'encoding' | 'app'>> {
  if (records.length === 0) {
    throw unreadable('The file has a header but no rows of transactions.', ErrorCode.NO_ROWS);
  }
  const { rows, statements } = readAppExport(app, records, options.monthFirst);
  const rowCount = await writeInBatches(rows, options.write);
  return { format: 'csv', csv: undefined, rowCount, accountIdentifiers: [], statements };
}

/** Where the table starts and how its columns map: remembered for this header, or detected. */
async function csvLayout(
  records: string[][],
  delimiter: Delimiter,
  options: ReadUploadOptions,
): Promise<{ layout: CsvLayout; isRemembered: boolean }> {
  if (records.every(isBlankRecord)) {
    throw unreadable('The file is empty.', ErrorCode.EMPTY_FILE);
  }
  const table = findHeader(records);
  if (!table) {
    throw notSupported(`This file is not a table of transactions. ${SUPPORTED_FORMATS_TEXT}`);
  }
  const headerKey = headerKeyOf(table.columns);
  const firstRow = table.headerIndex + 1;
  const remembered = await options.rememberedMapping(headerKey);
  const isRemembered = remembered !== undefined && fitsColumns(remembered, table.columns.length);
  const mapping = isRemembered
    ? withReasons(
        { ...withoutReasons(remembered), skipRows: table.headerIndex },
        rememberedReasons(remembered),
      )
    : detectedMapping(
        table,
        records.slice(firstRow).filter((record) => !isBlankRecord(record)),
        { monthFirst: options.monthFirst, delimiter, isCardAccount: options.isCardAccount },
      );
  return {
    layout: {
      delimiter,
      columns: table.columns,
      mapping,
      headerKey,
      firstRow,
      rereadUpTo: undefined,
    },
    isRemembered,
  };
}

function detectedMapping(
  table: CsvTable,
  rows: string[][],
  preferences: MappingPreferences,
): StoredImportMapping {
  const { mapping, reasonCodes } = detectMapping(table, rows, preferences);
  return withReasons(mapping, reasonCodes);
}

/** Each mapped role of a remembered mapping: the user chose it for this bank's header before. */
function rememberedReasons(mapping: ImportMapping): MappingReasonCodes {
  const reasons: MappingReasonCodes = {};
  const roles = ['date', 'amount', 'debit', 'credit', 'name', 'note', 'category', 'direction'];
  for (const role of roles as Array<keyof ImportMappingReasons & keyof ImportMapping>) {
    if (mapping[role] != null) reasons[role] = [{ code: 'remembered', params: {} }];
  }
  if (mapping.invertSign) reasons.invertSign = [{ code: 'rememberedInvertSign', params: {} }];
  return reasons;
}

/** Whether every column a mapping names exists in a header of `width` cells. */
export function fitsColumns(mapping: ImportMapping, width: number): boolean {
  const { date, amount, debit, credit, name, note, category, direction } = mapping;
  return [date, amount, debit, credit, name, note, category, direction ?? null].every(
    (column) => column === null || column < width,
  );
}

/** csv-parse's errors as a 400 that says where the file breaks. */
function csvError(error: unknown): unknown {
  if (!(error instanceof CsvError)) return error;
  const line = (error as CsvError & { lines?: number }).lines;
  switch (error.code) {
    case 'CSV_MAX_RECORD_SIZE':
      return unreadable(
        `Line ${line ?? '?'} is longer than ${MAX_CSV_RECORD_BYTES / 1024} KB: this is not a bank statement CSV (or a quote is never closed).`,
        ErrorCode.CSV_LINE_TOO_LONG,
      );
    case 'CSV_QUOTE_NOT_CLOSED':
      return unreadable(
        `A quoted field that starts near line ${line ?? '?'} never ends.`,
        ErrorCode.CSV_QUOTE_NOT_CLOSED,
      );
    default:
      return unreadable(
        `The CSV cannot be read near line ${line ?? '?'}: ${error.message}`,
        ErrorCode.CSV_INVALID,
      );
  }
}
