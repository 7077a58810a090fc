import type { CategoryReport } from '@moneta/shared/report-schemas';
import { useTranslation } from 'react-i18next';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { useFormat } from '@/lib/i18n/use-format';
import { useCategoryReport } from '../api/get-category-report';
import { reportQuery, type ReportRequest } from '../api/report-query';
import type { ReportKind } from '../hooks/use-report-params';
import { formatReportRange, periodLabel, previousRange } from '../utils/report-range';
import { KindSelect } from './KindSelect';
import { CategoryTable } from './CategoryTable';
import { reportMoney, sumMoney } from './report-format';
import { ReportChartSlot } from './ReportChartSlot';
import { ReportSection } from './ReportSection';
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
  const labels = data.periods.map((period) => periodLabel(period, request.interval, format, t));
  const shown = data.categories.slice(0, CHART_CATEGORIES);
  const rest = data.categories.slice(CHART_CATEGORIES);
  const bars = shown.map((row) => ({ label: categoryName(row.name), values: row.totals }));
  if (rest.length > 0) {
    bars.push({
      label: t('categories.other'),
      values: data.periods.map((_, index) => sumMoney(rest.map((row) => row.totals[index] ?? 0))),
    });
  }
  const total = sumMoney(data.categories.map((row) => row.total));
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
      <CategoryTable
        data={data}
        previous={previous}
        previousText={previousText}
        labels={labels}
        request={request}
        kind={kind}
        title={title}
        total={total}
        currency={currency}
      />
    </>
  );
}
