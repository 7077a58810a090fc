import type { Account } from '@moneta/shared/account-schemas';
import type { Transaction, ValidTransactionInput } from '@moneta/shared/transaction-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { rememberLastAccount } from '@/lib/accounts/last-account';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useCurrency } from '@/lib/auth/use-currency';
import { toast } from '@/lib/toast';
import { useSaveTransaction } from '../api/save-transaction';
import {
  isNetworkFailure,
  newIdempotencyKey,
  queueTransaction,
} from '../offline/transaction-queue';

/** A new expense above its account's balance, waiting for the user's yes. */
export type Overdraft = { input: ValidTransactionInput; account: Account };

/**
 * Saving the transaction form: an overdraft confirmed first, a new transaction kept on this device
 * when the server cannot be reached.
 */
export function useTransactionSave({
  transaction,
  onSaved,
  onQueued,
}: {
  transaction: Transaction | null;
  onSaved: (transaction: Transaction) => void;
  /** A new transaction was kept on this device, to be sent when back online. */
  onQueued: () => void;
}) {
  const { t } = useTranslation('transactions');
  const { user } = useUser();
  const baseCurrency = useCurrency();
  const accounts = useAccounts();
  const saveMutation = useSaveTransaction();
  const [overdraft, setOverdraft] = useState<Overdraft | null>(null);

  /**
   * Offline quick-add (docs/architecture.md, Web app): a new transaction that cannot reach the
   * server waits on this device with the key of its first attempt, so that it is recorded once.
   */
  function queue(input: ValidTransactionInput, key: string) {
    if (!user) return false;
    queueTransaction(user._id, input, key);
    if (input.accountId) rememberLastAccount(input.accountId);
    setOverdraft(null);
    toast.info(t('form.queued'));
    onQueued();
    return true;
  }

  function save(formInput: ValidTransactionInput) {
    // A charge in the base currency says nothing of an amount already in it; left empty on an
    // edit, it clears the one given before (null), so that the day's rate counts again.
    const input: ValidTransactionInput = {
      ...formInput,
      // No parts: none on a new transaction; on a split one, made whole again (null).
      splits: formInput.splits?.length ? formInput.splits : transaction?.splits ? null : undefined,
      baseCost:
        formInput.currency === baseCurrency
          ? undefined
          : (formInput.baseCost ?? (transaction ? null : undefined)),
    };
    const key = newIdempotencyKey();
    if (!transaction && !navigator.onLine && queue(input, key)) return;
    saveMutation.mutate(
      { id: transaction?._id, input, key },
      {
        onSuccess: (saved) => {
          rememberLastAccount(saved.accountId);
          toast.success(transaction ? t('form.updated') : t('form.added'));
          onSaved(saved);
        },
        onError: (error) => {
          if (!transaction && isNetworkFailure(error) && queue(input, key)) return;
          setOverdraft(null);
          toast.error(errorMessage(error, t('form.errors.save')));
        },
      },
    );
  }

  /** The form's valid input: saved, or held for confirmation when it overdraws its account. */
  function submit(input: ValidTransactionInput) {
    // A new expense larger than the balance of the account it is paid from is confirmed first
    // (docs/architecture.md, Product rules). A card's balance is a debt by nature, so it asks nothing there.
    const account = accounts.data?.find((candidate) => candidate._id === input.accountId);
    if (
      !transaction &&
      !input.isIncome &&
      account &&
      account.type !== 'credit' &&
      // Amounts of two currencies do not compare.
      (input.currency ?? account.currency) === account.currency &&
      input.cost > account.balance
    ) {
      setOverdraft({ input, account });
      return;
    }
    save(input);
  }

  return {
    submit,
    overdraft,
    cancelOverdraft: () => setOverdraft(null),
    confirmOverdraft: () => {
      if (overdraft) save(overdraft.input);
    },
    isBusy: saveMutation.isPending,
  };
}
