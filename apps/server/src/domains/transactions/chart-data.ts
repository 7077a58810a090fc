/** The charts' window and their answer over it from the sums (transaction-totals-repository.ts). */
import {
  addDays,
  type ChartData,
  datesBetween,
  ErrorCode,
  fromStoredHundredths,
  isCalendarDate,
  todayIn,
  toDayNumber,
} from '@moneta/shared';
import { badRequest } from '../../http/app-error';
import type { ChartTotalRow } from './transaction-totals-repository';

const CHART_DAYS = 30;
/** Two years of daily points at most: a longer window is a request for a different chart. */
const MAX_CHART_DAYS = 731;

/**
 * The window [from, to] a chart covers: as given, else 30 days ending at `to`, starting at
 * `from`, or ending today in the user's zone; refused off the calendar or longer than
 * MAX_CHART_DAYS.
 */
export function chartWindow(
  timeZone: string,
  window: { from?: string | undefined; to?: string | undefined },
): { from: string; to: string } {
  const to = window.to ?? (window.from ? addDays(window.from, CHART_DAYS - 1) : todayIn(timeZone));
  const from = window.from ?? addDays(to, -(CHART_DAYS - 1));
  // A default end 29 days after 9999-12-02 (or start before 0001-01-30) is off the calendar.
  if (!isCalendarDate(from) || !isCalendarDate(to)) {
    throw badRequest(
      'The chart window must lie between 0001-01-01 and 9999-12-31.',
      ErrorCode.WINDOW_OUT_OF_RANGE,
    );
  }
  if (toDayNumber(to) - toDayNumber(from) + 1 > MAX_CHART_DAYS) {
    throw badRequest(
      `The chart window can be at most ${MAX_CHART_DAYS} days.`,
      ErrorCode.WINDOW_TOO_LONG,
    );
  }
  return { from, to };
}

/** The charts' answer over [from, to] from its sums (transaction-totals-repository.ts). */
export function chartDataOf(rows: ChartTotalRow[], from: string, to: string): ChartData {
  // The row of the whole window (no day, no kind) carries the count of unconverted rows.
  const whole = rows.find((row) => row.isIncome === null);
  const unconverted = whole?.unconverted ?? 0;
  // A window without a transaction has nothing to draw: empty lists let the screen say so
  // instead of drawing a flat line at zero.
  // (The row of the whole window is there even then: a grand total of nothing.)
  if (rows.every((row) => row.isIncome === null)) {
    return { expensesByCategory: [], expensesOverTime: [], incomeOverTime: [], unconverted };
  }
  const dailyTotal = new Map<string, number>();
  const expensesByCategory: ChartData['expensesByCategory'] = [];
  for (const row of rows) {
    if (row.isIncome === null) continue;
    if (row.date !== null) dailyTotal.set(`${row.date}|${row.isIncome}`, row.totalCents);
    else if (row.category !== null && !row.isIncome)
      expensesByCategory.push({
        name: row.category,
        total: fromStoredHundredths(row.totalCents),
      });
  }
  const series = (isIncome: boolean) =>
    datesBetween(from, to).map((date) => ({
      date,
      total: fromStoredHundredths(dailyTotal.get(`${date}|${isIncome}`) ?? 0),
    }));
  return {
    expensesByCategory,
    expensesOverTime: series(false),
    incomeOverTime: series(true),
    unconverted,
  };
}
