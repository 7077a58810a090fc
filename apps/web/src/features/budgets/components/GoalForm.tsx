import {
  goalFormSchema,
  type Goal,
  type GoalFormInput,
  type ValidGoalFormInput,
} from '@moneta/shared/goal-schemas';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ACCOUNT_TYPE_LABELS } from '@moneta/shared/account-schemas';
import { Alert } from '@/components/ui/Alert';
import { FormActions } from '@/components/ui/FormActions';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { errorMessage } from '@/lib/api-client';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useSaveGoal } from '../api/goals';

const SAVE_FAILED = 'Could not save the goal. Please try again.';

type GoalFormProps = {
  goal: Goal | null;
  onSaved: (goal: Goal) => void;
  onCancel: () => void;
};

/**
 * The Add Goal / Edit Goal form: a name, a target, an optional date and either an account whose
 * balance is what is saved, or the amount saved so far.
 */
export function GoalForm({ goal, onSaved, onCancel }: GoalFormProps) {
  const saveMutation = useSaveGoal({
    onError: (error) => toast.error(errorMessage(error, SAVE_FAILED)),
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<GoalFormInput, unknown, ValidGoalFormInput>({
    resolver: zodFormResolver(goalFormSchema),
    defaultValues: {
      name: goal?.name ?? '',
      targetAmount: goal?.targetAmount ?? '',
      targetDate: goal?.targetDate ?? '',
      accountId: goal?.accountId ?? '',
      saved: goal && !goal.accountId ? (goal.saved ?? '') : '',
    },
  });
  const accountId = useWatch({ control, name: 'accountId' });
  const accounts = useAccounts();
  const accountOptions = (accounts.data ?? []).filter(
    (account) => !account.isArchived || account._id === goal?.accountId,
  );

  const onSubmit = handleSubmit((input) => {
    const body = input.accountId ? { ...input, saved: undefined } : input;
    saveMutation.mutate(
      { ...(goal ? { goalId: goal._id } : {}), input: body },
      { onSuccess: onSaved },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4">
      {saveMutation.isError ? <Alert>{errorMessage(saveMutation.error, SAVE_FAILED)}</Alert> : null}
      <TextField label="Name" required error={errors.name?.message} {...register('name')} />
      <MoneyInput
        label="Target amount"
        control={control}
        name="targetAmount"
        placeholder="0.00"
        required
      />
      <TextField
        label="Target date (optional)"
        type="date"
        error={errors.targetDate?.message}
        {...register('targetDate')}
      />
      <SelectField
        label="Saved in"
        aria-busy={accounts.isPending}
        error={errors.accountId?.message}
        {...register('accountId')}
      >
        <option value="">No account: I record what is saved</option>
        {accountOptions.map((account) => (
          <option key={account._id} value={account._id}>
            {account.name} ({ACCOUNT_TYPE_LABELS[account.type]}), its balance
          </option>
        ))}
      </SelectField>
      {accountId ? null : (
        <MoneyInput label="Saved so far" control={control} name="saved" placeholder="0.00" />
      )}
      <FormActions submitLabel="Save" onCancel={onCancel} isBusy={saveMutation.isPending} />
    </form>
  );
}
