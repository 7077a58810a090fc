import { HouseholdPage } from '@/features/households/components/HouseholdPage';

export function HouseholdRoute() {
  return <HouseholdPage />;
}
