import { RulesPage } from '@/features/rules/components/RulesPage';

export function RulesRoute() {
  return <RulesPage />;
}
