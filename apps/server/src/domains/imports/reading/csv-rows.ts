import { rowProblem } from './import-messages';
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
    problem = rowProblem('dateColumnEmpty', {
      row: rowNumber,
      column: columnName(columns, mapping.date),
    });
  else if (!date) {
    problem = rowProblem('dateInvalidFormat', {
      row: rowNumber,
      value: quoted(dateText),
      format: mapping.dateFormat,
    });
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
      const column = columnName(columns, mapping.amount);
      problem ??= amountProblem(rowNumber, reading, text, 'amountColumn', column);
    }
  } else {
    const debitText = cell(mapping.debit);
    const creditText = cell(mapping.credit);
    const debit = debitText ? parseBankAmount(debitText, mapping.decimalSeparator) : undefined;
    const credit = creditText ? parseBankAmount(creditText, mapping.decimalSeparator) : undefined;
    const paidOut = debit?.ok ? Math.abs(debit.cents) : 0;
    const paidIn = credit?.ok ? Math.abs(credit.cents) : 0;
    if (debit && !debit.ok) {
      const column = columnName(columns, mapping.debit!);
      problem ??= amountProblem(rowNumber, debit, debitText, 'debitColumn', column);
    } else if (credit && !credit.ok) {
      const column = columnName(columns, mapping.credit!);
      problem ??= amountProblem(rowNumber, credit, creditText, 'creditColumn', column);
    } else if (!debit && !credit) {
      problem ??= rowProblem('debitCreditEmpty', { row: rowNumber });
    } else if (paidOut > 0 && paidIn > 0) {
      problem ??= rowProblem('debitAndCredit', {
        row: rowNumber,
        debit: debitText,
        credit: creditText,
      });
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
