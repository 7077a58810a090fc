import { Readable } from 'node:stream';
import { fromStoredHundredths, type TransactionFilters } from '@moneta/shared';
import { stringify } from 'csv-stringify/sync';
import type { TransactionRow } from '../../db/schema';
import type { TransactionListRepository } from './transaction-list-repository';

const BATCH_SIZE = 2000;
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
    fromStoredHundredths(row.costCents).toFixed(2),
    neutralizeCell(row.note ?? ''),
  ];
}

/**
 * The CSV text, a batch at a time: each keyset batch of rows becomes one chunk, quoted by
 * csv-stringify. Chunks rather than records keep the stream's per-item overhead off 100k rows.
 */
async function* csvChunks(
  repository: TransactionListRepository,
  userId: string,
  filters: Partial<TransactionFilters>,
): AsyncGenerator<string> {
  // A UTF-8 byte-order mark lets spreadsheet programs detect the encoding.
  yield `\ufeff${stringify([HEADER])}`;
  let cursor: TransactionRow | undefined;
  for (;;) {
    const batch = await repository.batchAfter(userId, filters, cursor, BATCH_SIZE);
    if (batch.length > 0) yield stringify(batch.map(toRecord));
    if (batch.length < BATCH_SIZE) return;
    cursor = batch[batch.length - 1];
  }
}

/**
 * The user's transactions as CSV, in list order, read in keyset batches and streamed with
 * backpressure (the next batch is read only when the previous one was taken): memory stays
 * flat however many rows there are.
 */
export function exportCsv(
  repository: TransactionListRepository,
  userId: string,
  filters: Partial<TransactionFilters>,
): Readable {
  return Readable.from(csvChunks(repository, userId, filters), { objectMode: false });
}
