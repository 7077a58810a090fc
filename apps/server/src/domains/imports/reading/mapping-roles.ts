import type {
  ImportMappingReasonCode,
  ImportMappingReasons,
  ImportMessageParams,
} from '@moneta/shared';
import { keywordRank, matches, type Role } from './column-keywords';
import {
  isConstant,
  isMostlyNonZero,
  isNumeric,
  notAName,
  type ColumnProfile,
  type NotAName,
} from './column-profile';
import { isDirectionColumn } from './direction-marker';
import type { MappingReasonCodes } from './import-messages';

/**
 * The steps of the CSV column detector (detectMapping, csv-mapping.ts), each choosing the
 * column of a role from the columns no earlier step took, and saying why.
 */

/** A detection under way: the columns, the rows, the columns taken and the reasons said. */
export interface Detection {
  columns: ColumnProfile[];
  rows: string[][];
  said: MappingReasonCodes;
  /** Adds a sentence to a role's reason (a role may say why another column was passed over). */
  say(
    role: keyof ImportMappingReasons,
    code: ImportMappingReasonCode,
    params?: ImportMessageParams,
  ): void;
  /** Marks a column as taken (no later role gets it); answers it. */
  take(column: ColumnProfile | undefined): ColumnProfile | undefined;
  /** Marks a column as taken without choosing it (a balance, a value date). */
  skip(column: ColumnProfile): void;
  /** The columns not taken yet. */
  free(): ColumnProfile[];
}

export function startDetection(columns: ColumnProfile[], rows: string[][]): Detection {
  const said: MappingReasonCodes = {};
  const used = new Set<number>();
  return {
    columns,
    rows,
    said,
    say: (role, code, params = {}) => (said[role] ??= []).push({ code, params }),
    take(column) {
      if (column) used.add(column.index);
      return column;
    },
    skip: (column) => used.add(column.index),
    free: () => columns.filter((column) => !used.has(column.index)),
  };
}

export const quote = (column: ColumnProfile) => `"${column.title || `Column ${column.index + 1}`}"`;

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

/** The date: dates in every row, a date title among them first; value dates are passed over. */
export function chooseDate(d: Detection): ColumnProfile {
  const { columns } = d;
  const dateColumns = columns.filter(
    (column) => column.filled > 0 && column.dateFormats.length > 0,
  );
  const titledDate = byTitle(dateColumns, 'date') ?? byTitle(dateColumns, 'valueDate');
  const date = d.take(titledDate ?? dateColumns[0] ?? byTitle(columns, 'date') ?? columns[0])!;
  d.say('date', titledDate ? 'dateTitled' : dateColumns.length > 0 ? 'dateValues' : 'dateGuess');
  // Value dates beside booking dates are not amounts, names or notes.
  for (const column of dateColumns) if (matches(column.title, 'valueDate')) d.skip(column);
  return date;
}

/** The money columns: one signed amount, or a debit and a credit column. */
export interface AmountColumns {
  amount: ColumnProfile | undefined;
  debit: ColumnProfile | undefined;
  credit: ColumnProfile | undefined;
}

/**
 * The amount, or the debit and credit columns: numbers (not a balance or an identifier), by
 * title, else two unsigned columns never both filled, else the signed one; balances are passed
 * over.
 */
export function chooseAmounts(d: Detection): AmountColumns {
  const numeric = d
    .free()
    .filter(
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
  const debit = byTitle(numeric, 'debit');
  const credit = byTitle(
    numeric.filter((column) => column !== debit),
    'credit',
  );
  let chosen: AmountColumns;
  if (debit || credit) {
    d.take(debit);
    d.take(credit);
    if (debit) d.say('debit', 'debitTitled');
    if (credit) d.say('credit', 'creditTitled');
    chosen = { amount: undefined, debit, credit };
  } else {
    chosen = untitledAmounts(d, moving);
    d.take(chosen.amount);
    d.take(chosen.debit);
    d.take(chosen.credit);
  }
  if (!chosen.amount && !chosen.debit && !chosen.credit) {
    chosen.amount = d.take(byTitle(d.free(), 'amount') ?? d.free()[0] ?? d.columns[0]);
    d.say('amount', 'amountGuess');
  }
  if (zeroAmount && chosen.amount !== zeroAmount && d.said.amount) {
    d.say('amount', 'zeroAmountPassedOver', { column: quote(zeroAmount) });
  }
  for (const column of d.columns) if (matches(column.title, 'balance')) d.skip(column);
  return chosen;
}

/** Without a debit or credit title: an amount by title, two complementary columns, or numbers. */
function untitledAmounts(d: Detection, moving: ColumnProfile[]): AmountColumns {
  const amount = byTitle(moving, 'amount');
  if (amount) {
    d.say('amount', 'amountTitled', {
      part: amount.positives + amount.negatives,
      whole: amount.filled,
    });
    return { amount, debit: undefined, credit: undefined };
  }
  const [first, second] = moving;
  if (
    first &&
    second &&
    first.negatives === 0 &&
    second.negatives === 0 &&
    complementary(d.rows, first.index, second.index)
  ) {
    d.say('debit', 'debitComplement', { column: quote(second) });
    d.say('credit', 'creditComplement', { column: quote(first) });
    return { amount: undefined, debit: first, credit: second };
  }
  const signed = moving.find((column) => column.negatives > 0) ?? first;
  if (signed) d.say('amount', signed.negatives > 0 ? 'amountSigned' : 'amountFirstNumbers');
  return { amount: signed, debit: undefined, credit: undefined };
}

/** Beside an unsigned amount, a column of Dr/Cr (debit/credit, S/H, Af/Bij) gives the sign. */
export function chooseDirection(
  d: Detection,
  amount: ColumnProfile | undefined,
): ColumnProfile | undefined {
  if (!amount || amount.negatives !== 0) return undefined;
  const { rows } = d;
  const direction = d.take(
    d.free().find((column) =>
      isDirectionColumn(
        rows.map((row) => row[column.index] ?? ''),
        rows.length,
        matches(column.title, 'direction'),
      ),
    ),
  );
  if (direction) {
    const markers = [...new Set(rows.map((row) => (row[direction.index] ?? '').trim()))]
      .filter(Boolean)
      .map((marker) => `"${marker}"`)
      .join(', ');
    d.say('direction', 'directionMarkers', { markers });
  }
  return direction;
}

/** The category: a column of text titled so. */
export function chooseCategory(d: Detection): ColumnProfile | undefined {
  const textColumns = d
    .free()
    .filter((column) => column.dateFormats.length === 0 || column.filled === 0);
  const category = d.take(byTitle(textColumns, 'category'));
  if (category) d.say('category', 'categoryTitled');
  return category;
}

/**
 * The name: filled in, text, and varying — unless no column varies (a short file of one payee's
 * rows) — by title, else the most varied; else the fullest column of text. Says which column a
 * title or its variety would have chosen, and why it was not.
 */
export function chooseName(d: Detection): ColumnProfile {
  const fillsIn = d.free().filter((column) => notAName(column) === undefined);
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
  const fullestText = d
    .free()
    .filter((column) => column.filled > 0 && !isNumeric(column) && column.dates < column.filled)
    .sort((a, b) => b.filled - a.filled || b.distinct - a.distinct)[0];
  const name = d.take(titledName ?? byContent ?? fullestText ?? d.free()[0] ?? d.columns[0])!;
  if (name === titledName || name === byContent) {
    d.say('name', name === titledName ? 'nameVariesTitled' : 'nameVaries', {
      part: name.distinct,
      whole: name.filled,
    });
  } else {
    d.say('name', 'nameGuess');
  }
  const passedOver = d
    .free()
    .find(
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
    d.say('name', whyNot.code, { column: quote(passedOver), ...whyNot.params });
  }
  return name;
}

/** The note: a varying column of text titled so. */
export function chooseNote(d: Detection): ColumnProfile | undefined {
  const note = d.take(
    byTitle(
      d
        .free()
        .filter(
          (column) =>
            (column.dateFormats.length === 0 || column.filled === 0) && !isConstant(column),
        ),
      'note',
    ),
  );
  if (note) d.say('note', 'noteTitled');
  return note;
}

/**
 * The counterparty: a column titled so that varies (one holding one value on every row is the
 * statement's own account, not the other party's).
 */
export function chooseCounterparty(d: Detection): ColumnProfile | undefined {
  const counterparty = d.take(
    byTitle(
      d
        .free()
        .filter(
          (column) => column.filled > 0 && column.dateFormats.length === 0 && !isConstant(column),
        ),
      'counterparty',
    ),
  );
  if (counterparty) d.say('counterparty', 'counterpartyTitled');
  return counterparty;
}
