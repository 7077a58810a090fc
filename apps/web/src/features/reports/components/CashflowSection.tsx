import type { CashflowReport, ReportInterval } from '@moneta/shared/report-schemas';
import { useTranslation } from 'react-i18next';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { EXPENSE_COLOUR, INCOME_COLOUR } from '@/lib/chart-theme';
import { useFormat } from '@/lib/i18n/use-format';
import { useCashflowReport } from '../api/get-cashflow-report';
import { reportQuery, type ReportRequest } from '../api/report-query';
import { formatReportRange, periodLabel, previousRange } from '../utils/report-range';
import { cashflowAverages, cashflowTotals, type CashflowTotals } from './cashflow-totals';
import { CashflowTable } from './CashflowTable';
import { formatComparison, reportMoney } from './report-format';
import { ReportChartSlot } from './ReportChartSlot';
import { ReportSection, SummaryTile } from './ReportSection';

type CashflowSectionProps = { request: ReportRequest; currency: string };

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
  const totals = cashflowTotals(data);
  const count = data.periods.length;
  const averages = cashflowAverages(totals, count);
  const previousTotals = previous ? cashflowTotals(previous) : undefined;
  const per = t(`per.${interval}`);
  const labels = data.periods.map((period) => periodLabel(period, interval, format, t));
  // The period just before the first: the last of the previous range, which ends the day before.
  const beforeFirst = previous?.periods.at(-1);

  function lines(key: keyof CashflowTotals): string[] {
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
      <CashflowTable
        data={data}
        labels={labels}
        totals={totals}
        averages={averages}
        previousTotals={previousTotals}
        beforeFirst={beforeFirst}
        previousText={previousText}
        request={request}
        currency={currency}
      />
    </>
  );
}
