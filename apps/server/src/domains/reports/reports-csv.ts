import type { CashflowReport, CategoryReport, NetWorthReport, PayeeReport } from '@moneta/shared';
import { stringify } from 'csv-stringify/sync';
import { neutralizeCell } from '../transactions/csv-export';

/**
 * Each report as the table it is (docs/reports.md: `format=csv` answers the same table): one header
 * row, then the figures as the JSON answer has them, amounts with two decimals. Names are the
 * user's text, neutralised against formulas like every export. A UTF-8 byte-order mark lets
 * spreadsheet programs detect the encoding.
 */
const table = (rows: Array<Array<string | number>>) =>
  `\ufeff${stringify(rows.map((row) => row.map((cell) => (typeof cell === 'number' ? cell.toFixed(2) : cell))))}`;

export function cashflowCsv(report: CashflowReport): string {
  return table([
    ['Start', 'End', 'Income', 'Expense', 'Net'],
    ...report.periods.map((period) => [
      period.start,
      period.end,
      period.income,
      period.expense,
      period.net,
    ]),
  ]);
}

export function categoriesCsv(report: CategoryReport): string {
  return table([
    ['Category', ...report.periods.map((period) => period.start), 'Total', 'Average'],
    ...report.categories.map((category) => [
      neutralizeCell(category.name),
      ...category.totals,
      category.total,
      category.average,
    ]),
  ]);
}

/** One row per period and account, and the period's total (Account "Total", base currency). */
export function netWorthCsv(
  report: NetWorthReport,
  accountNames: ReadonlyMap<string, string>,
): string {
  return table([
    ['Date', 'Account', 'Balance', 'Base balance'],
    ...report.points.flatMap((point) => [
      ...point.accounts.map((account) => [
        point.date,
        neutralizeCell(accountNames.get(account.accountId) ?? account.accountId),
        account.balance,
        account.baseBalance ?? '',
      ]),
      [point.date, 'Total', '', point.total],
    ]),
  ]);
}

export function payeesCsv(report: PayeeReport): string {
  return table([
    ['Payee', 'Total', 'Count'],
    ...report.payees.map((payee) => [neutralizeCell(payee.name), payee.total, String(payee.count)]),
  ]);
}
