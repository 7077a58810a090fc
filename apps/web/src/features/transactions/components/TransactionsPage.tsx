import { ContentLayout } from '@/components/layouts/ContentLayout';

/** Placeholder until the issue that builds this screen fills it in. */
export function TransactionsPage() {
  return <ContentLayout title="Transactions" />;
}
