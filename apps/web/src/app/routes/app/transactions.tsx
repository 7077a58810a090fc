import { ManageCategoriesDialog } from '@/features/categories/components/ManageCategoriesDialog';
import { TransactionsPage } from '@/features/transactions/components/TransactionsPage';

/** The categories are their own feature; the Transactions page opens their dialog. */
export function TransactionsRoute() {
  return (
    <TransactionsPage renderManageCategories={(dialog) => <ManageCategoriesDialog {...dialog} />} />
  );
}
