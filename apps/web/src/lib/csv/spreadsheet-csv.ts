import type { TFunction } from 'i18next';
import { categoryDisplayName } from '@/lib/categories/category-name';
import type { NumberFormat } from '@moneta/shared/typed-amount';

/**
 * The server's CSV (comma-separated, decimal points, English headers: the machine format other
 * programs and the original client read, docs/api.md) rewritten for a spreadsheet in the
 * person's language: the list separator a spreadsheet of their locale expects (`;` where the
 * decimal mark is a comma, as Excel and LibreOffice do), numbers with their decimal mark,
 * headers and the words Moneta writes (Income, Expense, built-in categories, Total) in their
 * language, a byte-order mark so that the encoding is read as UTF-8, and CRLF line ends.
 */

/** The server's headers → their key in common.json's `spreadsheet.headers`. */
const HEADER_KEYS: Record<string, string> = {
  Date: 'date',
  Type: 'type',
  Name: 'name',
  Category: 'category',
  Amount: 'amount',
  Note: 'note',
  Account: 'account',
  Currency: 'currency',
  'Base amount': 'baseAmount',
  Split: 'split',
  Start: 'start',
  End: 'end',
  Income: 'income',
  Expense: 'expense',
  Net: 'net',
  Total: 'total',
  Average: 'average',
  Balance: 'balance',
  'Base balance': 'baseBalance',
  Payee: 'payee',
  Count: 'count',
};

/** Columns of text: never read as numbers, whatever they hold (a name "12.50"). */
const TEXT_HEADERS = new Set([
  'Date',
  'Type',
  'Name',
  'Category',
  'Note',
  'Account',
  'Currency',
  'Split',
  'Start',
  'End',
  'Payee',
]);

const NUMBER = /^-?\d+(\.\d+)?$/;

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  const source = text.startsWith('\ufeff') ? text.slice(1) : text;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (isQuoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The list separator of a spreadsheet in this number format. */
export function listSeparatorOf(format: NumberFormat): ',' | ';' {
  return format.decimal === ',' ? ';' : ',';
}

function writeCell(cell: string, separator: string): string {
  return cell.includes(separator) || /["\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export interface SpreadsheetOptions {
  format: NumberFormat;
  /** The `common` namespace's t. */
  t: TFunction;
}

export function toSpreadsheetCsv(machineCsv: string, { format, t }: SpreadsheetOptions): string {
  const [header = [], ...rows] = parseCsv(machineCsv);
  const numeric = header.map(
    (name, column) =>
      !TEXT_HEADERS.has(name) &&
      rows.every((row) => (row[column] ?? '') === '' || NUMBER.test(row[column]!)),
  );
  const column = (name: string) => header.indexOf(name);
  const [type, category, account, balance] = [
    column('Type'),
    column('Category'),
    column('Account'),
    column('Balance'),
  ];
  const cellOf = (row: string[], index: number): string => {
    const cell = row[index] ?? '';
    if (numeric[index]) return cell.replace('.', format.decimal);
    if (index === type && (cell === 'Income' || cell === 'Expense'))
      return t(`spreadsheet.values.${cell === 'Income' ? 'income' : 'expense'}`);
    if (index === category) return categoryDisplayName(cell);
    // The net worth report's total row: Account "Total" without a balance of its own.
    if (index === account && cell === 'Total' && balance !== -1 && row[balance] === '')
      return t('spreadsheet.headers.total');
    return cell;
  };
  const separator = listSeparatorOf(format);
  const lines = [
    header.map((name) => {
      const key = HEADER_KEYS[name];
      return key ? t(`spreadsheet.headers.${key}`) : name;
    }),
    ...rows.map((row) => header.map((_, index) => cellOf(row, index))),
  ].map((cells) => cells.map((cell) => writeCell(cell, separator)).join(separator));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** A spreadsheet file's name beside the machine one: moneta_transactions.csv → moneta_transactions_spreadsheet.csv. */
export function spreadsheetFileName(machineName: string): string {
  return machineName.replace(/\.csv$/, '_spreadsheet.csv');
}
