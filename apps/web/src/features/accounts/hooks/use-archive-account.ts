import type { Account } from '@moneta/shared/account-schemas';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSaveAccount } from '../api/save-account';

/** Archives or restores an account, keeping everything else it holds; a toast says how it went. */
export function useArchiveAccount() {
  const { t } = useTranslation('accounts');
  const saveAccount = useSaveAccount();

  function setArchived(account: Account, isArchived: boolean) {
    saveAccount.mutate(
      {
        id: account._id,
        input: {
          name: account.name,
          type: account.type,
          openingBalance: account.openingBalance,
          isArchived,
        },
      },
      {
        onSuccess: () =>
          toast.success(
            isArchived
              ? t('toast.archived', { name: account.name })
              : t('toast.restored', { name: account.name }),
          ),
        onError: (error) => toast.error(errorMessage(error, t('errors.update'))),
      },
    );
  }

  return { setArchived, isArchiving: saveAccount.isPending };
}
