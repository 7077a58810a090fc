import { rowProblem } from './import-messages';
import { ErrorCode, MAX_ACCOUNT_NAME_LENGTH } from '@moneta/shared';
import type { AccountType, ImportDateFormat } from '@moneta/shared';
import type { FileStatement, StatementReading } from './file-statement';
import { notSupported, unreadable } from './import-refusal';
import { parseBankAmount } from './parse-bank-amount';
import { chooseDateFormat, formatsReading, parseDate } from './parse-date';
import {
  amountProblem,
  cleanCategory,
  cleanName,
  cleanNote,
  finishRow,
  quoted,
  type ReadRow,
} from './read-row';

/** One QIF record: its lines by their one-letter code (the first of each). */
type QifRecord = Map<string, string>;

/**
 * Sections whose records are not transactions of a bank, cash or card register: account
 * lists, categories, classes, memorised transactions, and a full Quicken export's investment
 * register, securities and prices.
 */
const NOT_A_REGISTER = /^(account|cat|class|memorized|invst|security|prices)/;
const INVESTMENTS = /^(invst|security|prices)/;
const isRegister = (section: string) => section !== '' && !NOT_A_REGISTER.test(section);

/** A register's record with the index of its account's statement. */
type StatementRecord = { record: QifRecord; statement: number };

/** QIF account and register types (`TCCard`, `!Type:Cash`) as Moneta's account types. */
function accountType(qifType: string): AccountType {
  const type = qifType.trim().toLowerCase();
  if (type === 'ccard') return 'credit';
  if (type === 'cash') return 'cash';
  return 'checking';
}

/**
 * Quicken Interchange Format, read by hand (a line-based format of one-letter codes; the npm
 * QIF parsers are unmaintained): `!Type:Bank|Cash|CCard|Oth A|Oth L` sections of records that
 * end with `^`; D date, T/U amount, P payee, M memo, L category (`[Account]` is a transfer, not
 * a category), N check number. Split lines (S/E/$) are left out: T is the total. An `!Account`
 * block (N name, T type, `^`) names the account whose registers follow, up to the next one: a
 * full Quicken export holds several, each its own statement (docs/imports-multi-account.md).
 * Every other section (categories, classes, memorised transactions, and the investment
 * register and security lists of a full Quicken export) is skipped, as are the lines before
 * the first header (exporters' comments). A file of investments alone is refused.
 */
export function readQif(text: string, monthFirst: boolean): StatementReading<ReadRow> {
  const { records, statements, hasInvestments } = parseRecords(text);
  if (records.length === 0 && hasInvestments) {
    throw notSupported(
      'Investment QIF files are not supported; export the bank or card account.',
      ErrorCode.QIF_INVESTMENT,
    );
  }
  if (records.length === 0)
    throw unreadable('The QIF file holds no transactions.', ErrorCode.NO_TRANSACTIONS);
  const dates = records.map(({ record }) => record.get('D') ?? '').filter(Boolean);
  const dateFormat =
    chooseDateFormat(formatsReading(dates), monthFirst) ?? mostReadable(dates, monthFirst);
  function* rows(): Generator<ReadRow> {
    for (const [position, { record, statement }] of records.entries()) {
      yield qifRow(record, position, dateFormat, statement);
    }
  }
  return { rows: rows(), statements };
}

function parseRecords(text: string): {
  records: StatementRecord[];
  statements: FileStatement[];
  hasInvestments: boolean;
} {
  const records: StatementRecord[] = [];
  const statements: FileStatement[] = [];
  let hasInvestments = false;
  let section = '';
  let current: QifRecord = new Map();
  /** The last `!Account` block read, and its statement once a register record names it. */
  let account: QifRecord | undefined;
  const statementOf = new Map<QifRecord | undefined, number>();
  let registerType = '';
  const push = (record: QifRecord) => {
    let statement = statementOf.get(account);
    if (statement === undefined) {
      statement =
        statements.push({
          name: cleanName(account?.get('N')).slice(0, MAX_ACCOUNT_NAME_LENGTH).trim() || null,
          identifier: null,
          currency: null,
          type: accountType(account?.get('T') ?? registerType),
          rowCount: 0,
        }) - 1;
      statementOf.set(account, statement);
    }
    statements[statement]!.rowCount++;
    records.push({ record, statement });
  };
  for (const rawLine of text.split(/\r\n|\n|\r/)) {
    const line = rawLine.trimEnd();
    if (line === '') continue;
    if (line.startsWith('!')) {
      // A register's last record may lack its `^`: it still ends here.
      if (current.size > 0 && isRegister(section)) push(current);
      if (current.size > 0 && section === 'account') account = current;
      current = new Map();
      const header = line.toLowerCase();
      if (header.startsWith('!type:')) {
        section = header.slice(6).trim();
        registerType = section;
        if (INVESTMENTS.test(section)) hasInvestments = true;
      } else if (header.startsWith('!account')) {
        section = 'account';
      } else if (header.startsWith('!option') || header.startsWith('!clear')) {
        // AutoSwitch brackets Quicken's list of accounts: not a block whose registers follow.
        section = '';
      }
      continue;
    }
    if (section === 'account') {
      if (line === '^') {
        if (current.size > 0) account = current;
        current = new Map();
      } else if (!current.has(line[0]!)) current.set(line[0]!, line.slice(1));
      continue;
    }
    if (!isRegister(section)) continue;
    if (line === '^') {
      if (current.size > 0) push(current);
      current = new Map();
      continue;
    }
    const code = line[0]!;
    if (!current.has(code)) current.set(code, line.slice(1));
  }
  if (current.size > 0 && isRegister(section)) push(current);
  return { records, statements, hasInvestments };
}

function mostReadable(dates: string[], monthFirst: boolean): ImportDateFormat {
  const readable = (
    ['MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD', 'DD-MM-YYYY', 'YYYY/MM/DD'] as const
  )
    .map((format) => ({ format, read: dates.filter((date) => parseDate(date, format)).length }))
    .sort((a, b) => b.read - a.read);
  const best = readable
    .filter((entry) => entry.read === readable[0]!.read)
    .map((entry) => entry.format);
  return chooseDateFormat(best, monthFirst) ?? 'MM/DD/YYYY';
}

function qifRow(
  record: QifRecord,
  position: number,
  dateFormat: ImportDateFormat,
  statement: number,
): ReadRow {
  const rowNumber = position + 1;
  let problem: string | null = null;
  const dateText = (record.get('D') ?? '').trim();
  const date = dateText ? parseDate(dateText, dateFormat) : null;
  if (!dateText) problem = rowProblem('dateMissingQif', { row: rowNumber });
  else if (!date)
    problem = rowProblem('dateInvalidFormat', {
      row: rowNumber,
      value: quoted(dateText),
      format: dateFormat,
    });

  const amountText = (record.get('T') ?? record.get('U') ?? '').trim();
  const amount = parseBankAmount(amountText, '.');
  let signedCents: number | null = null;
  if (amount.ok) signedCents = amount.cents;
  else problem ??= amountProblem(rowNumber, amount, amountText, 'amountQif');

  const category = (record.get('L') ?? '').trim();
  return finishRow(
    {
      position,
      cells: null,
      date,
      name: cleanName(record.get('P')),
      signedCents,
      note: cleanNote(record.get('M')),
      // [Savings] names a transfer account, not a category.
      fileCategory: category.startsWith('[') ? null : cleanCategory(category),
      bankId: null,
      problem,
      statement,
    },
    rowNumber,
  );
}
