import { AccountRegisterPage } from '@/features/accounts/components/AccountRegisterPage';

export function AccountRoute() {
  return <AccountRegisterPage />;
}
