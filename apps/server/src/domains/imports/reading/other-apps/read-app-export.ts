import { rowProblem } from '../import-messages';
import { ErrorCode, MAX_ACCOUNT_NAME_LENGTH, OTHER_APP_NAMES } from '@moneta/shared';
import type { AccountType, ImportDateFormat, OtherApp } from '@moneta/shared';
import type { FileStatement, StatementReading } from '../file-statement';
import { unreadable } from '../import-refusal';
import {
  decimalEvidence,
  parseBankAmount,
  withoutCurrencyText,
  type DecimalSeparator,
} from '../parse-bank-amount';
import { chooseDateFormat, formatsReading, parseDate } from '../parse-date';
import {
  amountProblem,
  cleanCategory,
  cleanName,
  cleanNote,
  finishRow,
  problemRow,
  quoted,
  type ReadRow,
} from '../read-row';
import { actual } from './actual';
import { SKIP, ColumnIndex, type AppEntry, type AppRecordReader } from './app-entry';
import { findSplitGroups, splitRow, type SplitGroup } from './split-groups';
import { firefly } from './firefly';
import { mint } from './mint';
import { ynab } from './ynab';

/** Most specific first: a header that fits two apps is the first one's. */
const FORMATS = [ynab, firefly, mint, actual];

export interface RecognisedApp {
  app: OtherApp;
  reader: AppRecordReader;
}

/** The app whose export has this header, if any (column order, case and extras do not matter). */
export function recogniseApp(header: string[]): RecognisedApp | undefined {
  const columns = new ColumnIndex(header);
  for (const format of FORMATS) {
    const reader = format.recognise(columns);
    if (reader) return { app: format.app, reader };
  }
  return undefined;
}

/**
 * An app's export (its data records, header excluded) as rows of the import, one statement per
 * account the file names (docs/imports-other-apps.md). Read whole: the date format and the decimal
 * separator are decided from every row, as the app wrote all of them alike.
 */
export function readAppExport(
  recognised: RecognisedApp,
  records: string[][],
  monthFirst: boolean,
): StatementReading<ReadRow> {
  const { app, reader } = recognised;
  const accounts = new Set<string>();
  for (const cells of records) {
    const account = reader.accountOf(cells);
    if (account) accounts.add(account);
  }
  const read = records.map((cells) => reader.read(cells, accounts));
  const entries = read.flatMap((result) => (Array.isArray(result) ? result : []));
  const dateFormat = fileDateFormat(
    entries.map((entry) => entry.dateText).filter(Boolean),
    monthFirst,
  );
  const decimal = fileDecimalSeparator(entries);

  const statements: FileStatement[] = [];
  const statementOf = new Map<string, number>();
  const rows: ReadRow[] = [];
  const statementFor = (entry: Pick<AppEntry, 'account' | 'currency'>): number | undefined => {
    const name = cleanName(entry.account).slice(0, MAX_ACCOUNT_NAME_LENGTH).trim();
    if (!name) return undefined;
    let key = statementOf.get(name);
    if (key === undefined) {
      key =
        statements.push({
          name,
          identifier: null,
          currency: null,
          type: typeOf(name),
          rowCount: 0,
        }) - 1;
      statementOf.set(name, key);
    }
    const statement = statements[key]!;
    statement.currency ??= entry.currency?.toUpperCase() ?? null;
    return key;
  };
  /** Rows that name no account wait for the first statement. */
  const unplaced: ReadRow[] = [];
  /** Puts a row read from an entry in its account's statement, next in the file's order. */
  const placeRow = (row: ReadRow, entry: AppEntry, rowNumber: number) => {
    row.position = rows.length + unplaced.length;
    const statement = statementFor(entry);
    if (statement === undefined) {
      row.problem ??= `Row ${rowNumber}: the account is empty.`;
      unplaced.push(row);
    } else {
      row.statement = statement;
      statements[statement]!.rowCount++;
      rows.push(row);
    }
  };
  // A split transaction the app wrote as several records is one row with its parts.
  const groups = new Map(findSplitGroups(read).map((group) => [group.first, group]));
  const grouped = new Set(
    [...groups.values()].flatMap((group) => group.parts.map((part) => part.index)),
  );
  const placeSplit = ({ parent, parts }: SplitGroup) => {
    const partRows = parts.map(({ entry, index }) =>
      entryRow(entry, 0, index + 1, dateFormat, decimal),
    );
    const whole = splitRow(
      partRows,
      parent && { name: cleanName(parent.name), note: cleanNote(parent.note) },
    );
    if (whole) placeRow(whole, parts[0]!.entry, parts[0]!.index + 1);
    else partRows.forEach((row, at) => placeRow(row, parts[at]!.entry, parts[at]!.index + 1));
  };
  read.forEach((result, index) => {
    const rowNumber = index + 1;
    const group = groups.get(index);
    if (group) {
      placeSplit(group);
      return;
    }
    if (result === SKIP || grouped.has(index)) return;
    if (typeof result === 'string') {
      // A record that cannot be read is a problem row of its account, when it names one.
      const row = problemRow(rows.length + unplaced.length, `Row ${rowNumber}: ${result}`);
      const account = reader.accountOf(records[index]!);
      const statement = account ? statementFor({ account, currency: null }) : undefined;
      if (statement === undefined) unplaced.push(row);
      else {
        row.statement = statement;
        statements[statement]!.rowCount++;
        rows.push(row);
      }
      return;
    }
    for (const entry of result) {
      // A split's parent without its parts is no transaction: its money is theirs.
      if (entry.split?.role === 'parent') continue;
      const row = entryRow(entry, 0, rowNumber, dateFormat, decimal);
      const statement = isOpeningBalance(app, entry, row) ? statementFor(entry) : undefined;
      if (statement !== undefined) {
        // The account's balance when the app started keeping it: no income, its opening balance.
        const own = statements[statement]!;
        own.openingBalanceCents =
          (own.openingBalanceCents ?? 0) + (row.isIncome ? 1 : -1) * row.amountCents!;
        continue;
      }
      placeRow(row, entry, rowNumber);
    }
  });
  const appName = OTHER_APP_NAMES[app];
  const firstReadable = rows.find((row) => row.problem === null);
  if (!firstReadable) {
    const problem = [...rows, ...unplaced].find((row) => row.problem)?.problem;
    throw unreadable(
      `This looks like ${article(appName)} ${appName} export, but none of its rows can be read${problem ? `: ${problem}` : '.'}`,
      ErrorCode.NO_TRANSACTIONS,
    );
  }
  for (const row of unplaced) {
    row.statement = 0;
    statements[0]!.rowCount++;
  }
  const all = [...rows, ...unplaced].sort((a, b) => a.position - b.position);
  return { rows: all, statements };
}

function entryRow(
  entry: AppEntry,
  position: number,
  rowNumber: number,
  dateFormat: ImportDateFormat,
  decimal: DecimalSeparator,
): ReadRow {
  let problem: string | null = null;
  const date = entry.dateText ? parseDate(entry.dateText, dateFormat) : null;
  if (!entry.dateText) problem = `Row ${rowNumber}: the date is empty.`;
  else if (!date) {
    problem = `Row ${rowNumber}: the date ${quoted(entry.dateText)} is not a valid ${dateFormat} date.`;
  }
  const { cents, problem: amountTrouble } = signedCents(entry, rowNumber, decimal);
  problem ??= amountTrouble;
  const row = finishRow(
    {
      position,
      cells: null,
      date,
      name: cleanName(entry.name),
      signedCents: cents,
      note: cleanNote(entry.note),
      fileCategory: entry.transfer === 'declared' ? null : cleanCategory(entry.category),
      bankId: null,
      problem,
    },
    rowNumber,
  );
  // What the app says wins over Moneta's guesses: a row it does not call a transfer is none.
  row.transferChoice = entry.transfer === 'none' ? false : null;
  return row;
}

/**
 * An app's amount without its currency, whatever the budget's currency writes ("1 234,56 kr",
 * "R$ 1.234,56", "CHF 1'234.50"): apps put only the currency beside the number, never a
 * DR/CR marker, so every letter and sign other than digits, separators, minus and parentheses
 * goes — before the number or after it, never from inside it (`1e308`, `12abc34` are refused).
 */
const amountOnly = (text: string) =>
  withoutCurrencyText(text, /[^\d.,+\-\u2212()\s\u00a0\u202f\u2009']+/g).trim();

function signedCents(
  entry: AppEntry,
  rowNumber: number,
  decimal: DecimalSeparator,
): { cents: number | null; problem: string | null } {
  if (entry.inflowText !== undefined) {
    // YNAB: one of Outflow and Inflow is 0 (or empty), the other the amount.
    const out = entry.amountText
      ? parseBankAmount(amountOnly(entry.amountText), decimal)
      : undefined;
    const into = entry.inflowText
      ? parseBankAmount(amountOnly(entry.inflowText), decimal)
      : undefined;
    if (out && !out.ok) {
      return {
        cents: null,
        problem: amountProblem(rowNumber, out, entry.amountText, 'outflow'),
      };
    }
    if (into && !into.ok) {
      return {
        cents: null,
        problem: amountProblem(rowNumber, into, entry.inflowText, 'inflow'),
      };
    }
    if (!out && !into)
      return { cents: null, problem: rowProblem('outflowInflowEmpty', { row: rowNumber }) };
    return { cents: (into?.ok ? into.cents : 0) - (out?.ok ? out.cents : 0), problem: null };
  }
  const reading = parseBankAmount(amountOnly(entry.amountText), decimal);
  if (!reading.ok) {
    return { cents: null, problem: amountProblem(rowNumber, reading, entry.amountText) };
  }
  if (entry.direction === null) return { cents: reading.cents, problem: null };
  const cents = Math.abs(reading.cents);
  return { cents: entry.direction === 'in' ? cents : -cents, problem: null };
}

/** The date format every date reads in; else the one that reads the most of them. */
function fileDateFormat(dates: string[], monthFirst: boolean): ImportDateFormat {
  const chosen = chooseDateFormat(formatsReading(dates), monthFirst);
  if (chosen) return chosen;
  const sample = dates.slice(0, 1000);
  const counted = (
    ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'DD-MM-YYYY', 'YYYY/MM/DD'] as const
  )
    .map((format) => ({ format, read: sample.filter((date) => parseDate(date, format)).length }))
    .sort((a, b) => b.read - a.read);
  return counted[0]!.format;
}

/** The separator most amounts prove ("1.234,56€" says ","); "." when none says. */
function fileDecimalSeparator(entries: AppEntry[]): DecimalSeparator {
  let dots = 0;
  let commas = 0;
  for (const entry of entries) {
    for (const text of [entry.amountText, entry.inflowText]) {
      const evidence = text ? decimalEvidence(text) : undefined;
      if (evidence === '.') dots++;
      else if (evidence === ',') commas++;
    }
  }
  return commas > dots ? ',' : '.';
}

/** A new account's type, from its name as apps let users write it. */
/** YNAB's payee of the row that opens an account: its balance then, as an inflow or outflow. */
const YNAB_STARTING_BALANCE = /^starting balance$/i;

/** A readable row that is an app's opening balance of its account rather than money moved. */
function isOpeningBalance(app: string, entry: AppEntry, row: ReadRow): boolean {
  return (
    app === 'ynab' &&
    YNAB_STARTING_BALANCE.test(entry.name.trim()) &&
    row.problem === null &&
    row.amountCents !== null &&
    row.isIncome !== null
  );
}

function typeOf(name: string): AccountType {
  if (/credit|card|visa|mastercard|amex|american express/i.test(name)) return 'credit';
  if (
    /saving|\bspar(konto|buch|plan)|tagesgeld|festgeld|[ée]pargne|livret|ahorro|risparmio/i.test(
      name,
    )
  ) {
    return 'savings';
  }
  if (/\bcash\b|wallet/i.test(name)) return 'cash';
  return 'checking';
}

const article = (name: string) => (/^[AEIOU]/i.test(name) ? 'an' : 'a');
