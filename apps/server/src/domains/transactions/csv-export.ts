import { Readable } from 'node:stream';
import { fromMinorUnits, type TransactionFilters } from '@moneta/shared';
import { stringify } from 'csv-stringify';
import type { TransactionRow } from '../../db/schema';
import type { TransactionsRepository } from './transactions-repository';

const BATCH_SIZE = 1000;
export const EXPORT_FILE_NAME = 'moneta_transactions.csv';
const HEADER = ['Date', 'Type', 'Name', 'Category', 'Amount', 'Note'];

/**
 * A spreadsheet treats a cell starting with = + - @ (or tab / CR) as a formula: prefix such
 * cells with an apostrophe so that exported text can never run as one (CSV injection).
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function toRecord(row: TransactionRow): string[] {
  return [
    row.addedOn,
    row.isIncome ? 'Income' : 'Expense',
    neutralizeCell(row.name),
    neutralizeCell(row.category),
    fromMinorUnits(row.costCents).toFixed(2),
    neutralizeCell(row.note ?? ''),
  ];
}

async function* records(
  repository: TransactionsRepository,
  userId: string,
  filters: Partial<TransactionFilters>,
): AsyncGenerator<string[]> {
  yield HEADER;
  let cursor: TransactionRow | undefined;
  for (;;) {
    const batch = await repository.batchAfter(userId, filters, cursor, BATCH_SIZE);
    for (const row of batch) yield toRecord(row);
    if (batch.length < BATCH_SIZE) return;
    cursor = batch[batch.length - 1];
  }
}

/**
 * The user's transactions as CSV, in list order, read in keyset batches and streamed with
 * backpressure: memory stays flat however many rows there are. The quoting is csv-stringify's;
 * a UTF-8 byte-order mark lets spreadsheet programs detect the encoding.
 */
export function exportCsv(
  repository: TransactionsRepository,
  userId: string,
  filters: Partial<TransactionFilters>,
): Readable {
  const csv = stringify({ bom: true });
  const source = Readable.from(records(repository, userId, filters));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
