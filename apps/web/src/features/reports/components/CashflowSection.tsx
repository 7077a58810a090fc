import type { CashflowReport, ReportInterval } from '@moneta/shared/report-schemas';
import { useTranslation } from 'react-i18next';
import { Table, TableCell, TableRow, TableRowHeader } from '@/components/ui/Table';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { transactionsPath } from '@/config/paths';
import { EXPENSE_COLOUR, INCOME_COLOUR } from '@/lib/chart-theme';
import { useFormat } from '@/lib/i18n/use-format';
import { useCashflowReport } from '../api/get-cashflow-report';
import { reportQuery, type ReportRequest } from '../api/report-query';
import { formatReportRange, periodLabel, previousRange } from '../utils/report-range';
import { formatComparison, reportMoney, sumMoney } from './report-format';
import { ReportChartSlot } from './ReportChartSlot';
import { FigureLink, ReportSection, SummaryTile } from './ReportSection';

type CashflowSectionProps = { request: ReportRequest; currency: string };

type Totals = { income: number; expense: number; net: number };

function totalsOf(report: CashflowReport): Totals {
  return {
    income: sumMoney(report.periods.map((period) => period.income)),
    expense: sumMoney(report.periods.map((period) => period.expense)),
    net: sumMoney(report.periods.map((period) => period.net)),
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Income, expense and net per period (docs/reports.md). Each period's net is compared with the one
 * before (the first with the last period of the previous range); the totals with the previous
 * range of the same length, fetched alongside, and with the average per period.
 */
export function CashflowSection({ request, currency }: CashflowSectionProps) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const report = useCashflowReport(request);
  const before = previousRange(request);
  const previous = useCashflowReport({ ...request, ...before });
  const per = t(`per.${request.interval}`);
  return (
    <ReportSection
      title={t('cashflow.title')}
      description={t('cashflow.description', { per })}
      query={report}
      csv={{ name: 'cashflow', query: reportQuery(request) }}
      isEmpty={(data) =>
        data.periods.every((period) => period.income === 0 && period.expense === 0)
      }
    >
      {(data) => (
        <CashflowFigures
          data={data}
          previous={previous.data}
          previousText={formatReportRange(before, format)}
          request={request}
          currency={currency}
        />
      )}
    </ReportSection>
  );
}

function CashflowFigures({
  data,
  previous,
  previousText,
  request,
  currency,
}: {
  data: CashflowReport;
  previous: CashflowReport | undefined;
  previousText: string;
  request: ReportRequest;
  currency: string;
}) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const money = reportMoney(format);
  const interval: ReportInterval = request.interval;
  const totals = totalsOf(data);
  const count = data.periods.length;
  const averages = {
    income: round(totals.income / count),
    expense: round(totals.expense / count),
    net: round(totals.net / count),
  };
  const previousTotals = previous ? totalsOf(previous) : undefined;
  const per = t(`per.${interval}`);
  const labels = data.periods.map((period) => periodLabel(period, interval, format, t));
  const account = request.accountId;
  const whole = { from: request.from, to: request.to, account };
  // The period just before the first: the last of the previous range, which ends the day before.
  const beforeFirst = previous?.periods.at(-1);

  function lines(key: keyof Totals): string[] {
    const compared = previousTotals
      ? t('cashflow.versus', {
          change: formatComparison(totals[key], previousTotals[key], currency, format),
          range: previousText,
        })
      : t('cashflow.loadingComparison', { range: previousText });
    return [t('cashflow.average', { per, amount: money(averages[key], currency) }), compared];
  }

  return (
    <>
      <ul className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SummaryTile
          label={t('cashflow.income')}
          amount={totals.income}
          currency={currency}
          tone="text-emerald-700 dark:text-emerald-400"
          lines={lines('income')}
        />
        <SummaryTile
          label={t('cashflow.expense')}
          amount={totals.expense}
          currency={currency}
          tone="text-red-700 dark:text-red-400"
          lines={lines('expense')}
        />
        <SummaryTile
          label={t('cashflow.net')}
          amount={totals.net}
          currency={currency}
          tone={totals.net < 0 ? 'text-red-700 dark:text-red-400' : ''}
          lines={lines('net')}
        />
      </ul>
      <UnconvertedNotice count={data.unconverted} className="mb-3" />
      <div className="mb-4">
        <ReportChartSlot
          labels={labels}
          bars={[
            { label: t('cashflow.income'), values: data.periods.map((period) => period.income) },
            { label: t('cashflow.expense'), values: data.periods.map((period) => period.expense) },
          ]}
          barColours={[INCOME_COLOUR, EXPENSE_COLOUR]}
          line={{ label: t('cashflow.net'), values: data.periods.map((period) => period.net) }}
          currency={currency}
          summary={t('cashflow.chartSummary', {
            per,
            income: money(totals.income, currency),
            expense: money(totals.expense, currency),
            net: money(totals.net, currency),
          })}
        />
      </div>
      <Table
        label={t('cashflow.tableLabel')}
        caption={t('cashflow.caption', { per })}
        minWidthClass="sm:min-w-[40rem]"
        columns={[
          { header: t('cashflow.columns.period') },
          { header: t('cashflow.income'), align: 'right' },
          { header: t('cashflow.expense'), align: 'right' },
          { header: t('cashflow.net'), align: 'right' },
          { header: t('cashflow.columns.netVsPrevious'), align: 'right' },
        ]}
      >
        {data.periods.map((period, index) => {
          const label = labels[index] ?? period.start;
          const dates = { from: period.start, to: period.end, account };
          const prior = index === 0 ? beforeFirst : data.periods[index - 1];
          return (
            <TableRow key={period.start}>
              <TableRowHeader>{label}</TableRowHeader>
              <TableCell align="right" stackLabel={t('cashflow.income')}>
                <FigureLink
                  amount={period.income}
                  currency={currency}
                  description={t('cashflow.figure.incomeIn', { period: label })}
                  to={transactionsPath({ ...dates, type: 'income' })}
                />
              </TableCell>
              <TableCell align="right" stackLabel={t('cashflow.expense')}>
                <FigureLink
                  amount={period.expense}
                  currency={currency}
                  description={t('cashflow.figure.expenseIn', { period: label })}
                  to={transactionsPath({ ...dates, type: 'expense' })}
                />
              </TableCell>
              <TableCell align="right" stack="end" className="font-medium">
                <FigureLink
                  amount={period.net}
                  currency={currency}
                  description={t('cashflow.figure.netIn', { period: label })}
                  to={transactionsPath(dates)}
                />
              </TableCell>
              <TableCell align="right" stackLabel={t('vsPrevious')} className="tabular-nums">
                {prior ? formatComparison(period.net, prior.net, currency, format) : '—'}
              </TableCell>
            </TableRow>
          );
        })}
        <TableRow className="font-semibold">
          <TableRowHeader>{t('total')}</TableRowHeader>
          <TableCell align="right" stackLabel={t('cashflow.income')}>
            <FigureLink
              amount={totals.income}
              currency={currency}
              description={t('cashflow.figure.incomeWhole')}
              to={transactionsPath({ ...whole, type: 'income' })}
            />
          </TableCell>
          <TableCell align="right" stackLabel={t('cashflow.expense')}>
            <FigureLink
              amount={totals.expense}
              currency={currency}
              description={t('cashflow.figure.expenseWhole')}
              to={transactionsPath({ ...whole, type: 'expense' })}
            />
          </TableCell>
          <TableCell align="right" stack="end">
            <FigureLink
              amount={totals.net}
              currency={currency}
              description={t('cashflow.figure.netWhole')}
              to={transactionsPath(whole)}
            />
          </TableCell>
          <TableCell
            align="right"
            stackLabel={t('versusRange', { range: previousText })}
            className="tabular-nums"
          >
            {previousTotals
              ? formatComparison(totals.net, previousTotals.net, currency, format)
              : '—'}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableRowHeader>{t('averagePer', { per })}</TableRowHeader>
          <TableCell align="right" stackLabel={t('cashflow.income')} className="tabular-nums">
            {money(averages.income, currency)}
          </TableCell>
          <TableCell align="right" stackLabel={t('cashflow.expense')} className="tabular-nums">
            {money(averages.expense, currency)}
          </TableCell>
          <TableCell align="right" stack="end" className="tabular-nums">
            {money(averages.net, currency)}
          </TableCell>
          <TableCell align="right" stack="hidden" />
        </TableRow>
      </Table>
    </>
  );
}
