import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useFormat } from '@/lib/i18n/use-format';
import type { Overdraft } from '../hooks/use-transaction-save';

/** Asks before a new expense takes its account below zero. */
export function OverdraftDialog({
  overdraft,
  kind,
  isBusy,
  onCancel,
  onConfirm,
}: {
  overdraft: Overdraft | null;
  kind: 'income' | 'expense';
  isBusy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('transactions');
  const format = useFormat();
  return (
    <ConfirmDialog
      isOpen={overdraft !== null}
      title={t('form.overdraft.title')}
      description={
        overdraft
          ? t(`form.overdraft.description.${kind}`, {
              amount: format.money(overdraft.input.cost, overdraft.account.currency),
              account: overdraft.account.name,
              balance: format.money(overdraft.account.balance, overdraft.account.currency),
            })
          : null
      }
      confirmLabel={t('form.overdraft.confirm')}
      busyLabel={t('saving')}
      isBusy={isBusy}
      tone="primary"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
