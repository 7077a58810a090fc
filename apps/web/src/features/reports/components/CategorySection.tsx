import { formatMoney } from '@moneta/shared/money';
import type { CategoryReport } from '@moneta/shared/report-schemas';
import { Table, TableCell, TableRow, TableRowHeader } from '@/components/ui/Table';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { transactionsPath } from '@/config/paths';
import { useCategoryReport } from '../api/get-category-report';
import { reportQuery, type ReportRequest } from '../api/report-query';
import type { ReportKind } from '../hooks/use-report-params';
import { formatReportRange, PER_INTERVAL, periodLabel, previousRange } from '../utils/report-range';
import { KindSelect } from './KindSelect';
import { formatComparison, sumMoney } from './report-format';
import { ReportChartSlot } from './ReportChartSlot';
import { FigureLink, ReportSection } from './ReportSection';

/** The chart stacks this many categories, the rest as "Other": one colour names one category. */
const CHART_CATEGORIES = 5;

type CategorySectionProps = {
  request: ReportRequest;
  kind: ReportKind;
  onKindChange: (kind: ReportKind) => void;
  currency: string;
};

/**
 * Spending (or income) by category per period: the chart stacks the largest categories, the
 * table has every one with its total, its average per period, and its total in the previous
 * range (fetched alongside) with the change. Every figure opens its transactions.
 */
export function CategorySection({ request, kind, onKindChange, currency }: CategorySectionProps) {
  const isIncome = kind === 'income';
  const report = useCategoryReport(request, isIncome);
  const before = previousRange(request);
  const previous = useCategoryReport({ ...request, ...before }, isIncome);
  const title = isIncome ? 'Income by category' : 'Spending by category';
  return (
    <ReportSection
      title={title}
      description={`Each category's total ${PER_INTERVAL[request.interval]}, its total and its average, largest first.`}
      query={report}
      csv={{ name: 'categories', query: reportQuery(request, { isIncome: String(isIncome) }) }}
      controls={<KindSelect label="Categories show" value={kind} onChange={onKindChange} />}
      isEmpty={(data) => data.categories.length === 0}
    >
      {(data) => (
        <CategoryFigures
          data={data}
          previous={previous.data}
          previousText={formatReportRange(before)}
          request={request}
          kind={kind}
          title={title}
          currency={currency}
        />
      )}
    </ReportSection>
  );
}

function CategoryFigures({
  data,
  previous,
  previousText,
  request,
  kind,
  title,
  currency,
}: {
  data: CategoryReport;
  previous: CategoryReport | undefined;
  previousText: string;
  request: ReportRequest;
  kind: ReportKind;
  title: string;
  currency: string;
}) {
  const labels = data.periods.map((period) => periodLabel(period, request.interval));
  const account = request.accountId;
  const previousTotals = new Map(previous?.categories.map((row) => [row.name, row.total]));
  const shown = data.categories.slice(0, CHART_CATEGORIES);
  const rest = data.categories.slice(CHART_CATEGORIES);
  const bars = shown.map((row) => ({ label: row.name, values: row.totals }));
  if (rest.length > 0) {
    bars.push({
      label: 'Other',
      values: data.periods.map((_, index) => sumMoney(rest.map((row) => row.totals[index] ?? 0))),
    });
  }
  const periodTotals = data.periods.map((_, index) =>
    sumMoney(data.categories.map((row) => row.totals[index] ?? 0)),
  );
  const total = sumMoney(data.categories.map((row) => row.total));
  const count = data.periods.length;
  const many = count > 4;
  const word = kind === 'income' ? 'income' : 'spending';
  return (
    <>
      <UnconvertedNotice count={data.unconverted} className="mb-3" />
      <div className="mb-4">
        <ReportChartSlot
          labels={labels}
          bars={bars}
          isStacked
          currency={currency}
          summary={`${title}, ${formatMoney(total, currency)} in all: ${data.categories
            .slice(0, CHART_CATEGORIES)
            .map((row) => `${row.name} ${formatMoney(row.total, currency)}`)
            .join(
              ', ',
            )}${rest.length > 0 ? ', and others' : ''}. The table below has every figure.`}
        />
      </div>
      <Table
        label={`${title} table`}
        caption={`${title} ${PER_INTERVAL[request.interval]}`}
        minWidthClass={many ? 'sm:min-w-[72rem]' : 'sm:min-w-[40rem]'}
        columns={[
          { header: 'Category', isSticky: true },
          ...labels.map((label) => ({ header: label, align: 'right' as const })),
          { header: 'Total', align: 'right' },
          { header: `Average ${PER_INTERVAL[request.interval]}`, align: 'right' },
          { header: `Vs ${previousText}`, align: 'right' },
        ]}
      >
        {data.categories.map((row) => (
          <TableRow key={row.name}>
            <TableRowHeader isSticky>{row.name}</TableRowHeader>
            {data.periods.map((period, index) => {
              const label = labels[index] ?? period.start;
              const amount = row.totals[index] ?? 0;
              return (
                <TableCell
                  key={period.start}
                  align="right"
                  stackLabel={label}
                  // On a phone the list names the periods with figures; the average counts all.
                  stack={amount === 0 ? 'hidden' : 'meta'}
                >
                  <FigureLink
                    amount={amount}
                    currency={currency}
                    description={`${row.name} in ${label}`}
                    to={transactionsPath({
                      type: kind,
                      category: row.name,
                      from: period.start,
                      to: period.end,
                      account,
                    })}
                  />
                </TableCell>
              );
            })}
            <TableCell align="right" stack="end" className="font-semibold">
              <FigureLink
                amount={row.total}
                currency={currency}
                description={`${row.name} in the whole range`}
                to={transactionsPath({
                  type: kind,
                  category: row.name,
                  from: request.from,
                  to: request.to,
                  account,
                })}
              />
            </TableCell>
            <TableCell align="right" stackLabel="Average" className="tabular-nums">
              {formatMoney(row.average, currency)}
            </TableCell>
            <TableCell align="right" stackLabel="Vs previous" className="tabular-nums">
              {previous
                ? formatComparison(row.total, previousTotals.get(row.name) ?? 0, currency)
                : '—'}
            </TableCell>
          </TableRow>
        ))}
        <TableRow className="font-semibold">
          <TableRowHeader isSticky>{`All ${word}`}</TableRowHeader>
          {data.periods.map((period, index) => {
            const label = labels[index] ?? period.start;
            return (
              <TableCell key={period.start} align="right" stackLabel={label}>
                <FigureLink
                  amount={periodTotals[index] ?? 0}
                  currency={currency}
                  description={`all ${word} in ${label}`}
                  to={transactionsPath({ type: kind, from: period.start, to: period.end, account })}
                />
              </TableCell>
            );
          })}
          <TableCell align="right" stack="end">
            <FigureLink
              amount={total}
              currency={currency}
              description={`all ${word} in the whole range`}
              to={transactionsPath({ type: kind, from: request.from, to: request.to, account })}
            />
          </TableCell>
          <TableCell align="right" stackLabel="Average" className="tabular-nums">
            {formatMoney(Math.round((total / count) * 100) / 100, currency)}
          </TableCell>
          <TableCell align="right" stackLabel="Vs previous" className="tabular-nums">
            {previous
              ? formatComparison(
                  total,
                  sumMoney(previous.categories.map((row) => row.total)),
                  currency,
                )
              : '—'}
          </TableCell>
        </TableRow>
      </Table>
    </>
  );
}
