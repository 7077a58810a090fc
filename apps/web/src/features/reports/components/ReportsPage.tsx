import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { useCurrency } from '@/lib/auth/use-currency';
import { reportRequestOf, useReportParams } from '../hooks/use-report-params';
import { CashflowSection } from './CashflowSection';
import { CategorySection } from './CategorySection';
import { NetWorthSection } from './NetWorthSection';
import { PayeeSection } from './PayeeSection';
import { ReportControls } from './ReportControls';

/**
 * The Reports page (docs/reports.md, Web): cash flow, categories, net worth and
 * payees over one range, interval and account, in the base currency. Every figure opens what it
 * is made of; every chart has its table; each report downloads as CSV.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const currency = useCurrency();
  const { params, setRange, setParam } = useReportParams();
  const request = reportRequestOf(params);
  return (
    <ContentLayout title={t('page.title')} description={t('page.description')}>
      <ReportControls
        params={params}
        currency={currency}
        onRangeChange={setRange}
        onParamChange={setParam}
      />
      <CashflowSection request={request} currency={currency} />
      <CategorySection
        request={request}
        kind={params.categoryKind}
        onKindChange={(kind) => setParam('categoryKind', kind === 'income' ? kind : '')}
        currency={currency}
      />
      <NetWorthSection request={request} currency={currency} />
      <PayeeSection
        request={request}
        kind={params.payeeKind}
        onKindChange={(kind) => setParam('payeeKind', kind === 'income' ? kind : '')}
        currency={currency}
      />
    </ContentLayout>
  );
}
