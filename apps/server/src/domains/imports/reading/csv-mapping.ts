import {
  IMPORT_DATE_FORMATS,
  type ImportDateFormat,
  type ImportMapping,
  type ImportMappingReasonCode,
  type ImportMappingReasons,
  type ImportMessageParams,
} from '@moneta/shared';
import { cardSign, type CardSign } from './card-sign';
import { keywordRank, matches, type Role } from './column-keywords';
import {
  isConstant,
  isMostlyNonZero,
  isNumeric,
  notAName,
  profileColumns,
  type ColumnProfile,
  type NotAName,
} from './column-profile';
import { mappingReasonsInEnglish, type MappingReasonCodes } from './import-messages';
import { directionOf, isDirectionColumn } from './direction-marker';
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

/** The candidate ranked best for a role by title, else undefined. */
function byTitle(candidates: ColumnProfile[], role: Role): ColumnProfile | undefined {
  let best: { column: ColumnProfile; rank: number } | undefined;
  for (const column of candidates) {
    const rank = keywordRank(column.title, role);
    if (rank !== undefined && (!best || rank < best.rank)) best = { column, rank };
  }
  return best?.column;
}

/** Whether two columns are never both filled in one row (a debit and a credit column). */
function complementary(rows: string[][], a: number, b: number): boolean {
  return rows.every((row) => !((row[a] ?? '').trim() && (row[b] ?? '').trim()));
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

const quote = (column: ColumnProfile) => `"${column.title || `Column ${column.index + 1}`}"`;

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
  const columns = profileColumns(table.columns, rows);
  const said: MappingReasonCodes = {};
  /** Adds a sentence to a role's reason (a role may say why another column was passed over). */
  const say = (
    role: keyof ImportMappingReasons,
    code: ImportMappingReasonCode,
    params: ImportMessageParams = {},
  ) => (said[role] ??= []).push({ code, params });
  const used = new Set<number>();
  const take = (column: ColumnProfile | undefined) => {
    if (column) used.add(column.index);
    return column;
  };
  const free = () => columns.filter((column) => !used.has(column.index));

  const dateColumns = columns.filter(
    (column) => column.filled > 0 && column.dateFormats.length > 0,
  );
  const titledDate = byTitle(dateColumns, 'date') ?? byTitle(dateColumns, 'valueDate');
  const date = take(titledDate ?? dateColumns[0] ?? byTitle(columns, 'date') ?? columns[0])!;
  say('date', titledDate ? 'dateTitled' : dateColumns.length > 0 ? 'dateValues' : 'dateGuess');
  // Value dates beside booking dates are not amounts, names or notes.
  for (const column of dateColumns) if (matches(column.title, 'valueDate')) used.add(column.index);

  const numeric = free().filter(
    (column) =>
      isNumeric(column) &&
      !matches(column.title, 'balance') &&
      !matches(column.title, 'identifier'),
  );
  // An amount column moves money on most rows: an all-zero one (a foreign amount left empty,
  // "Intl.Amount") is passed over, whatever its title.
  const moving = numeric.filter(isMostlyNonZero);
  const zeroAmount = numeric.find(
    (column) => !isMostlyNonZero(column) && matches(column.title, 'amount'),
  );
  let amount: ColumnProfile | undefined;
  let debit = byTitle(numeric, 'debit');
  let credit = byTitle(
    numeric.filter((column) => column !== debit),
    'credit',
  );
  if (debit || credit) {
    take(debit);
    take(credit);
    if (debit) say('debit', 'debitTitled');
    if (credit) say('credit', 'creditTitled');
  } else {
    amount = byTitle(moving, 'amount');
    if (amount) {
      say('amount', 'amountTitled', {
        part: amount.positives + amount.negatives,
        whole: amount.filled,
      });
    } else {
      const [first, second] = moving;
      if (
        first &&
        second &&
        first.negatives === 0 &&
        second.negatives === 0 &&
        complementary(rows, first.index, second.index)
      ) {
        debit = first;
        credit = second;
        say('debit', 'debitComplement', { column: quote(second) });
        say('credit', 'creditComplement', { column: quote(first) });
      } else {
        amount = moving.find((column) => column.negatives > 0) ?? first;
        if (amount) say('amount', amount.negatives > 0 ? 'amountSigned' : 'amountFirstNumbers');
      }
    }
    take(amount);
    take(debit);
    take(credit);
  }
  if (!amount && !debit && !credit) {
    amount = take(byTitle(free(), 'amount') ?? free()[0] ?? columns[0]);
    say('amount', 'amountGuess');
  }
  if (zeroAmount && amount !== zeroAmount && said.amount) {
    say('amount', 'zeroAmountPassedOver', { column: quote(zeroAmount) });
  }
  for (const column of columns) if (matches(column.title, 'balance')) used.add(column.index);

  // Beside an unsigned amount, a column of Dr/Cr (debit/credit, S/H, Af/Bij) gives the sign.
  const direction =
    amount && amount.negatives === 0
      ? take(
          free().find((column) =>
            isDirectionColumn(
              rows.map((row) => row[column.index] ?? ''),
              rows.length,
              matches(column.title, 'direction'),
            ),
          ),
        )
      : undefined;
  if (direction) {
    const markers = [...new Set(rows.map((row) => (row[direction.index] ?? '').trim()))]
      .filter(Boolean)
      .map((marker) => `"${marker}"`)
      .join(', ');
    say('direction', 'directionMarkers', { markers });
  }

  const textColumns = free().filter(
    (column) => column.dateFormats.length === 0 || column.filled === 0,
  );
  const category = take(byTitle(textColumns, 'category'));
  if (category) say('category', 'categoryTitled');

  // A name is filled in, is text, and varies — unless no column varies (a short file of one
  // payee's rows).
  const fillsIn = free().filter((column) => notAName(column) === undefined);
  const varying = fillsIn.filter((column) => !isConstant(column));
  const nameCandidates = varying.length > 0 ? varying : fillsIn;
  const whyNotName = (column: ColumnProfile): NotAName | undefined =>
    notAName(column) ??
    (isConstant(column) && varying.length > 0 ? { code: 'namePassedOverConstant' } : undefined);
  const titledName = byTitle(nameCandidates, 'payee') ?? byTitle(nameCandidates, 'description');
  const byContent = nameCandidates
    .filter((column) => !matches(column.title, 'identifier'))
    .sort((a, b) => b.distinct - a.distinct || b.averageLength - a.averageLength)[0];
  // No column qualifies: the fullest column of text, so that rows have some name to check.
  const fullestText = free()
    .filter((column) => column.filled > 0 && !isNumeric(column) && column.dates < column.filled)
    .sort((a, b) => b.filled - a.filled || b.distinct - a.distinct)[0];
  const name = take(titledName ?? byContent ?? fullestText ?? free()[0] ?? columns[0])!;
  if (name === titledName || name === byContent) {
    say('name', name === titledName ? 'nameVariesTitled' : 'nameVaries', {
      part: name.distinct,
      whole: name.filled,
    });
  } else {
    say('name', 'nameGuess');
  }
  // A column a title or its variety would have chosen, and why it was not.
  const passedOver = free().find(
    (column) =>
      column.filled > 0 &&
      !isNumeric(column) &&
      whyNotName(column) !== undefined &&
      (matches(column.title, 'payee') ||
        matches(column.title, 'description') ||
        column.distinct > name.distinct),
  );
  const whyNot = passedOver && whyNotName(passedOver);
  if (passedOver && whyNot) {
    say('name', whyNot.code, { column: quote(passedOver), ...whyNot.params });
  }

  const note = take(
    byTitle(
      free().filter(
        (column) => (column.dateFormats.length === 0 || column.filled === 0) && !isConstant(column),
      ),
      'note',
    ),
  );
  if (note) say('note', 'noteTitled');
  // A column holding one value on every row is the statement's own account, not the other party's.
  const counterparty = take(
    byTitle(
      free().filter(
        (column) => column.filled > 0 && column.dateFormats.length === 0 && !isConstant(column),
      ),
      'counterparty',
    ),
  );
  if (counterparty) {
    say('counterparty', 'counterpartyTitled');
  }

  const dateValues = rows.map((row) => (row[date.index] ?? '').trim()).filter(Boolean);
  const dateFormat =
    chooseDateFormat(formatsReading(dateValues), preferences.monthFirst) ??
    chooseDateFormat(bestFormats(dateValues), preferences.monthFirst) ??
    'YYYY-MM-DD';

  const votes = { '.': 0, ',': 0 };
  for (const column of [amount, debit, credit]) {
    if (!column) continue;
    for (const row of rows) {
      const vote = decimalEvidence(row[column.index] ?? '');
      if (vote) votes[vote]++;
    }
  }
  const decimalSeparator: DecimalSeparator =
    votes[','] > votes['.'] || (votes[','] === votes['.'] && preferences.delimiter === ';')
      ? ','
      : '.';

  const sign = direction
    ? unmarkedSign(rows, direction)
    : amount
      ? cardSign(columns, amount, name, rows, preferences.isCardAccount)
      : undefined;
  if (sign?.reason) say('invertSign', sign.reason.code, sign.reason.params);

  return {
    mapping: {
      date: date.index,
      dateFormat,
      amount: amount?.index ?? null,
      debit: debit?.index ?? null,
      credit: credit?.index ?? null,
      decimalSeparator,
      name: name.index,
      note: note?.index ?? null,
      category: category?.index ?? null,
      counterparty: counterparty?.index ?? null,
      invertSign: sign?.isInverted ?? false,
      skipRows: table.headerIndex,
      direction: direction?.index ?? null,
    },
    reasons: mappingReasonsInEnglish(said),
    reasonCodes: said,
  };
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
