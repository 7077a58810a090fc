import { ErrorCode, isCalendarDate } from '@moneta/shared';
import { unreadable } from './import-refusal';
import { parseBankAmount } from './parse-bank-amount';
import { amountProblem, cleanName, cleanNote, finishRow, quoted, type ReadRow } from './read-row';
import { parseXml, type XmlNode, type XmlValue } from './xml';

/** One <STMTTRN>: its leaf elements by name, an aggregate's leaves as AGGREGATE.NAME. */
type OfxFields = Record<string, string>;

const MAX_BANK_ID_LENGTH = 255;

/**
 * The transactions of an OFX/QFX statement, credit card statements included. OFX 1.x is SGML:
 * leaf elements are never closed (`<NAME>Coffee`), so it is read by a small tag scanner of our
 * own (no maintained npm parser reads OFX SGML without a network-era dependency tree). OFX 2.x
 * is XML and goes through the XML parser; an OFX 2 file that is not well-formed (unclosed
 * tags) is read by the tolerant scanner instead of being refused.
 */
export function* readOfx(text: string): Generator<ReadRow> {
  let position = 0;
  const transactions = /^\s*(\uFEFF)?\s*<\?xml/i.test(text)
    ? xmlTransactions(text)
    : sgmlTransactions(text);
  for (const fields of transactions) {
    yield ofxRow(fields, position);
    position++;
  }
  if (position === 0) {
    throw unreadable('The OFX file holds no transactions.', ErrorCode.NO_TRANSACTIONS);
  }
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
 */
function* sgmlTransactions(text: string): Generator<OfxFields> {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw unreadable('The OFX file has no <OFX> body.', ErrorCode.OFX_INVALID);
  let current: OfxFields | undefined;
  let aggregates: string[] = [];
  for (const match of text.slice(start).matchAll(TAG)) {
    const isClosing = match[1] === '/';
    const name = match[2]!.toUpperCase();
    const value = decode(match[3]!.trim());
    if (name === 'STMTTRN') {
      if (current) yield current;
      current = isClosing ? undefined : {};
      aggregates = [];
      continue;
    }
    if (!current) continue;
    if (isClosing) {
      if (name === 'BANKTRANLIST' || name === 'STMTRS' || name === 'CCSTMTRS') {
        yield current;
        current = undefined;
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
  if (current) yield current;
}

function* xmlTransactions(text: string): Generator<OfxFields> {
  let document: XmlNode;
  try {
    document = parseXml(text, new Set(['STMTTRN']));
  } catch (error) {
    if ((error as { code?: string }).code !== ErrorCode.XML_INVALID) throw error;
    yield* sgmlTransactions(text);
    return;
  }
  const pending: XmlValue[] = [document];
  // Depth-first, in document order: bank and credit card statements alike.
  while (pending.length > 0) {
    const node = pending.shift()!;
    if (Array.isArray(node)) {
      pending.unshift(...node);
      continue;
    }
    if (typeof node !== 'object') continue;
    for (const [name, value] of Object.entries(node)) {
      if (name.toUpperCase() === 'STMTTRN') {
        for (const transaction of Array.isArray(value) ? value : [value]) {
          if (typeof transaction === 'object' && !Array.isArray(transaction)) {
            yield flatten(transaction);
          }
        }
      } else if (typeof value === 'object') {
        pending.push(value);
      }
    }
  }
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

function ofxRow(fields: OfxFields, position: number): ReadRow {
  const rowNumber = position + 1;
  let problem: string | null = null;
  const dateText = fields.DTPOSTED ?? fields.DTUSER ?? '';
  const dateMatch = /^(\d{4})(\d{2})(\d{2})/.exec(dateText);
  const date = dateMatch ? `${dateMatch[1]}-${dateMatch[2]}-${dateMatch[3]}` : null;
  const validDate = date && isCalendarDate(date) ? date : null;
  if (!dateText) problem = `Row ${rowNumber}: the date (DTPOSTED) is missing.`;
  else if (!validDate)
    problem = `Row ${rowNumber}: the date ${quoted(dateText)} is not a valid OFX date (YYYYMMDD).`;

  const amountText = fields.TRNAMT ?? '';
  // OFX allows more decimals than a cent (banks send `-12.3400`, some `-12.3456`): rounded.
  const amount = parseBankAmount(amountText, '.', { roundToCents: true });
  let signedCents: number | null = null;
  if (amount.ok) signedCents = amount.cents;
  else problem ??= amountProblem(rowNumber, amount, amountText, 'the amount (TRNAMT)');

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
