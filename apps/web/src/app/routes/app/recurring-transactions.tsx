import { RecurringTransactionsPage } from '@/features/recurring-transactions/components/RecurringTransactionsPage';

export function RecurringTransactionsRoute() {
  return <RecurringTransactionsPage />;
}
