import type { ComponentProps } from 'react';
import { ACCOUNT_TYPE_LABELS } from '@moneta/shared/account-schemas';
import { fieldErrorClasses } from '@/components/ui/input-styles';
import { SelectField } from '@/components/ui/SelectField';
import { useCurrency } from '@/lib/auth/use-currency';
import { useAccounts } from '@/lib/accounts/get-accounts';

type AccountSelectProps = Omit<ComponentProps<typeof SelectField>, 'children' | 'label'> & {
  label?: string;
  /** Offered even when archived: the account of what is being edited. */
  keepAccountId?: string | null | undefined;
};

/** The account field of the transaction and transfer forms: the open accounts, by name. */
export function AccountSelect({
  label = 'Account',
  keepAccountId,
  hint,
  ...props
}: AccountSelectProps) {
  const accounts = useAccounts();
  const baseCurrency = useCurrency();
  const options = (accounts.data ?? []).filter(
    (account) => !account.isArchived || account._id === keepAccountId,
  );
  return (
    <SelectField
      label={label}
      aria-busy={accounts.isPending}
      hint={
        <>
          {accounts.isError ? (
            <p className={fieldErrorClasses}>Could not load your accounts. Please try again.</p>
          ) : null}
          {hint}
        </>
      }
      {...props}
    >
      {accounts.isPending ? <option value="">Loading accounts…</option> : null}
      {options.map((account) => (
        <option key={account._id} value={account._id}>
          {account.name} ({ACCOUNT_TYPE_LABELS[account.type]}
          {/* An account in another currency says so: its amounts are typed in it. */}
          {account.currency === baseCurrency ? '' : `, ${account.currency}`})
          {account.isArchived ? ' — archived' : ''}
        </option>
      ))}
    </SelectField>
  );
}
