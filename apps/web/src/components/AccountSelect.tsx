import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
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
export function AccountSelect({ label, keepAccountId, hint, ...props }: AccountSelectProps) {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const baseCurrency = useCurrency();
  const options = (accounts.data ?? []).filter(
    (account) => !account.isArchived || account._id === keepAccountId,
  );
  return (
    <SelectField
      label={label ?? t('account.label')}
      aria-busy={accounts.isPending}
      hint={
        <>
          {accounts.isError ? <p className={fieldErrorClasses}>{t('account.loadFailed')}</p> : null}
          {hint}
        </>
      }
      {...props}
    >
      {accounts.isPending ? <option value="">{t('account.loading')}</option> : null}
      {options.map((account) => {
        const type = t(`accountTypes.${account.type}`);
        // An account in another currency says so: its amounts are typed in it.
        const option =
          account.currency === baseCurrency
            ? t('account.option', { name: account.name, type })
            : t('account.optionInCurrency', {
                name: account.name,
                type,
                currency: account.currency,
              });
        return (
          <option key={account._id} value={account._id}>
            {account.isArchived ? t('account.archived', { option }) : option}
          </option>
        );
      })}
    </SelectField>
  );
}
