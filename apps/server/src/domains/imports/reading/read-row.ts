import { rowProblem } from './import-messages';
import {
  MAX_CATEGORY_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  normalizeAccountIdentifier,
} from '@moneta/shared';
import type { ImportAmountField } from '@moneta/shared';
import type { ImportRowSplit } from '../../../db/schema';
import type { AmountReading } from './parse-bank-amount';

/** One record of a bank file as read: what the import will show and turn into a transaction. */
export interface ReadRow {
  /** The record's place in the file (0-based); a CSV's preamble and header count too. */
  position: number;
  /** A CSV record's cells as they are; null for other formats. */
  cells: string[] | null;
  date: string | null;
  name: string;
  /** Absolute amount; `isIncome` carries the sign. */
  amountCents: number | null;
  isIncome: boolean | null;
  note: string | null;
  fileCategory: string | null;
  bankId: string | null;
  /**
   * The other party's account (an IBAN, an account number) as normalizeAccountIdentifier
   * writes it: when it is another account of the user's, the row is a transfer.
   */
  counterparty: string | null;
  /** Why the row cannot be imported as it is, in a sentence naming the row and the field. */
  problem: string | null;
  /** The index of the file's statement (FileStatement) the row belongs to; 0 in most files. */
  statement: number;
  /**
   * What the file itself says of the row being a transfer, stored as the user's choice would be
   * (`import_rows.transfer_choice`): false when another app's export says it is not one
   * (docs/imports-other-apps.md). Absent (null) for bank files, which say nothing.
   */
  transferChoice?: boolean | null;
  /** The parts of a split transaction an app's export gives (other-apps/split-groups.ts). */
  splits?: ImportRowSplit[] | null;
}

/** A record that is not a row of the import (a CSV's preamble or header line). */
export function recordOnly(position: number, cells: string[]): ReadRow {
  return unreadRow(position, cells, null);
}

/** A row that could not be read, saying why: listed as a problem of the preview. */
export function problemRow(position: number, problem: string): ReadRow {
  return unreadRow(position, null, problem);
}

function unreadRow(position: number, cells: string[] | null, problem: string | null): ReadRow {
  return {
    position,
    cells,
    date: null,
    name: '',
    amountCents: null,
    isIncome: null,
    note: null,
    fileCategory: null,
    bankId: null,
    counterparty: null,
    problem,
    statement: 0,
  };
}

/** Spaces collapsed (bank exports pad fields), cut to the length a transaction takes. */
export function cleanText(value: string | undefined | null, maxLength: number): string {
  if (!value) return '';
  return value.replace(/\s+/g, ' ').trim().slice(0, maxLength).trim();
}

export const cleanName = (value: string | undefined | null) => cleanText(value, MAX_NAME_LENGTH);
export const cleanNote = (value: string | undefined | null) =>
  cleanText(value, MAX_NOTE_LENGTH) || null;
export const cleanCategory = (value: string | undefined | null) =>
  cleanText(value, MAX_CATEGORY_LENGTH) || null;

/** Quotes a cell in a problem sentence, shortened so that a huge cell keeps it readable. */
export function quoted(value: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return `"${shown}"`;
}

/** The sentence for an amount that could not be read. */
export function amountProblem(
  rowNumber: number,
  reading: Exclude<AmountReading, { ok: true }>,
  text: string,
  field: ImportAmountField = 'amount',
  column?: string,
): string {
  const params = { row: rowNumber, field, value: quoted(text), ...(column ? { column } : {}) };
  switch (reading.reason) {
    case 'empty':
      return rowProblem('amountEmpty', params);
    case 'decimals':
      return rowProblem('amountDecimals', params);
    case 'too-large':
      return rowProblem('amountTooLarge', params);
    default:
      return rowProblem('amountNotNumber', params);
  }
}

/**
 * Completes a row from its parts and names the first thing missing: a date, a non-zero amount,
 * a name (the note stands in for an empty name).
 */
export function finishRow(
  row: Omit<ReadRow, 'problem' | 'isIncome' | 'amountCents' | 'counterparty' | 'statement'> & {
    signedCents: number | null;
    statement?: number;
    problem?: string | null;
    /** As the file writes it; kept only when it looks like an account identifier. */
    counterparty?: string | null;
  },
  rowNumber: number,
): ReadRow {
  const { signedCents } = row;
  let problem = row.problem ?? null;
  // Without a name, the note stands in for it (and is not repeated as the note).
  const name = row.name || cleanName(row.note);
  if (!problem && signedCents === 0) problem = rowProblem('amountZero', { row: rowNumber });
  if (!problem && !name) problem = rowProblem('nameMissing', { row: rowNumber });
  // Built field by field (no spread): this runs for every row of a file.
  return {
    position: row.position,
    cells: row.cells,
    date: row.date,
    name,
    amountCents: signedCents === null ? null : Math.abs(signedCents),
    isIncome: signedCents === null || signedCents === 0 ? null : signedCents > 0,
    note: row.name ? row.note : null,
    fileCategory: row.fileCategory,
    bankId: row.bankId,
    counterparty: readCounterparty(row.counterparty),
    problem,
    statement: row.statement ?? 0,
  };
}

/** An account identifier as accounts store theirs (letters and digits, 1–34), else null. */
function readCounterparty(text: string | null | undefined): string | null {
  if (!text) return null;
  const identifier = normalizeAccountIdentifier(text);
  return /^[A-Z0-9]{1,34}$/.test(identifier) ? identifier : null;
}
