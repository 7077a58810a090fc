import { Readable } from 'node:stream';
import { currencyDecimals, fromStoredHundredths, type TransactionFilters } from '@moneta/shared';
import { stringify } from 'csv-stringify/sync';
import type { TransactionRow } from '../../db/schema';
import type { BaseAmount } from './base-amounts-repository';
import type { TransactionListRepository } from './transaction-list-repository';

const BATCH_SIZE = 2000;
export const EXPORT_FILE_NAME = 'moneta_transactions.csv';
/** The SPEC's six columns, then the account, the amount's currency and its base amount. */
const HEADER = [
  'Date',
  'Type',
  'Name',
  'Category',
  'Amount',
  'Note',
  'Account',
  'Currency',
  'Base amount',
];

/** What the export needs besides the rows: account names and the base amounts of a batch. */
export interface ExportContext {
  base: string;
  accountNames: ReadonlyMap<string, string>;
  baseAmounts: (rows: TransactionRow[]) => Promise<ReadonlyMap<string, BaseAmount>>;
}

function decimal(cents: number, currency: string): string {
  return fromStoredHundredths(cents).toFixed(currencyDecimals(currency));
}

/**
 * A spreadsheet treats a cell starting with = + - @ (or tab / CR) as a formula: prefix such
 * cells with an apostrophe so that exported text can never run as one (CSV injection).
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A row in the base currency is its own base amount; one without a rate has none (empty). */
function toRecord(
  row: TransactionRow,
  context: ExportContext,
  amount: BaseAmount | undefined,
): string[] {
  const baseCents = row.currency === context.base ? row.costCents : amount?.baseCents;
  return [
    row.addedOn,
    row.isIncome ? 'Income' : 'Expense',
    neutralizeCell(row.name),
    neutralizeCell(row.category),
    decimal(row.costCents, row.currency),
    neutralizeCell(row.note ?? ''),
    neutralizeCell(context.accountNames.get(row.accountId) ?? ''),
    row.currency,
    baseCents === null || baseCents === undefined ? '' : decimal(baseCents, context.base),
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
  context: ExportContext,
): AsyncGenerator<string> {
  // A UTF-8 byte-order mark lets spreadsheet programs detect the encoding.
  yield `\ufeff${stringify([HEADER])}`;
  let cursor: TransactionRow | undefined;
  for (;;) {
    const batch = await repository.batchAfter(userId, filters, cursor, BATCH_SIZE);
    if (batch.length > 0) {
      const amounts = await context.baseAmounts(batch);
      yield stringify(batch.map((row) => toRecord(row, context, amounts.get(row.id))));
    }
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
  context: ExportContext,
): Readable {
  return Readable.from(csvChunks(repository, userId, filters, context), { objectMode: false });
}
