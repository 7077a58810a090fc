import {
  IMPORT_DATE_FORMATS,
  type ImportDateFormat,
  type ImportMapping,
  type ImportMappingReasons,
} from '@moneta/shared';
import { cardSign, type CardSign } from './card-sign';
import { matches, type Role } from './column-keywords';
import { profileColumns, type ColumnProfile } from './column-profile';
import { directionOf } from './direction-marker';
import { mappingReasonsInEnglish, type MappingReasonCodes } from './import-messages';
import {
  chooseAmounts,
  chooseCategory,
  chooseCounterparty,
  chooseDate,
  chooseDirection,
  chooseName,
  chooseNote,
  quote,
  startDetection,
} from './mapping-roles';
import { chooseDateFormat, formatsReading, parseDate } from './parse-date';
import { decimalEvidence, parseBankAmount, type DecimalSeparator } from './parse-bank-amount';

/** How many records the header and the mapping are detected from. */
export const DETECTION_RECORDS = 200;
/** The header is looked for among the first records (a bank's preamble is a few lines). */
const HEADER_SEARCH = 30;

/** Where the table starts: the header record and its cells. */
export interface CsvTable {
  headerIndex: number;
  columns: string[];
}

/** A record with nothing in it: a blank line, or one of delimiters only. */
export const isBlankRecord = (record: string[]) => record.every((cell) => cell.trim() === '');

/** How many of a record's cells name a date or an amount column (in any language Moneta knows). */
const namedColumns = (record: string[]) =>
  record.filter((cell) => DATE_OR_AMOUNT.some((role) => matches(cell, role))).length;
const DATE_OR_AMOUNT: Role[] = ['date', 'amount', 'debit', 'credit'];

/**
 * The header is the record whose cells name the columns: mostly filled in (against the table's
 * width, the most common number of fields), holding no date or amount, and naming a date or an
 * amount column — the first such record, else the first of the others. Preamble lines (account
 * number, period, balance, a sentence about pending payments) fill a cell or two and name no
 * column; blank lines are never the header; data rows hold dates and amounts. Some banks end data
 * rows with an extra delimiter, so the header may be a field narrower than its rows.
 */
export function findHeader(records: string[][]): CsvTable | undefined {
  const searched = records.slice(0, HEADER_SEARCH);
  const widths = new Map<number, number>();
  for (const record of records) {
    if (record.length >= 2 && !isBlankRecord(record)) {
      widths.set(record.length, (widths.get(record.length) ?? 0) + 1);
    }
  }
  const width = [...widths].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0];
  if (width === undefined) return undefined;
  const looksLikeHeader = (record: string[]) => {
    const filled = record.filter((cell) => cell.trim() !== '');
    return (
      filled.length >= Math.max(2, Math.ceil(width * 0.6)) &&
      filled.every((cell) => formatsReading([cell]).length === 0 && !parseBankAmount(cell, '.').ok)
    );
  };
  let index = searched.findIndex((record) => looksLikeHeader(record) && namedColumns(record) > 0);
  if (index < 0) index = searched.findIndex(looksLikeHeader);
  if (index < 0) index = searched.findIndex((record) => record.length === width);
  if (index < 0) return undefined;
  return { headerIndex: index, columns: records[index]!.map((cell) => cell.trim()) };
}

export interface MappingPreferences {
  /** The user writes dates month first (USD and an American zone). */
  monthFirst: boolean;
  delimiter: string;
  /** The file goes into a credit card account: mostly positive amounts are its charges. */
  isCardAccount?: boolean;
}

export interface DetectedMapping {
  mapping: ImportMapping;
  /** A sentence per role set: what the column holds that made it the choice. */
  reasons: ImportMappingReasons;
  /** The same sentences as codes and values, for the web to say in the user's language. */
  reasonCodes: MappingReasonCodes;
}

/**
 * The mapping read from a CSV's header and first rows: the date column and its format, one
 * signed amount or debit/credit columns, the decimal separator, the name, note and category
 * columns, and whether the signs are a card's (charges positive). A column qualifies for a
 * role by what it holds — dates in every row; numbers, mostly not zero, for an amount; text
 * that is filled in and varies for a name — and titles (in several languages) choose among
 * the columns that qualify. A column that cannot be found is guessed, and its rows show as
 * problems until the user fixes the mapping. Each choice comes with its reason.
 */
export function detectMapping(
  table: CsvTable,
  rows: string[][],
  preferences: MappingPreferences,
): DetectedMapping {
  const d = startDetection(profileColumns(table.columns, rows), rows);
  const date = chooseDate(d);
  const { amount, debit, credit } = chooseAmounts(d);
  const direction = chooseDirection(d, amount);
  const category = chooseCategory(d);
  const name = chooseName(d);
  const note = chooseNote(d);
  const counterparty = chooseCounterparty(d);
  const sign = direction
    ? unmarkedSign(rows, direction)
    : amount
      ? cardSign(d.columns, amount, name, rows, preferences.isCardAccount)
      : undefined;
  if (sign?.reason) d.say('invertSign', sign.reason.code, sign.reason.params);

  return {
    mapping: {
      date: date.index,
      dateFormat: dateFormatOf(rows, date, preferences.monthFirst),
      amount: amount?.index ?? null,
      debit: debit?.index ?? null,
      credit: credit?.index ?? null,
      decimalSeparator: decimalSeparatorOf(rows, [amount, debit, credit], preferences.delimiter),
      name: name.index,
      note: note?.index ?? null,
      category: category?.index ?? null,
      counterparty: counterparty?.index ?? null,
      invertSign: sign?.isInverted ?? false,
      skipRows: table.headerIndex,
      direction: direction?.index ?? null,
    },
    reasons: mappingReasonsInEnglish(d.said),
    reasonCodes: d.said,
  };
}

/** The date format that reads every date of the column, else the most; ISO without any. */
function dateFormatOf(rows: string[][], date: ColumnProfile, monthFirst: boolean) {
  const dateValues = rows.map((row) => (row[date.index] ?? '').trim()).filter(Boolean);
  return (
    chooseDateFormat(formatsReading(dateValues), monthFirst) ??
    chooseDateFormat(bestFormats(dateValues), monthFirst) ??
    'YYYY-MM-DD'
  );
}

/**
 * The decimal separator most amounts prove; on a tie, the comma in a file delimited by
 * semicolons (where the comma is free to be the decimal one).
 */
function decimalSeparatorOf(
  rows: string[][],
  amountColumns: Array<ColumnProfile | undefined>,
  delimiter: string,
): DecimalSeparator {
  const votes = { '.': 0, ',': 0 };
  for (const column of amountColumns) {
    if (!column) continue;
    for (const row of rows) {
      const vote = decimalEvidence(row[column.index] ?? '');
      if (vote) votes[vote]++;
    }
  }
  return votes[','] > votes['.'] || (votes[','] === votes['.'] && delimiter === ';') ? ',' : '.';
}

/**
 * With a marker column that marks only credits (HDFC's "Debit /Credit" holds `Cr` or nothing),
 * the unmarked rows are the charges: their positive amounts are read as money out.
 */
function unmarkedSign(rows: string[][], direction: ColumnProfile): CardSign {
  const markers = rows.map((row) => directionOf(row[direction.index] ?? ''));
  const isOnlyCredits = markers.every((marker) => marker !== 'out');
  if (!isOnlyCredits || markers.every((marker) => marker !== undefined)) {
    return { isInverted: false, reason: undefined };
  }
  return {
    isInverted: true,
    reason: { code: 'invertSignUnmarked', params: { column: quote(direction) } },
  };
}

/** The formats that read the most of the values (when none reads them all). */
function bestFormats(values: string[]): ImportDateFormat[] {
  const counts = IMPORT_DATE_FORMATS.map((format) => ({
    format,
    read: values.filter((value) => parseDate(value, format) !== null).length,
  }));
  const most = Math.max(...counts.map((count) => count.read));
  return most > 0 ? counts.filter((count) => count.read === most).map((count) => count.format) : [];
}

/** Day and month of a slashed date with the year last (03/04/2026), the one order that reads both ways. */
const SLASHED = /^\s*(\d{1,2})\/(\d{1,2})\/\d/;

/**
 * What the file says about a detected mapping, row by row while it streams. The first rows of
 * a statement may all read both ways (01/03 … 12/03) where a later row proves which part is
 * the day: the date order then switches at once (the rows before it are read again; after it,
 * they are read right the first time). And which decimal separator the amounts prove, counted
 * over the whole file. Cheap per row: one regular expression and a look at the amounts.
 */
export class MappingEvidence {
  private mapping: ImportMapping;
  /** Whether some row proved the current date order (a part over 12 where it should be). */
  private isOrderProven = false;
  private readonly decimalVotes = { '.': 0, ',': 0 };
  private readonly amountColumns: number[];

  constructor(mapping: ImportMapping) {
    this.mapping = mapping;
    this.amountColumns = [mapping.amount, mapping.debit, mapping.credit].filter(
      (column): column is number => column !== null,
    );
  }

  /** Takes a row into account; returns the switched mapping when this row proves the other order. */
  observe(cells: string[]): ImportMapping | undefined {
    for (const index of this.amountColumns) {
      const vote = decimalEvidence(cells[index] ?? '');
      if (vote) this.decimalVotes[vote]++;
    }
    const { dateFormat } = this.mapping;
    if (this.isOrderProven || (dateFormat !== 'DD/MM/YYYY' && dateFormat !== 'MM/DD/YYYY')) {
      return undefined;
    }
    const match = SLASHED.exec(cells[this.mapping.date] ?? '');
    if (!match) return undefined;
    const [first, second] = [Number(match[1]), Number(match[2])];
    const dayPart = dateFormat === 'DD/MM/YYYY' ? first : second;
    const monthPart = dateFormat === 'DD/MM/YYYY' ? second : first;
    if (dayPart > 12 && monthPart <= 12) this.isOrderProven = true;
    if (monthPart > 12 && dayPart <= 12) {
      this.isOrderProven = true;
      this.mapping = {
        ...this.mapping,
        dateFormat: dateFormat === 'DD/MM/YYYY' ? 'MM/DD/YYYY' : 'DD/MM/YYYY',
      };
      return this.mapping;
    }
    return undefined;
  }

  /** At the end: the mapping with the decimal separator the amounts prove, if they prove the other. */
  decimalCorrection(): ImportMapping | undefined {
    const current = this.mapping.decimalSeparator;
    const other = current === '.' ? ',' : '.';
    if (this.decimalVotes[other] <= this.decimalVotes[current]) return undefined;
    this.mapping = { ...this.mapping, decimalSeparator: other };
    return this.mapping;
  }
}
