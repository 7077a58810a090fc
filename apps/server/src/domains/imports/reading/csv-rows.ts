import type { ImportMapping } from '@moneta/shared';
import { directionOf } from './direction-marker';
import { parseDate } from './parse-date';
import { parseBankAmount } from './parse-bank-amount';
import {
  amountProblem,
  cleanCategory,
  cleanName,
  cleanNote,
  finishRow,
  quoted,
  type ReadRow,
} from './read-row';

/** A column's title for a problem sentence. */
const columnName = (columns: string[], index: number) =>
  columns[index] ? `"${columns[index]}"` : `${index + 1}`;

/**
 * One CSV record read through a mapping. `index` is the row's number among the data rows
 * (0-based; sentences say "Row index + 1").
 */
export function readCsvRow(
  cells: string[],
  mapping: ImportMapping,
  columns: string[],
  position: number,
  index: number,
): ReadRow {
  const rowNumber = index + 1;
  const cell = (column: number | null) => (column === null ? '' : (cells[column] ?? '').trim());
  let problem: string | null = null;

  const dateText = cell(mapping.date);
  const date = dateText ? parseDate(dateText, mapping.dateFormat) : null;
  if (!dateText)
    problem = `Row ${rowNumber}: the date (column ${columnName(columns, mapping.date)}) is empty.`;
  else if (!date) {
    problem = `Row ${rowNumber}: the date ${quoted(dateText)} is not a valid ${mapping.dateFormat} date.`;
  }

  let signedCents: number | null = null;
  if (mapping.amount !== null) {
    const text = cell(mapping.amount);
    const reading = parseBankAmount(text, mapping.decimalSeparator);
    // A marker column (Dr/Cr) gives the direction outright; without a marker, the amount's
    // own sign counts (some exports mark only the credits), inverted if asked.
    const direction = mapping.direction == null ? undefined : directionOf(cell(mapping.direction));
    if (reading.ok && direction) {
      signedCents = direction === 'in' ? Math.abs(reading.cents) : -Math.abs(reading.cents);
    } else if (reading.ok) signedCents = mapping.invertSign ? -reading.cents : reading.cents;
    else {
      const field = `the amount (column ${columnName(columns, mapping.amount)})`;
      problem ??= amountProblem(rowNumber, reading, text, field);
    }
  } else {
    const debitText = cell(mapping.debit);
    const creditText = cell(mapping.credit);
    const debit = debitText ? parseBankAmount(debitText, mapping.decimalSeparator) : undefined;
    const credit = creditText ? parseBankAmount(creditText, mapping.decimalSeparator) : undefined;
    const paidOut = debit?.ok ? Math.abs(debit.cents) : 0;
    const paidIn = credit?.ok ? Math.abs(credit.cents) : 0;
    if (debit && !debit.ok) {
      const field = `the debit (column ${columnName(columns, mapping.debit!)})`;
      problem ??= amountProblem(rowNumber, debit, debitText, field);
    } else if (credit && !credit.ok) {
      const field = `the credit (column ${columnName(columns, mapping.credit!)})`;
      problem ??= amountProblem(rowNumber, credit, creditText, field);
    } else if (!debit && !credit) {
      problem ??= `Row ${rowNumber}: both the debit and the credit column are empty.`;
    } else if (paidOut > 0 && paidIn > 0) {
      problem ??= `Row ${rowNumber}: it has both a debit (${debitText}) and a credit (${creditText}).`;
    } else {
      signedCents = paidIn - paidOut;
      if (mapping.invertSign) signedCents = -signedCents;
    }
  }

  return finishRow(
    {
      position,
      cells,
      date,
      name: cleanName(cell(mapping.name)),
      signedCents,
      note: cleanNote(cell(mapping.note)),
      fileCategory: cleanCategory(cell(mapping.category)),
      bankId: null,
      counterparty: cell(mapping.counterparty ?? null),
      problem,
    },
    rowNumber,
  );
}
