import { FREQUENCIES } from '@moneta/shared/recurrence';
import {
  MAX_RECURRING_INTERVAL,
  RECURRING_MAX_START_DATE,
  RECURRING_MIN_START_DATE,
  type Recurring,
} from '@moneta/shared/recurring-schemas';
import { useTranslation } from 'react-i18next';
import { AccountSelect } from '@/components/AccountSelect';
import { CategorySelect } from '@/components/CategorySelect';
import { Alert } from '@/components/ui/Alert';
import { FormActions } from '@/components/ui/FormActions';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { SelectField } from '@/components/ui/SelectField';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { useRecurringForm } from '../hooks/use-recurring-form';
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
  const { register, control, errors, frequency, interval, onSubmit, isBusy, saveError } =
    useRecurringForm({ recurring, onSaved });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {saveError ? <Alert>{saveError}</Alert> : null}
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
