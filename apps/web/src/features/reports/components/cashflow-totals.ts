import type { CashflowReport } from '@moneta/shared/report-schemas';
import { sumMoney } from './report-format';

export type CashflowTotals = { income: number; expense: number; net: number };

export function cashflowTotals(report: CashflowReport): CashflowTotals {
  return {
    income: sumMoney(report.periods.map((period) => period.income)),
    expense: sumMoney(report.periods.map((period) => period.expense)),
    net: sumMoney(report.periods.map((period) => period.net)),
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The totals divided among `count` periods, to the cent. */
export function cashflowAverages(totals: CashflowTotals, count: number): CashflowTotals {
  return {
    income: round(totals.income / count),
    expense: round(totals.expense / count),
    net: round(totals.net / count),
  };
}
