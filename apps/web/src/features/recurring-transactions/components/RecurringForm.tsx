import { FREQUENCIES } from '@moneta/shared/recurrence';
import {
  MAX_RECURRING_INTERVAL,
  RECURRING_MAX_START_DATE,
  RECURRING_MIN_START_DATE,
  recurringInputSchema,
  type Recurring,
  type RecurringInput,
  type ValidRecurringInput,
} from '@moneta/shared/recurring-schemas';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { AccountSelect } from '@/components/AccountSelect';
import { CategorySelect } from '@/components/CategorySelect';
import { Alert } from '@/components/ui/Alert';
import { FormActions } from '@/components/ui/FormActions';
import { SelectField } from '@/components/ui/SelectField';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { initialAccountId } from '@/lib/accounts/last-account';
import { errorMessage } from '@/lib/api-client';
import { useToday } from '@/lib/auth/use-today';
import { useCategories } from '@/lib/categories/get-categories';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useCreateRecurring } from '../api/create-recurring';
import { useUpdateRecurring } from '../api/update-recurring';
import { frequencyLabel } from '../utils/frequency-label';

type RecurringFormProps = {
  /** The rule being edited; a new one otherwise. */
  recurring: Recurring | null;
  onSaved: (recurring: Recurring) => void;
  onCancel: () => void;
};

/**
 * The Add / Edit Recurring form (docs/architecture.md, Product rules), checked with the server's
 * own schema.
 */
export function RecurringForm({ recurring, onSaved, onCancel }: RecurringFormProps) {
  const { t } = useTranslation('recurring-transactions');
  const saveFailed = t('form.saveFailed');
  const today = useToday();
  const onError = (error: Error) => toast.error(errorMessage(error, saveFailed));
  const createMutation = useCreateRecurring({ onError });
  const updateMutation = useUpdateRecurring({ onError });
  const saveMutation = recurring ? updateMutation : createMutation;
  const isBusy = saveMutation.isPending;

  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, dirtyFields },
  } = useForm<RecurringInput, unknown, ValidRecurringInput>({
    resolver: zodFormResolver(recurringInputSchema),
    defaultValues: {
      name: recurring?.name ?? '',
      category: recurring?.category ?? '',
      amount: recurring?.amount ?? '',
      isIncome: recurring?.isIncome ?? false,
      frequency: recurring?.frequency ?? 'monthly',
      startDate: recurring?.startDate ?? today,
      // Typed as text like the amount; the shared schema reads it.
      interval: String(recurring?.interval ?? 1),
      endDate: recurring?.endDate ?? '',
      accountId: recurring?.accountId ?? '',
      note: recurring?.note ?? '',
    },
  });
  const accounts = useAccounts();
  const accountId = useWatch({ control, name: 'accountId' });
  const frequency = useWatch({ control, name: 'frequency' });
  const interval = Number(useWatch({ control, name: 'interval' })) || 1;
  // A new rule goes to the account last used, as a new transaction does.
  useEffect(() => {
    if (!recurring && !accountId && accounts.data) {
      setValue('accountId', initialAccountId(accounts.data));
    }
  }, [recurring, accountId, accounts.data, setValue]);

  // The direction follows the category's kind (Salary is income) until the user ticks or
  // unticks Income: "Salary" saved as an expense would make it an expense category too.
  const incomeCategories = useCategories('income');
  const expenseCategories = useCategories('expense');
  const category = useWatch({ control, name: 'category' });
  const hasChosenDirection = Boolean(dirtyFields.isIncome);
  useEffect(() => {
    if (hasChosenDirection || !category) return;
    if (incomeCategories.data?.includes(category)) setValue('isIncome', true);
    else if (expenseCategories.data?.includes(category)) setValue('isIncome', false);
  }, [category, hasChosenDirection, incomeCategories.data, expenseCategories.data, setValue]);

  const onSubmit = handleSubmit((input) => {
    if (recurring) {
      updateMutation.mutate({ recurringId: recurring._id, input }, { onSuccess: onSaved });
    } else {
      createMutation.mutate(input, { onSuccess: onSaved });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {saveMutation.isError ? <Alert>{errorMessage(saveMutation.error, saveFailed)}</Alert> : null}
      <TextField
        label={t('form.name')}
        autoComplete="off"
        placeholder={t('form.namePlaceholder')}
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <CategorySelect
        kind="all"
        extraCategories={[recurring?.category]}
        error={errors.category?.message}
        {...register('category')}
      />
      <MoneyInput
        label={t('form.amount')}
        control={control}
        name="amount"
        zeroPlaceholder={2}
        required
      />
      <AccountSelect
        keepAccountId={recurring?.accountId}
        error={errors.accountId?.message}
        {...register('accountId')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('form.startDate')}
          type="date"
          min={RECURRING_MIN_START_DATE}
          max={RECURRING_MAX_START_DATE}
          required
          error={errors.startDate?.message}
          {...register('startDate')}
        />
        <SelectField
          label={t('form.frequency')}
          error={errors.frequency?.message}
          {...register('frequency')}
        >
          {FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {frequencyLabel(t, frequency)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t(`form.intervalLabel.${frequency}`, { count: interval })}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          hint={
            <p className="mt-1.5 text-xs text-neutral-600 dark:text-neutral-400">
              {t(`form.intervalHint.${frequency}`, { max: MAX_RECURRING_INTERVAL })}
            </p>
          }
          error={errors.interval?.message}
          {...register('interval')}
        />
        <TextField
          label={t('form.endDate')}
          type="date"
          min={RECURRING_MIN_START_DATE}
          max={RECURRING_MAX_START_DATE}
          error={errors.endDate?.message}
          {...register('endDate')}
        />
      </div>
      <TextAreaField
        label={t('form.note')}
        rows={2}
        error={errors.note?.message}
        {...register('note')}
      />
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {recurring ? t('form.nextDueNote.edit') : t('form.nextDueNote.add')}
      </p>
      <label className="flex items-center gap-3 text-sm font-medium text-neutral-800 dark:text-neutral-200">
        <input
          type="checkbox"
          className="size-4 rounded border-neutral-300 accent-emerald-700 dark:border-neutral-600 dark:accent-emerald-500"
          {...register('isIncome')}
        />
        {t('form.income')}
      </label>
      <FormActions submitLabel={t('form.save')} onCancel={onCancel} isBusy={isBusy} />
    </form>
  );
}
