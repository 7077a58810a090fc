import { ReportsPage } from '@/features/reports/components/ReportsPage';

export function ReportsRoute() {
  return <ReportsPage />;
}
