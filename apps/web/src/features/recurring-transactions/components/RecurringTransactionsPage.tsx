import { ContentLayout } from '@/components/layouts/ContentLayout';

/** Placeholder until the issue that builds this screen fills it in. */
export function RecurringTransactionsPage() {
  return <ContentLayout title="Recurring Transactions" />;
}
