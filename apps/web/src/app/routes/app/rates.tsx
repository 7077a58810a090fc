import { RatesPage } from '@/features/rates/components/RatesPage';

export function RatesRoute() {
  return <RatesPage />;
}
