import { rowProblem } from './import-messages';
import { ErrorCode, isCalendarDate, normalizeAccountIdentifier } from '@moneta/shared';
import type { FileStatement, StatementReading } from './file-statement';
import { unreadable } from './import-refusal';
import { parseBankAmount } from './parse-bank-amount';
import { statementCurrency } from './statement-currency';
import { amountProblem, cleanName, cleanNote, finishRow, quoted, type ReadRow } from './read-row';
import { listOf, parseXml, textOf, type XmlValue } from './xml';

const LISTS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);
const MAX_BANK_ID_LENGTH = 255;

/**
 * The entries of an ISO 20022 CAMT.053 bank statement (versions 02 to 08: namespaces are
 * ignored), with its statements: each <Stmt> is one account's (its IBAN or other id, its
 * currency `Acct/Ccy`), so a file of several accounts goes to several (docs/imports-multi-
 * account.md). Each <Ntry> is a row: its booking date, amount and credit/debit sign (CdtDbtInd is
 * the direction the entry is booked in, a reversal included), the other party's name (the
 * creditor of a debit, the debtor of a credit), the remittance text as the note, and the bank's
 * reference (AcctSvcrRef, else NtryRef) as the bank id. A pending entry is a problem row: it may
 * still change.
 */
export function readCamt053(text: string): StatementReading<ReadRow> {
  const document = parseXml(text, LISTS);
  const stmts = listOf(listOf(document.Document, 'BkToCstmrStmt')[0], 'Stmt');
  const statements: FileStatement[] = [];
  function* rows(): Generator<ReadRow> {
    let position = 0;
    for (const stmt of stmts) {
      const entries = listOf(stmt, 'Ntry');
      if (entries.length === 0) continue;
      const identifier =
        textOf(stmt, 'Acct', 'Id', 'IBAN') || textOf(stmt, 'Acct', 'Id', 'Othr', 'Id');
      const currency = statementCurrency(textOf(stmt, 'Acct', 'Ccy'), 'Ccy');
      const index =
        statements.push({
          name: textOf(stmt, 'Acct', 'Nm').trim() || null,
          identifier: identifier ? normalizeAccountIdentifier(identifier) || null : null,
          currency,
          type: 'checking',
          rowCount: entries.length,
        }) - 1;
      for (const entry of entries) {
        yield entryRow(entry, position, index);
        position++;
      }
    }
    if (position === 0)
      throw unreadable('The CAMT.053 statement holds no entries.', ErrorCode.NO_TRANSACTIONS);
  }
  return { rows: rows(), statements };
}

function entryRow(entry: XmlValue, position: number, statement: number): ReadRow {
  const rowNumber = position + 1;
  let problem: string | null = null;

  const dateText =
    textOf(entry, 'BookgDt', 'Dt') ||
    textOf(entry, 'BookgDt', 'DtTm') ||
    textOf(entry, 'ValDt', 'Dt') ||
    textOf(entry, 'ValDt', 'DtTm');
  const date = dateText.slice(0, 10);
  const validDate = isCalendarDate(date) ? date : null;
  if (!dateText) problem = rowProblem('dateMissingCamt', { row: rowNumber });
  else if (!validDate)
    problem = rowProblem('dateInvalid', { row: rowNumber, value: quoted(dateText) });

  const amountText = textOf(entry, 'Amt');
  const amount = parseBankAmount(amountText, '.');
  const indicator = textOf(entry, 'CdtDbtInd');
  let signedCents: number | null = null;
  if (!amount.ok) problem ??= amountProblem(rowNumber, amount, amountText, 'amountCamt');
  else if (indicator !== 'CRDT' && indicator !== 'DBIT') {
    problem ??= rowProblem('directionInvalidCamt', { row: rowNumber, value: quoted(indicator) });
  } else {
    // A reversal (RvslInd) is already booked the other way: a returned debit comes as CRDT
    // (ISO 20022's definition of RvslInd), so the indicator alone gives the sign.
    signedCents = Math.abs(amount.cents) * (indicator === 'CRDT' ? 1 : -1);
  }

  const status = textOf(entry, 'Sts') || textOf(entry, 'Sts', 'Cd');
  if (status === 'PDNG') problem ??= rowProblem('pending', { row: rowNumber });

  const details = listOf(listOf(entry, 'NtryDtls')[0], 'TxDtls')[0];
  const partyName = (role: 'Cdtr' | 'Dbtr') =>
    textOf(details, 'RltdPties', role, 'Nm') || textOf(details, 'RltdPties', role, 'Pty', 'Nm');
  // The other party: who was paid on a debit, who paid on a credit. A reversal names the
  // parties of the entry it undoes (a returned direct debit still names its creditor).
  const isReversal = textOf(entry, 'RvslInd') === 'true';
  const [own, undone] =
    indicator === 'DBIT' ? (['Cdtr', 'Dbtr'] as const) : (['Dbtr', 'Cdtr'] as const);
  const otherParty = isReversal ? partyName(undone) || partyName(own) : partyName(own);
  const remittance = listOf(
    details && typeof details === 'object' && !Array.isArray(details) ? details.RmtInf : undefined,
    'Ustrd',
  )
    .filter((line): line is string => typeof line === 'string')
    .join(' ');
  const partyAccount = (role: 'CdtrAcct' | 'DbtrAcct') =>
    textOf(details, 'RltdPties', role, 'Id', 'IBAN') ||
    textOf(details, 'RltdPties', role, 'Id', 'Othr', 'Id');
  // The other party's account: where a debit went, where a credit came from.
  const counterparty = indicator === 'DBIT' ? partyAccount('CdtrAcct') : partyAccount('DbtrAcct');
  const additional = textOf(entry, 'AddtlNtryInf') || textOf(details, 'AddtlTxInf');
  const name = cleanName(otherParty || additional || remittance);
  const note = cleanNote(remittance || (otherParty ? additional : ''));

  const bankId =
    textOf(entry, 'AcctSvcrRef') ||
    textOf(entry, 'NtryRef') ||
    textOf(details, 'Refs', 'AcctSvcrRef') ||
    nonEmptyReference(textOf(details, 'Refs', 'EndToEndId'));

  return finishRow(
    {
      position,
      cells: null,
      date: validDate,
      name,
      signedCents,
      note: note && note !== name ? note : null,
      fileCategory: null,
      bankId: bankId.trim().slice(0, MAX_BANK_ID_LENGTH) || null,
      counterparty,
      problem,
      statement,
    },
    rowNumber,
  );
}

/** SEPA's placeholder for "no end-to-end id" is not an id. */
function nonEmptyReference(value: string): string {
  return value === 'NOTPROVIDED' ? '' : value;
}
