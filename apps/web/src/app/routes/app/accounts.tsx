import { AccountsPage } from '@/features/accounts/components/AccountsPage';

export function AccountsRoute() {
  return <AccountsPage />;
}
