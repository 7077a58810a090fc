import {
  transferInputSchema,
  type TransferInput,
  type ValidTransferInput,
} from '@moneta/shared/account-schemas';
import { MAX_NOTE_LENGTH } from '@moneta/shared/limits';
import { useId } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { AccountSelect } from '@/components/AccountSelect';
import { Button } from '@/components/ui/Button';
import { FormActions } from '@/components/ui/FormActions';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useCreateTransfer } from '@/lib/accounts/transfers';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { useToday } from '@/lib/auth/use-today';
import { currencyDecimalsIssue } from '@/lib/forms/currency-decimals';
import { fieldMessage } from '@/lib/forms/field-message';
import { zodFormResolver } from '@/lib/zod-form-resolver';

type TransferFormDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The account money leaves, preselected (an account's page). */
  fromAccountId?: string;
};

/** Money moved between two of the user's accounts: neither income nor expense. */
export function TransferFormDialog({ isOpen, onClose, fromAccountId }: TransferFormDialogProps) {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const open = (accounts.data ?? []).filter((account) => !account.isArchived);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('transfer.title')}>
      {!isOpen ? null : accounts.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('transfer.loadingAccounts')} />
        </div>
      ) : open.length < 2 ? (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-neutral-700 dark:text-neutral-300">{t('transfer.needTwo')}</p>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('transfer.close')}
            </Button>
          </div>
        </div>
      ) : (
        <TransferForm
          onClose={onClose}
          from={fromAccountId ?? open[0]!._id}
          to={open.find((account) => account._id !== (fromAccountId ?? open[0]!._id))?._id ?? ''}
        />
      )}
    </Dialog>
  );
}

const transferResolver = zodFormResolver(transferInputSchema);

/**
 * The shared rules, then those of the two currencies: each amount has as many decimals as its
 * account's currency. An empty "Received" means none given: the server converts at the day's rate.
 */
function transferFormResolver(
  currencyOf: (accountId: string) => string | undefined,
): Resolver<TransferInput, unknown, ValidTransferInput> {
  return async (values, context, options) => {
    const toAmount = values.toAmount === '' ? undefined : values.toAmount;
    const result = await transferResolver({ ...values, toAmount }, context, options);
    const problem = (amount: unknown, accountId: string) => {
      const currency = currencyOf(accountId);
      const issue =
        typeof amount === 'number' && currency
          ? currencyDecimalsIssue(amount, currency)
          : undefined;
      return issue && fieldMessage(issue);
    };
    const amountProblem = problem(values.amount, values.fromAccountId);
    const toAmountProblem = problem(toAmount, values.toAccountId);
    if (!amountProblem && !toAmountProblem) return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        ...(amountProblem ? { amount: { type: 'currency', message: amountProblem } } : {}),
        ...(toAmountProblem ? { toAmount: { type: 'currency', message: toAmountProblem } } : {}),
      },
    };
  };
}

/** The form itself, mounted once the accounts are known so that it starts with two of them. */
function TransferForm({ onClose, from, to }: { onClose: () => void; from: string; to: string }) {
  const { t } = useTranslation();
  const today = useToday();
  const baseCurrency = useCurrency();
  const accounts = useAccounts();
  const createTransfer = useCreateTransfer();
  const currencyOf = (accountId: string) =>
    accounts.data?.find((account) => account._id === accountId)?.currency;

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<TransferInput, unknown, ValidTransferInput>({
    resolver: transferFormResolver(currencyOf),
    defaultValues: {
      fromAccountId: from,
      toAccountId: to,
      amount: '',
      toAmount: '',
      date: today,
      note: '',
    },
  });
  const fromCurrency = currencyOf(useWatch({ control, name: 'fromAccountId' })) ?? baseCurrency;
  const toCurrency = currencyOf(useWatch({ control, name: 'toAccountId' })) ?? baseCurrency;
  // Between two currencies, what arrived may be given; between one, it is the amount sent.
  const isExchange = fromCurrency !== toCurrency;
  const receivedHintId = useId();

  const onSubmit = handleSubmit((input) =>
    createTransfer.mutate(isExchange ? input : { ...input, toAmount: undefined }, {
      onSuccess: () => {
        toast.success(t('transfer.saved'));
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, t('transfer.failed'))),
    }),
  );
  const isBusy = createTransfer.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <AccountSelect
        label={t('transfer.from')}
        error={errors.fromAccountId?.message}
        {...register('fromAccountId')}
      />
      <AccountSelect
        label={t('transfer.to')}
        error={errors.toAccountId?.message}
        {...register('toAccountId')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyInput
          label={t('transfer.amount', { currency: fromCurrency })}
          control={control}
          name="amount"
        />
        {isExchange ? (
          <MoneyInput
            label={t('transfer.received', { currency: toCurrency })}
            control={control}
            name="toAmount"
            describedBy={receivedHintId}
            hint={
              <p
                id={receivedHintId}
                className="mt-1.5 text-xs text-neutral-600 dark:text-neutral-400"
              >
                {t('transfer.receivedHint')}
              </p>
            }
          />
        ) : null}
        <TextField
          label={t('transfer.date')}
          type="date"
          error={errors.date?.message}
          {...register('date')}
        />
      </div>
      <TextAreaField
        label={t('transfer.note')}
        rows={2}
        maxLength={MAX_NOTE_LENGTH}
        error={errors.note?.message}
        {...register('note')}
      />
      <FormActions submitLabel={t('transfer.submit')} onCancel={onClose} isBusy={isBusy} />
    </form>
  );
}
