import { ImportPage } from '@/features/imports/components/ImportPage';

export function ImportRoute() {
  return <ImportPage />;
}
