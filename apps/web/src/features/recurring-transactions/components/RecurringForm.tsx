import { FREQUENCIES } from '@moneta/shared/recurrence';
import {
  RECURRING_MAX_START_DATE,
  RECURRING_MIN_START_DATE,
  recurringInputSchema,
  type Recurring,
  type RecurringInput,
  type ValidRecurringInput,
} from '@moneta/shared/recurring-schemas';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { CategorySelect } from '@/components/CategorySelect';
import { Alert } from '@/components/ui/Alert';
import { FormActions } from '@/components/ui/FormActions';
import { SelectField } from '@/components/ui/SelectField';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useToday } from '@/lib/auth/use-today';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useCreateRecurring } from '../api/create-recurring';
import { useUpdateRecurring } from '../api/update-recurring';
import { frequencyLabel } from '../utils/frequency-label';

const SAVE_FAILED = 'Could not save the recurring transaction. Please try again.';

type RecurringFormProps = {
  /** The rule being edited; a new one otherwise. */
  recurring: Recurring | null;
  onSaved: (recurring: Recurring) => void;
  onCancel: () => void;
};

/** The Add / Edit Recurring form (SPEC §5), checked with the server's own schema. */
export function RecurringForm({ recurring, onSaved, onCancel }: RecurringFormProps) {
  const today = useToday();
  const onError = (error: Error) => toast.error(errorMessage(error, SAVE_FAILED));
  const createMutation = useCreateRecurring({ onError });
  const updateMutation = useUpdateRecurring({ onError });
  const saveMutation = recurring ? updateMutation : createMutation;
  const isBusy = saveMutation.isPending;

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RecurringInput, unknown, ValidRecurringInput>({
    resolver: zodFormResolver(recurringInputSchema),
    defaultValues: {
      name: recurring?.name ?? '',
      category: recurring?.category ?? '',
      amount: recurring?.amount ?? '',
      isIncome: recurring?.isIncome ?? false,
      frequency: recurring?.frequency ?? 'monthly',
      startDate: recurring?.startDate ?? today,
    },
  });

  const onSubmit = handleSubmit((input) => {
    if (recurring) {
      updateMutation.mutate({ recurringId: recurring._id, input }, { onSuccess: onSaved });
    } else {
      createMutation.mutate(input, { onSuccess: onSaved });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {saveMutation.isError ? <Alert>{errorMessage(saveMutation.error, SAVE_FAILED)}</Alert> : null}
      <TextField
        label="Name"
        autoComplete="off"
        placeholder="e.g. Rent"
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
      <MoneyInput label="Amount" control={control} name="amount" placeholder="0.00" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Start Date"
          type="date"
          min={RECURRING_MIN_START_DATE}
          max={RECURRING_MAX_START_DATE}
          required
          error={errors.startDate?.message}
          {...register('startDate')}
        />
        <SelectField label="Frequency" error={errors.frequency?.message} {...register('frequency')}>
          {FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {frequencyLabel(frequency)}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        The next due date is computed from the start date and frequency.
        {recurring
          ? ' Transactions already recorded keep their name and amount.'
          : ' Occurrences up to today are recorded as transactions right away.'}
      </p>
      <label className="flex items-center gap-3 text-sm font-medium text-neutral-800 dark:text-neutral-200">
        <input
          type="checkbox"
          className="size-4 rounded border-neutral-300 accent-emerald-700 dark:border-neutral-600 dark:accent-emerald-500"
          {...register('isIncome')}
        />
        Income
      </label>
      <FormActions submitLabel={'Save'} onCancel={onCancel} isBusy={isBusy} />
    </form>
  );
}
