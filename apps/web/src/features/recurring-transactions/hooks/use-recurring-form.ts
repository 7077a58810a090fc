import {
  recurringInputSchema,
  type Recurring,
  type RecurringInput,
  type ValidRecurringInput,
} from '@moneta/shared/recurring-schemas';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { initialAccountId } from '@/lib/accounts/last-account';
import { errorMessage } from '@/lib/api-client';
import { useToday } from '@/lib/auth/use-today';
import { useCategories } from '@/lib/categories/get-categories';
import { toast } from '@/lib/toast';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useCreateRecurring } from '../api/create-recurring';
import { useUpdateRecurring } from '../api/update-recurring';

type UseRecurringFormOptions = {
  /** The rule being edited; a new one otherwise. */
  recurring: Recurring | null;
  onSaved: (recurring: Recurring) => void;
};

/**
 * The recurring form's fields, checked with the server's own schema, the account and direction
 * it fills in, and its save (a create or an update).
 */
export function useRecurringForm({ recurring, onSaved }: UseRecurringFormOptions) {
  const { t } = useTranslation('recurring-transactions');
  const saveFailed = t('form.saveFailed');
  const today = useToday();
  const onError = (error: Error) => toast.error(errorMessage(error, saveFailed));
  const createMutation = useCreateRecurring({ onError });
  const updateMutation = useUpdateRecurring({ onError });
  const saveMutation = recurring ? updateMutation : createMutation;

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

  return {
    register,
    control,
    errors,
    frequency,
    interval,
    onSubmit,
    isBusy: saveMutation.isPending,
    saveError: saveMutation.isError ? errorMessage(saveMutation.error, saveFailed) : null,
  };
}
