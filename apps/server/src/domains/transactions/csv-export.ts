import { Readable } from 'node:stream';
import { currencyDecimals, fromStoredHundredths } from '@moneta/shared';
import { stringify } from 'csv-stringify/sync';
import type { TransactionRow } from '../../db/schema';
import type { BaseAmount } from './base-amounts-repository';
import type { FilteredList } from './filtered-list';
import type { SplitPart } from './transaction-splits-repository';

const BATCH_SIZE = 2000;
export const EXPORT_FILE_NAME = 'moneta_transactions.csv';
/**
 * The original six columns (Date, Type, Name, Category, Amount, Note), then the account, the
 * amount's currency and its base amount, and the part of a split transaction a row is ("1/3"; empty
 * for a transaction that is not split).
 */
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
  'Split',
];

/** What the export needs besides the rows: account names and the base amounts of a batch. */
export interface ExportContext {
  base: string;
  accountNames: ReadonlyMap<string, string>;
  baseAmounts: (rows: TransactionRow[]) => Promise<ReadonlyMap<string, BaseAmount>>;
  /** The parts of the split transactions among a batch's rows, by transaction id. */
  splitsOf: (rows: TransactionRow[]) => Promise<ReadonlyMap<string, SplitPart[]>>;
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

/**
 * `cents` of a row's currency in the base currency at the row's rate (a bank charge: its share in
 * proportion), rounded half away from zero to the base currency's minor unit — each part on its
 * own, as the charts and reports convert it (db/base-amount-sql.ts).
 */
function partInBase(
  cents: number,
  row: TransactionRow,
  base: string,
  amount: BaseAmount | undefined,
): number | null {
  if (row.currency === base) return cents;
  const rate =
    amount?.source === 'manual' && amount.baseCents !== null
      ? amount.baseCents / row.costCents
      : amount?.rate;
  if (rate === null || rate === undefined || amount?.baseCents === null) return null;
  const scale = 10 ** Math.max(0, 2 - currencyDecimals(base));
  return Math.round((cents * rate) / scale) * scale;
}

/**
 * A transaction's rows: one, or one per part of a split transaction (as YNAB and Firefly III
 * export theirs), each with the transaction's date, kind, name and account, the part's category,
 * amount and note (else the transaction's note), and "i/n" in Split. A row in the base currency
 * is its own base amount; one without a rate has none (empty).
 */
function toRecords(
  row: TransactionRow,
  context: ExportContext,
  amount: BaseAmount | undefined,
  parts: readonly SplitPart[] | undefined,
): string[][] {
  const record = (category: string, cents: number, note: string | null, split: string) => {
    const baseCents =
      split === ''
        ? row.currency === context.base
          ? row.costCents
          : amount?.baseCents
        : partInBase(cents, row, context.base, amount);
    return [
      row.addedOn,
      row.isIncome ? 'Income' : 'Expense',
      neutralizeCell(row.name),
      neutralizeCell(category),
      decimal(cents, row.currency),
      neutralizeCell(note ?? ''),
      neutralizeCell(context.accountNames.get(row.accountId) ?? ''),
      row.currency,
      baseCents === null || baseCents === undefined ? '' : decimal(baseCents, context.base),
      split,
    ];
  };
  if (!parts?.length) return [record(row.category, row.costCents, row.note, '')];
  return parts.map((part, index) =>
    record(part.category, part.amountCents, part.note ?? row.note, `${index + 1}/${parts.length}`),
  );
}

/**
 * The CSV text, a batch at a time: each keyset batch of rows becomes one chunk, quoted by
 * csv-stringify. Chunks rather than records keep the stream's per-item overhead off 100k rows.
 */
async function* csvChunks(list: FilteredList, context: ExportContext): AsyncGenerator<string> {
  // A UTF-8 byte-order mark lets spreadsheet programs detect the encoding.
  yield `\ufeff${stringify([HEADER])}`;
  let cursor: TransactionRow | undefined;
  for (;;) {
    const batch = await list.batchAfter(cursor, BATCH_SIZE);
    if (batch.length > 0) {
      const [amounts, splits] = await Promise.all([
        context.baseAmounts(batch),
        context.splitsOf(batch),
      ]);
      yield stringify(
        batch.flatMap((row) => toRecords(row, context, amounts.get(row.id), splits.get(row.id))),
      );
    }
    if (batch.length < BATCH_SIZE) return;
    cursor = batch[batch.length - 1];
  }
}

/**
 * The transactions `list` selects as CSV, in list order, read in keyset batches and streamed with
 * backpressure (the next batch is read only when the previous one was taken): memory stays
 * flat however many rows there are.
 */
export function exportCsv(list: FilteredList, context: ExportContext): Readable {
  return Readable.from(csvChunks(list, context), { objectMode: false });
}
