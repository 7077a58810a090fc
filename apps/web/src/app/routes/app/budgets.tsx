import { BudgetsPage } from '@/features/budgets/components/BudgetsPage';

export function BudgetsRoute() {
  return <BudgetsPage />;
}
