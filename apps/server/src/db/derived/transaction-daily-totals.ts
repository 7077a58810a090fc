import { keptSumsFunction, transactionsTriggers } from './kept-sums';
import { categoryRowsOf } from './transaction-splits';

/**
 * transaction_daily_totals: count and sum of each household's transactions per day, kind and
 * category (what the charts read), kept exact like transaction_totals (kept-sums.ts). First made
 * by migration 0007; this file is the current definition (docs/database.md). Each split
 * transaction counts in its parts' categories (`categoryRowsOf`, transaction-splits.ts).
 */
export const transactionDailyTotalsDefinitions = [
  keptSumsFunction({
    name: 'transaction_daily_totals_after_change',
    table: 'transaction_daily_totals',
    key: ['household_id', 'added_on', 'is_income', 'category'],
    rowsOf: categoryRowsOf,
    sums: { sum_cents: 'sum(cost_cents)' },
    count: 'transaction_count',
  }),
  transactionsTriggers('transaction_daily_totals', 'transaction_daily_totals_after_change'),
].join('');
