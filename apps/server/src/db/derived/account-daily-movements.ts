import { keptSumsFunction, transactionsTriggers } from './kept-sums';

/**
 * account_daily_movements: what each account's booked transactions moved per day and currency
 * (incomes − expenses, in hundredths of the rows' currency) and how many they are, kept exact
 * like transaction_daily_totals (kept-sums.ts). A pending transaction (`is_pending`) is left out
 * until it is booked: the update that books it adds it. First made and filled by migration 0039;
 * this file is the current definition (docs/database.md).
 */
const booked = (rows: string) => `(
  SELECT household_id, account_id, currency, added_on AS day,
    CASE WHEN is_income THEN cost_cents ELSE -cost_cents END AS flow
  FROM ${rows} WHERE NOT is_pending
)`;

export const accountDailyMovementsDefinitions = [
  keptSumsFunction({
    name: 'account_daily_movements_after_change',
    table: 'account_daily_movements',
    key: ['household_id', 'account_id', 'currency', 'day'],
    rowsOf: booked,
    sums: { flow_cents: 'sum(flow)' },
    count: 'transaction_count',
  }),
  transactionsTriggers('account_daily_movements', 'account_daily_movements_after_change'),
].join('');
