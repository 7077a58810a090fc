import { TrashPage } from '@/features/transactions/components/TrashPage';

export function TrashRoute() {
  return <TrashPage />;
}
