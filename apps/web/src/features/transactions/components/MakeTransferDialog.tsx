import type { Transaction } from '@moneta/shared/transaction-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import { toast } from '@/lib/toast';
import { AccountSelect } from '@/components/AccountSelect';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useTransferFromTransactions } from '@/lib/accounts/transfers';
import { errorMessage } from '@/lib/api-client';

type MakeTransferDialogProps = {
  /** One transaction (the other account is chosen here) or an expense and an income. */
  transactions: Transaction[] | null;
  onClose: () => void;
  onDone: () => void;
};

/**
 * Turns recorded transactions into one transfer (docs/transfers.md): the money moved between
 * the user's own accounts, so it leaves the totals and budgets. One transaction asks for the
 * other account; two (an expense and an income) need nothing more.
 */
export function MakeTransferDialog({ transactions, onClose, onDone }: MakeTransferDialogProps) {
  const { t } = useTranslation('transactions');
  return (
    <Dialog
      isOpen={transactions !== null}
      onClose={onClose}
      title={t('makeTransfer.title')}
      description={t('makeTransfer.description')}
    >
      {transactions ? (
        <MakeTransferForm
          key={transactions.map((transaction) => transaction._id).join()}
          transactions={transactions}
          onClose={onClose}
          onDone={onDone}
        />
      ) : null}
    </Dialog>
  );
}

function MakeTransferForm({
  transactions,
  onClose,
  onDone,
}: Omit<MakeTransferDialogProps, 'transactions'> & { transactions: Transaction[] }) {
  const { t } = useTranslation('transactions');
  const format = useFormat();
  const accounts = useAccounts();
  const convert = useTransferFromTransactions();
  const [single] = transactions;
  const others = (accounts.data ?? []).filter(
    (account) => !account.isArchived && account._id !== single?.accountId,
  );
  const [accountId, setAccountId] = useState('');
  const chosen = accountId || others[0]?._id || '';
  const isPair = transactions.length === 2;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    convert.mutate(
      isPair
        ? { transactionIds: transactions.map((transaction) => transaction._id) }
        : { transactionIds: [single!._id], accountId: chosen },
      {
        onSuccess: () => {
          toast.success(t('makeTransfer.toast'));
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <ul className="space-y-1 text-sm text-neutral-800 dark:text-neutral-200">
        {transactions.map((transaction) => (
          <li key={transaction._id}>
            {t(transaction.isIncome ? 'makeTransfer.incomeLine' : 'makeTransfer.expenseLine', {
              name: transaction.name,
              amount: format.money(transaction.cost, transaction.currency),
            })}
          </li>
        ))}
      </ul>
      {isPair ? null : others.length === 0 ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {t('makeTransfer.needSecondAccount')}
        </p>
      ) : (
        <AccountSelect
          label={single?.isIncome ? t('makeTransfer.cameFrom') : t('makeTransfer.wentTo')}
          value={chosen}
          onChange={(event) => setAccountId(event.target.value)}
          keepAccountId={null}
        />
      )}
      {convert.isError ? (
        <Alert>{errorMessage(convert.error, t('makeTransfer.error'))}</Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={convert.isPending}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          disabled={
            convert.isPending || (!isPair && (others.length === 0 || chosen === single?.accountId))
          }
        >
          {convert.isPending ? t('saving') : t('makeTransfer.submit')}
        </Button>
      </div>
    </form>
  );
}
