import { rowProblem } from './import-messages';
import { ErrorCode, isCalendarDate, normalizeAccountIdentifier } from '@moneta/shared';
import type { AccountType } from '@moneta/shared';
import type { FileStatement, StatementReading } from './file-statement';
import { unreadable } from './import-refusal';
import { parseBankAmount } from './parse-bank-amount';
import { statementCurrency } from './statement-currency';
import { amountProblem, cleanName, cleanNote, finishRow, quoted, type ReadRow } from './read-row';
import { parseXml, type XmlNode, type XmlValue } from './xml';

/** One <STMTTRN>: its leaf elements by name, an aggregate's leaves as AGGREGATE.NAME. */
type OfxFields = Record<string, string>;

/** A transaction with the index of its statement among the file's statements. */
/** `isCut`: the file ends inside this transaction (a broken download). */
type OfxTransaction = { fields: OfxFields; statement: number; isCut?: boolean };

const MAX_BANK_ID_LENGTH = 255;

/** An account's statement in the file, before its first transaction is seen. */
type StatementInfo = Omit<FileStatement, 'rowCount'>;

/**
 * The statements of a file as its transactions name them: a statement is listed when its
 * first transaction is read, so one without transactions is not (there is nothing to import
 * into its account). A transaction outside any statement belongs to an unnamed one.
 */
class Statements {
  readonly list: FileStatement[] = [];
  private readonly indexes = new Map<StatementInfo, number>();
  private unnamed: StatementInfo | undefined;

  indexOf(info: StatementInfo | undefined): number {
    const statement = info ?? (this.unnamed ??= { ...UNNAMED });
    let index = this.indexes.get(statement);
    if (index === undefined) {
      index = this.list.push({ ...statement, rowCount: 0 }) - 1;
      this.indexes.set(statement, index);
    }
    this.list[index]!.rowCount++;
    return index;
  }
}

const UNNAMED: StatementInfo = { name: null, identifier: null, currency: null, type: 'checking' };

/** <STMTRS> is a bank account's statement, <CCSTMTRS> a credit card's. */
const STATEMENT_TYPES: Record<string, AccountType> = { STMTRS: 'checking', CCSTMTRS: 'credit' };
/** OFX ACCTTYPE of a bank account, as Moneta's account types. */
const BANK_ACCOUNT_TYPES: Record<string, AccountType> = {
  SAVINGS: 'savings',
  MONEYMRKT: 'savings',
  CREDITLINE: 'credit',
};

const isAccountFrom = (name: string) => name === 'BANKACCTFROM' || name === 'CCACCTFROM';

/**
 * The transactions of an OFX/QFX file, credit card statements included, with its statements
 * (several in one file: a checking account in CAD and one in USD, each <STMTRS> with its own
 * ACCTID and CURDEF; docs/imports-multi-account.md). OFX 1.x is SGML: leaf elements are never
 * closed (`<NAME>Coffee`), so it is read by a small tag scanner of our own (no maintained npm
 * parser reads OFX SGML without a network-era dependency tree). OFX 2.x is XML and goes
 * through the XML parser; an OFX 2 file that is not well-formed (unclosed tags) is read by the
 * tolerant scanner instead of being refused. The statements are complete once the rows are read.
 */
export function readOfx(text: string): StatementReading<ReadRow> {
  const statements = new Statements();
  function* rows(): Generator<ReadRow> {
    let position = 0;
    const transactions = /^\s*(\uFEFF)?\s*<\?xml/i.test(text)
      ? xmlTransactions(text, statements)
      : sgmlTransactions(text, statements);
    for (const { fields, statement, isCut } of transactions) {
      yield ofxRow(fields, position, statement, isCut === true);
      position++;
    }
    if (position === 0) {
      throw unreadable('The OFX file holds no transactions.', ErrorCode.NO_TRANSACTIONS);
    }
  }
  return { rows: rows(), statements: statements.list };
}

const TAG = /<(\/?)([A-Za-z0-9._]+)>([^<]*)/g;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
  '&nbsp;': ' ',
};
const decode = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (entity) => ENTITIES[entity]!);

/**
 * A tolerant scan of OFX tags: a transaction runs from <STMTTRN> to </STMTTRN>, or to the next
 * <STMTTRN>, the end of its list or of the file when its closing tag is missing. An element
 * with text is a leaf; one without is an aggregate (PAYEE) whose leaves get its name as prefix.
 * Outside transactions, the scan follows the statements: their account (ACCTID in
 * BANKACCTFROM/CCACCTFROM, not a transfer's BANKACCTTO), its type and the currency (CURDEF).
 */
function* sgmlTransactions(text: string, statements: Statements): Generator<OfxTransaction> {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw unreadable('The OFX file has no <OFX> body.', ErrorCode.OFX_INVALID);
  let current: OfxFields | undefined;
  let currentStatement = 0;
  let aggregates: string[] = [];
  let statement: StatementInfo | undefined;
  let outer: string[] = [];
  for (const match of text.slice(start).matchAll(TAG)) {
    const isClosing = match[1] === '/';
    const name = match[2]!.toUpperCase();
    const value = decode(match[3]!.trim());
    if (name === 'STMTTRN') {
      if (current) yield { fields: current, statement: currentStatement };
      current = isClosing ? undefined : {};
      if (current) currentStatement = statements.indexOf(statement);
      aggregates = [];
      continue;
    }
    if (!current) {
      if (isClosing) {
        const at = outer.lastIndexOf(name);
        if (at >= 0) outer = outer.slice(0, at);
        if (STATEMENT_TYPES[name]) statement = undefined;
      } else if (STATEMENT_TYPES[name]) {
        statement = { ...UNNAMED, type: STATEMENT_TYPES[name] };
        outer = [name];
      } else if (value === '') {
        outer.push(name);
      } else if (statement) {
        readStatementLeaf(statement, outer.at(-1) ?? '', name, value);
      }
      continue;
    }
    if (isClosing) {
      if (name === 'BANKTRANLIST' || STATEMENT_TYPES[name]) {
        yield { fields: current, statement: currentStatement };
        current = undefined;
        if (STATEMENT_TYPES[name]) statement = undefined;
      } else {
        const at = aggregates.lastIndexOf(name);
        if (at >= 0) aggregates = aggregates.slice(0, at);
      }
    } else if (value === '') {
      aggregates.push(name);
    } else {
      const key = [...aggregates, name].join('.');
      current[key] ??= value;
    }
  }
  // A transaction open at the end of a file without its closing </OFX> was cut short (a broken
  // download): its last element may be cut too ("<TRNAMT>-1" of -12.00).
  if (current) {
    yield { fields: current, statement: currentStatement, isCut: !/<\/OFX>/i.test(text) };
  }
}

/** A statement's own leaf (outside its transactions): its account, type or currency. */
function readStatementLeaf(statement: StatementInfo, parent: string, name: string, value: string) {
  if (name === 'CURDEF') {
    statement.currency ??= statementCurrency(value, 'CURDEF');
  } else if (isAccountFrom(parent) && name === 'ACCTID') {
    statement.identifier ??= normalizeAccountIdentifier(value) || null;
  } else if (parent === 'BANKACCTFROM' && name === 'ACCTTYPE') {
    statement.type = BANK_ACCOUNT_TYPES[value.toUpperCase()] ?? statement.type;
  }
}

function* xmlTransactions(text: string, statements: Statements): Generator<OfxTransaction> {
  let document: XmlNode;
  try {
    document = parseXml(text, new Set(['STMTTRN']));
  } catch (error) {
    if ((error as { code?: string }).code !== ErrorCode.XML_INVALID) throw error;
    yield* sgmlTransactions(text, statements);
    return;
  }
  yield* xmlStatementTransactions(document, undefined, statements);
}

/** In document order: bank and credit card statements alike, each with its account. */
function* xmlStatementTransactions(
  node: XmlValue,
  statement: StatementInfo | undefined,
  statements: Statements,
): Generator<OfxTransaction> {
  if (Array.isArray(node)) {
    for (const item of node) yield* xmlStatementTransactions(item, statement, statements);
    return;
  }
  if (typeof node !== 'object') return;
  for (const [name, value] of Object.entries(node)) {
    const upper = name.toUpperCase();
    if (upper === 'STMTTRN') {
      for (const transaction of Array.isArray(value) ? value : [value]) {
        if (typeof transaction === 'object' && !Array.isArray(transaction)) {
          yield { fields: flatten(transaction), statement: statements.indexOf(statement) };
        }
      }
    } else if (STATEMENT_TYPES[upper]) {
      for (const item of Array.isArray(value) ? value : [value]) {
        yield* xmlStatementTransactions(item, xmlStatement(item, upper), statements);
      }
    } else if (typeof value === 'object') {
      yield* xmlStatementTransactions(value, statement, statements);
    }
  }
}

function xmlStatement(node: XmlValue, kind: string): StatementInfo {
  const statement: StatementInfo = { ...UNNAMED, type: STATEMENT_TYPES[kind]! };
  const leaves = typeof node === 'object' && !Array.isArray(node) ? flatten(node) : {};
  for (const [key, value] of Object.entries(leaves)) {
    const parts = key.split('.');
    if (parts.includes('BANKTRANLIST')) continue;
    readStatementLeaf(statement, parts.at(-2) ?? '', parts.at(-1)!, value);
  }
  return statement;
}

function flatten(node: XmlNode, prefix = ''): OfxFields {
  const fields: OfxFields = {};
  for (const [name, value] of Object.entries(node)) {
    const key = `${prefix}${name.toUpperCase()}`;
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[key] ??= first;
    else if (first && typeof first === 'object' && !Array.isArray(first)) {
      Object.assign(fields, { ...flatten(first, `${key}.`), ...fields });
    }
  }
  return fields;
}

/**
 * A transaction as a row. One the file ends inside (`isCut`) is a problem with no amount: what
 * is left of its amount may be the start of another number, never to be imported.
 */
function ofxRow(fields: OfxFields, position: number, statement: number, isCut: boolean): ReadRow {
  const rowNumber = position + 1;
  let problem: string | null = null;
  const dateText = fields.DTPOSTED ?? fields.DTUSER ?? '';
  const dateMatch = /^(\d{4})(\d{2})(\d{2})/.exec(dateText);
  const date = dateMatch ? `${dateMatch[1]}-${dateMatch[2]}-${dateMatch[3]}` : null;
  const validDate = date && isCalendarDate(date) ? date : null;
  if (!dateText) problem = rowProblem('dateMissingOfx', { row: rowNumber });
  else if (!validDate)
    problem = rowProblem('dateInvalidOfx', { row: rowNumber, value: quoted(dateText) });

  const amountText = fields.TRNAMT ?? '';
  // OFX allows more decimals than a cent (banks send `-12.3400`, some `-12.3456`): rounded.
  const amount = parseBankAmount(amountText, '.', { roundToCents: true });
  let signedCents: number | null = null;
  if (amount.ok) signedCents = amount.cents;
  else problem ??= amountProblem(rowNumber, amount, amountText, 'amountOfx');
  if (isCut) {
    problem ??= rowProblem('cutShort', { row: rowNumber });
    signedCents = null;
  }

  const name = cleanName(fields.NAME ?? fields['PAYEE.NAME'] ?? fields.EXTDNAME);
  const memo = cleanNote(fields.MEMO);
  return finishRow(
    {
      position,
      cells: null,
      date: validDate,
      name: name || cleanName(memo) || standInName(fields),
      signedCents,
      note: name && memo !== name ? memo : null,
      fileCategory: null,
      bankId: fields.FITID?.trim().slice(0, MAX_BANK_ID_LENGTH) || null,
      problem,
      statement,
    },
    rowNumber,
  );
}

/** OFX 2.x transaction types (TRNTYPE) as a name reads. */
const TRANSACTION_TYPES: Record<string, string> = {
  CREDIT: 'Credit',
  DEBIT: 'Debit',
  INT: 'Interest',
  DIV: 'Dividend',
  FEE: 'Fee',
  SRVCHG: 'Service charge',
  DEP: 'Deposit',
  ATM: 'ATM withdrawal',
  POS: 'Card payment',
  XFER: 'Transfer',
  CHECK: 'Check',
  PAYMENT: 'Payment',
  CASH: 'Cash withdrawal',
  DIRECTDEP: 'Direct deposit',
  DIRECTDEBIT: 'Direct debit',
  REPEATPMT: 'Standing order',
  HOLD: 'Hold',
  OTHER: 'Other',
};

/**
 * A name for a transaction the bank sent without NAME or MEMO (both optional in OFX: checks
 * and interest often come bare), from what it did send: the check number, else the payee id,
 * else the transaction type. A row named "Check 1043" is one the user can import; a problem
 * row would have to be named by hand.
 */
function standInName(fields: OfxFields): string {
  const checkNumber = fields.CHECKNUM?.trim();
  if (checkNumber) return cleanName(`Check ${checkNumber}`);
  const payeeId = fields.PAYEEID?.trim();
  if (payeeId) return cleanName(`Payee ${payeeId}`);
  const type = fields.TRNTYPE?.trim().toUpperCase() ?? '';
  return TRANSACTION_TYPES[type] ?? cleanName(type);
}
