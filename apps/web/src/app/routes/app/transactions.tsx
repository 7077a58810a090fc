import { TransactionsPage } from '@/features/transactions/components/TransactionsPage';

export function TransactionsRoute() {
  return <TransactionsPage />;
}
