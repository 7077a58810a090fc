import { DashboardOverview } from '@/features/dashboard/components/DashboardOverview';

export function DashboardRoute() {
  return <DashboardOverview />;
}
