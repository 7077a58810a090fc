import {
  goalFormSchema,
  type Goal,
  type GoalFormInput,
  type ValidGoalFormInput,
} from '@moneta/shared/goal-schemas';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/Alert';
import { FormActions } from '@/components/ui/FormActions';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { errorMessage } from '@/lib/api-client';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useSaveGoal } from '../api/goals';

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
  const { t } = useTranslation('budgets');
  const saveFailed = t('goalForm.saveFailed');
  const saveMutation = useSaveGoal({
    onError: (error) => toast.error(errorMessage(error, saveFailed)),
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
      {saveMutation.isError ? <Alert>{errorMessage(saveMutation.error, saveFailed)}</Alert> : null}
      <TextField
        label={t('goalForm.name')}
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <MoneyInput
        label={t('goalForm.targetAmount')}
        control={control}
        name="targetAmount"
        zeroPlaceholder={2}
        required
      />
      <TextField
        label={t('goalForm.targetDate')}
        type="date"
        error={errors.targetDate?.message}
        {...register('targetDate')}
      />
      <SelectField
        label={t('goalForm.savedIn')}
        aria-busy={accounts.isPending}
        error={errors.accountId?.message}
        {...register('accountId')}
      >
        <option value="">{t('goalForm.noAccount')}</option>
        {accountOptions.map((account) => (
          <option key={account._id} value={account._id}>
            {t('goalForm.accountOption', {
              name: account.name,
              type: t(`goalForm.accountTypes.${account.type}`),
            })}
          </option>
        ))}
      </SelectField>
      {accountId ? null : (
        <MoneyInput
          label={t('goalForm.saved')}
          control={control}
          name="saved"
          zeroPlaceholder={2}
        />
      )}
      <FormActions
        submitLabel={t('goalForm.save')}
        onCancel={onCancel}
        isBusy={saveMutation.isPending}
      />
    </form>
  );
}
