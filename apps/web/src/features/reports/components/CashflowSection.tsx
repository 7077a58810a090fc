import { formatMoney } from '@moneta/shared/money';
import type { CashflowReport, ReportInterval } from '@moneta/shared/report-schemas';
import { Table, TableCell, TableRow, TableRowHeader } from '@/components/ui/Table';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { transactionsPath } from '@/config/paths';
import { EXPENSE_COLOUR, INCOME_COLOUR } from '@/lib/chart-theme';
import { useCashflowReport } from '../api/get-cashflow-report';
import { reportQuery, type ReportRequest } from '../api/report-query';
import { formatReportRange, PER_INTERVAL, periodLabel, previousRange } from '../utils/report-range';
import { formatComparison, sumMoney } from './report-format';
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
 * Income, expense and net per period (DESIGN §6.6). Each period's net is compared with the one
 * before (the first with the last period of the previous range); the totals with the previous
 * range of the same length, fetched alongside, and with the average per period.
 */
export function CashflowSection({ request, currency }: CashflowSectionProps) {
  const report = useCashflowReport(request);
  const before = previousRange(request);
  const previous = useCashflowReport({ ...request, ...before });
  const per = PER_INTERVAL[request.interval];
  return (
    <ReportSection
      title="Cash flow"
      description={`Income, expense and net ${per}; transfers between your accounts are not counted.`}
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
          previousText={formatReportRange(before)}
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
  const interval: ReportInterval = request.interval;
  const totals = totalsOf(data);
  const count = data.periods.length;
  const averages = {
    income: round(totals.income / count),
    expense: round(totals.expense / count),
    net: round(totals.net / count),
  };
  const previousTotals = previous ? totalsOf(previous) : undefined;
  const per = PER_INTERVAL[interval];
  const labels = data.periods.map((period) => periodLabel(period, interval));
  const account = request.accountId;
  const whole = { from: request.from, to: request.to, account };
  // The period just before the first: the last of the previous range, which ends the day before.
  const beforeFirst = previous?.periods.at(-1);

  function lines(key: keyof Totals): string[] {
    const compared = previousTotals
      ? `${formatComparison(totals[key], previousTotals[key], currency)} vs ${previousText}`
      : `Loading the comparison with ${previousText}…`;
    return [`Average ${per}: ${formatMoney(averages[key], currency)}`, compared];
  }

  return (
    <>
      <ul className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SummaryTile
          label="Income"
          amount={totals.income}
          currency={currency}
          tone="text-emerald-700 dark:text-emerald-400"
          lines={lines('income')}
        />
        <SummaryTile
          label="Expense"
          amount={totals.expense}
          currency={currency}
          tone="text-red-700 dark:text-red-400"
          lines={lines('expense')}
        />
        <SummaryTile
          label="Net"
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
            { label: 'Income', values: data.periods.map((period) => period.income) },
            { label: 'Expense', values: data.periods.map((period) => period.expense) },
          ]}
          barColours={[INCOME_COLOUR, EXPENSE_COLOUR]}
          line={{ label: 'Net', values: data.periods.map((period) => period.net) }}
          currency={currency}
          summary={`Cash flow ${per}: income ${formatMoney(totals.income, currency)}, expense ${formatMoney(totals.expense, currency)}, net ${formatMoney(totals.net, currency)} in all. The table below has every figure.`}
        />
      </div>
      <Table
        label="Cash flow table"
        caption={`Cash flow ${per}`}
        minWidthClass="sm:min-w-[40rem]"
        columns={[
          { header: 'Period' },
          { header: 'Income', align: 'right' },
          { header: 'Expense', align: 'right' },
          { header: 'Net', align: 'right' },
          { header: 'Net vs previous period', align: 'right' },
        ]}
      >
        {data.periods.map((period, index) => {
          const label = labels[index] ?? period.start;
          const dates = { from: period.start, to: period.end, account };
          const prior = index === 0 ? beforeFirst : data.periods[index - 1];
          return (
            <TableRow key={period.start}>
              <TableRowHeader>{label}</TableRowHeader>
              <TableCell align="right" stackLabel="Income">
                <FigureLink
                  amount={period.income}
                  currency={currency}
                  description={`income in ${label}`}
                  to={transactionsPath({ ...dates, type: 'income' })}
                />
              </TableCell>
              <TableCell align="right" stackLabel="Expense">
                <FigureLink
                  amount={period.expense}
                  currency={currency}
                  description={`expense in ${label}`}
                  to={transactionsPath({ ...dates, type: 'expense' })}
                />
              </TableCell>
              <TableCell align="right" stack="end" className="font-medium">
                <FigureLink
                  amount={period.net}
                  currency={currency}
                  description={`net in ${label}`}
                  to={transactionsPath(dates)}
                />
              </TableCell>
              <TableCell align="right" stackLabel="Vs previous" className="tabular-nums">
                {prior ? formatComparison(period.net, prior.net, currency) : '—'}
              </TableCell>
            </TableRow>
          );
        })}
        <TableRow className="font-semibold">
          <TableRowHeader>Total</TableRowHeader>
          <TableCell align="right" stackLabel="Income">
            <FigureLink
              amount={totals.income}
              currency={currency}
              description="income in the whole range"
              to={transactionsPath({ ...whole, type: 'income' })}
            />
          </TableCell>
          <TableCell align="right" stackLabel="Expense">
            <FigureLink
              amount={totals.expense}
              currency={currency}
              description="expense in the whole range"
              to={transactionsPath({ ...whole, type: 'expense' })}
            />
          </TableCell>
          <TableCell align="right" stack="end">
            <FigureLink
              amount={totals.net}
              currency={currency}
              description="net in the whole range"
              to={transactionsPath(whole)}
            />
          </TableCell>
          <TableCell align="right" stackLabel={`Vs ${previousText}`} className="tabular-nums">
            {previousTotals ? formatComparison(totals.net, previousTotals.net, currency) : '—'}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableRowHeader>{`Average ${per}`}</TableRowHeader>
          <TableCell align="right" stackLabel="Income" className="tabular-nums">
            {formatMoney(averages.income, currency)}
          </TableCell>
          <TableCell align="right" stackLabel="Expense" className="tabular-nums">
            {formatMoney(averages.expense, currency)}
          </TableCell>
          <TableCell align="right" stack="end" className="tabular-nums">
            {formatMoney(averages.net, currency)}
          </TableCell>
          <TableCell align="right" stack="hidden" />
        </TableRow>
      </Table>
    </>
  );
}
