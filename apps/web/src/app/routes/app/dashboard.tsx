import { useState } from 'react';
import { DashboardOverview } from '@/features/dashboard/components/DashboardOverview';
import { useTransactionSummary } from '@/features/transactions/api/get-summary';
import { TransactionFormDialog } from '@/features/transactions/components/TransactionFormDialog';

/**
 * The dashboard (features/dashboard) with the transaction form of features/transactions: the
 * route composes the two features, which never import each other.
 */
export function DashboardRoute() {
  const summary = useTransactionSummary();
  const [isFormOpen, setIsFormOpen] = useState(false);
  return (
    <DashboardOverview
      summary={summary.data}
      summaryError={summary.error}
      onRetrySummary={() => void summary.refetch()}
      onAddTransaction={() => setIsFormOpen(true)}
    >
      <TransactionFormDialog isOpen={isFormOpen} onClose={() => setIsFormOpen(false)} />
    </DashboardOverview>
  );
}
