import { BUDGET_MAX_YEAR, BUDGET_MIN_YEAR } from '@moneta/shared/limits';
import {
  budgetInputSchema,
  type Budget,
  type BudgetInput,
  type ValidBudgetInput,
} from '@moneta/shared/budget-schemas';
import type { FocusEvent, FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { CategorySelect } from '@/components/CategorySelect';
import { Alert } from '@/components/ui/Alert';
import { FormActions } from '@/components/ui/FormActions';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/i18n/use-format';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useCreateBudget } from '../api/create-budget';
import type { BudgetMonth } from '../api/get-budgets';
import { useUpdateBudget } from '../api/update-budget';
import { clampMonth, FIRST_MONTH, LAST_MONTH } from '../utils/budget-month';

type BudgetFormProps = {
  /** The budget being edited; a new one otherwise. */
  budget: Budget | null;
  /** Month and year a new budget starts with: the month being viewed. */
  defaultMonth: BudgetMonth;
  onSaved: (budget: Budget) => void;
  onCancel: () => void;
};

/**
 * The Add Budget / Edit Budget form (docs/architecture.md, Product rules), checked with the
 * server's own schema.
 */
export function BudgetForm({ budget, defaultMonth, onSaved, onCancel }: BudgetFormProps) {
  const { t } = useTranslation('budgets');
  const format = useFormat();
  const saveFailed = t('form.saveFailed');
  const onError = (error: Error) => toast.error(errorMessage(error, saveFailed));
  const createMutation = useCreateBudget({ onError });
  const updateMutation = useUpdateBudget({ onError });
  const saveMutation = budget ? updateMutation : createMutation;
  const isBusy = saveMutation.isPending;

  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<BudgetInput, unknown, ValidBudgetInput>({
    resolver: zodFormResolver(budgetInputSchema),
    // Month and year hold text as typed; the shared schema turns it into numbers.
    defaultValues: {
      category: budget?.category ?? '',
      amount: budget?.amount ?? '',
      month: String(budget?.month ?? defaultMonth.month),
      year: String(budget?.year ?? defaultMonth.year),
      rollover: budget?.rollover ?? false,
      repeat: budget?.repeat ?? false,
    },
  });

  const monthField = register('month');

  function clampMonthField() {
    const month = String(getValues('month'));
    const clamped = clampMonth(month);
    if (clamped !== month) setValue('month', clamped, { shouldValidate: isSubmitted });
  }

  function onMonthBlur(event: FocusEvent<HTMLInputElement>) {
    clampMonthField();
    void monthField.onBlur(event);
  }

  const save = handleSubmit((input) => {
    if (budget) {
      updateMutation.mutate({ budgetId: budget._id, input }, { onSuccess: onSaved });
    } else {
      createMutation.mutate(input, { onSuccess: onSaved });
    }
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    clampMonthField();
    void save(event);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {saveMutation.isError ? <Alert>{errorMessage(saveMutation.error, saveFailed)}</Alert> : null}
      <CategorySelect
        kind="expense"
        extraCategories={[budget?.category]}
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
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('form.month')}
          type="number"
          inputMode="numeric"
          min={FIRST_MONTH}
          max={LAST_MONTH}
          step={1}
          required
          error={errors.month?.message}
          {...monthField}
          onBlur={onMonthBlur}
        />
        <TextField
          label={t('form.year')}
          type="number"
          inputMode="numeric"
          min={BUDGET_MIN_YEAR}
          max={BUDGET_MAX_YEAR}
          step={1}
          required
          error={errors.year?.message}
          {...register('year')}
        />
      </div>
      <div>
        <label className="flex items-center gap-3 text-sm font-medium text-neutral-800 dark:text-neutral-200">
          <input
            type="checkbox"
            aria-describedby="budget-rollover-hint"
            className="size-4 rounded border-neutral-300 accent-emerald-700 dark:border-neutral-600 dark:accent-emerald-500"
            {...register('rollover')}
          />
          {t('form.rollover')}
        </label>
        <p
          id="budget-rollover-hint"
          className="mt-1 ml-7 text-sm text-neutral-600 dark:text-neutral-400"
        >
          {t('form.rolloverHint')}
        </p>
      </div>
      <div>
        <label className="flex items-center gap-3 text-sm font-medium text-neutral-800 dark:text-neutral-200">
          <input
            type="checkbox"
            role="switch"
            aria-describedby="budget-repeat-hint"
            className="size-4 rounded border-neutral-300 accent-emerald-700 dark:border-neutral-600 dark:accent-emerald-500"
            {...register('repeat')}
          />
          {t('form.repeat')}
        </label>
        <p
          id="budget-repeat-hint"
          className="mt-1 ml-7 text-sm text-neutral-600 dark:text-neutral-400"
        >
          {budget?.repeatedFrom
            ? t('form.repeatedHint', {
                month: format.monthYear(budget.repeatedFrom.year, budget.repeatedFrom.month),
              })
            : t('form.repeatHint')}
        </p>
      </div>
      <FormActions submitLabel={t('form.save')} onCancel={onCancel} isBusy={isBusy} />
    </form>
  );
}
