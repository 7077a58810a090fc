import type { CategoryReport } from '@moneta/shared/report-schemas';
import { useTranslation } from 'react-i18next';
import { Table, TableCell, TableRow, TableRowHeader } from '@/components/ui/Table';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { transactionsPath } from '@/config/paths';
import { useFormat } from '@/lib/i18n/use-format';
import { useCategoryReport } from '../api/get-category-report';
import { reportQuery, type ReportRequest } from '../api/report-query';
import type { ReportKind } from '../hooks/use-report-params';
import { formatReportRange, periodLabel, previousRange } from '../utils/report-range';
import { KindSelect } from './KindSelect';
import { formatComparison, reportMoney, sumMoney } from './report-format';
import { ReportChartSlot } from './ReportChartSlot';
import { FigureLink, ReportSection } from './ReportSection';
import { useCategoryName } from '@/lib/categories/category-name';

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
  const { t } = useTranslation('reports');
  const format = useFormat();
  const isIncome = kind === 'income';
  const report = useCategoryReport(request, isIncome);
  const before = previousRange(request);
  const previous = useCategoryReport({ ...request, ...before }, isIncome);
  const title = isIncome ? t('categories.incomeTitle') : t('categories.expenseTitle');
  return (
    <ReportSection
      title={title}
      description={t('categories.description', { per: t(`per.${request.interval}`) })}
      query={report}
      csv={{ name: 'categories', query: reportQuery(request, { isIncome: String(isIncome) }) }}
      controls={
        <KindSelect label={t('categories.kindLabel')} value={kind} onChange={onKindChange} />
      }
      isEmpty={(data) => data.categories.length === 0}
    >
      {(data) => (
        <CategoryFigures
          data={data}
          previous={previous.data}
          previousText={formatReportRange(before, format)}
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
  const { t } = useTranslation('reports');
  const format = useFormat();
  const money = reportMoney(format);
  const categoryName = useCategoryName();
  const per = t(`per.${request.interval}`);
  const labels = data.periods.map((period) => periodLabel(period, request.interval, format, t));
  const account = request.accountId;
  const previousTotals = new Map(previous?.categories.map((row) => [row.name, row.total]));
  const shown = data.categories.slice(0, CHART_CATEGORIES);
  const rest = data.categories.slice(CHART_CATEGORIES);
  const bars = shown.map((row) => ({ label: categoryName(row.name), values: row.totals }));
  if (rest.length > 0) {
    bars.push({
      label: t('categories.other'),
      values: data.periods.map((_, index) => sumMoney(rest.map((row) => row.totals[index] ?? 0))),
    });
  }
  const periodTotals = data.periods.map((_, index) =>
    sumMoney(data.categories.map((row) => row.totals[index] ?? 0)),
  );
  const total = sumMoney(data.categories.map((row) => row.total));
  const count = data.periods.length;
  const many = count > 4;
  return (
    <>
      <UnconvertedNotice count={data.unconverted} className="mb-3" />
      <div className="mb-4">
        <ReportChartSlot
          labels={labels}
          bars={bars}
          isStacked
          currency={currency}
          summary={t(rest.length > 0 ? 'categories.chartSummaryMore' : 'categories.chartSummary', {
            title,
            total: money(total, currency),
            list: shown
              .map((row) => `${categoryName(row.name)} ${money(row.total, currency)}`)
              .join(', '),
          })}
        />
      </div>
      <Table
        label={t('tableLabel', { title })}
        caption={t('categories.caption', { title, per })}
        minWidthClass={many ? 'sm:min-w-[72rem]' : 'sm:min-w-[40rem]'}
        columns={[
          { header: t('categories.category'), isSticky: true },
          ...labels.map((label) => ({ header: label, align: 'right' as const })),
          { header: t('total'), align: 'right' },
          { header: t('averagePer', { per }), align: 'right' },
          { header: t('versusRange', { range: previousText }), align: 'right' },
        ]}
      >
        {data.categories.map((row) => (
          <TableRow key={row.name}>
            <TableRowHeader isSticky>{categoryName(row.name)}</TableRowHeader>
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
                    description={t('categories.figure.categoryIn', {
                      category: categoryName(row.name),
                      period: label,
                    })}
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
                description={t('categories.figure.categoryWhole', {
                  category: categoryName(row.name),
                })}
                to={transactionsPath({
                  type: kind,
                  category: row.name,
                  from: request.from,
                  to: request.to,
                  account,
                })}
              />
            </TableCell>
            <TableCell align="right" stackLabel={t('average')} className="tabular-nums">
              {money(row.average, currency)}
            </TableCell>
            <TableCell align="right" stackLabel={t('vsPrevious')} className="tabular-nums">
              {previous
                ? formatComparison(row.total, previousTotals.get(row.name) ?? 0, currency, format)
                : '—'}
            </TableCell>
          </TableRow>
        ))}
        <TableRow className="font-semibold">
          <TableRowHeader isSticky>{t(`categories.all.${kind}`)}</TableRowHeader>
          {data.periods.map((period, index) => {
            const label = labels[index] ?? period.start;
            return (
              <TableCell key={period.start} align="right" stackLabel={label}>
                <FigureLink
                  amount={periodTotals[index] ?? 0}
                  currency={currency}
                  description={t(`categories.figure.allIn.${kind}`, { period: label })}
                  to={transactionsPath({ type: kind, from: period.start, to: period.end, account })}
                />
              </TableCell>
            );
          })}
          <TableCell align="right" stack="end">
            <FigureLink
              amount={total}
              currency={currency}
              description={t(`categories.figure.allWhole.${kind}`)}
              to={transactionsPath({ type: kind, from: request.from, to: request.to, account })}
            />
          </TableCell>
          <TableCell align="right" stackLabel={t('average')} className="tabular-nums">
            {money(Math.round((total / count) * 100) / 100, currency)}
          </TableCell>
          <TableCell align="right" stackLabel={t('vsPrevious')} className="tabular-nums">
            {previous
              ? formatComparison(
                  total,
                  sumMoney(previous.categories.map((row) => row.total)),
                  currency,
                  format,
                )
              : '—'}
          </TableCell>
        </TableRow>
      </Table>
    </>
  );
}
