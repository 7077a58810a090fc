import { ErrorCode } from '@moneta/shared/error-codes';
import type { changePasswordSchema, ChangePasswordInput } from '@moneta/shared/security-schemas';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PasswordInput } from '@/components/password/PasswordInput';
import { PasswordRequirements } from '@/components/password/PasswordRequirements';
import { ApiError, errorMessage } from '@/lib/api-client';
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { useChangePassword } from '../api/change-password';
import { knownMessage } from '../utils/known-message';
import { SectionCard } from '@/components/ui/SectionCard';

const changePasswordResolver = lazyResolver(() =>
  import('../utils/change-password-resolver').then((module) => module.changePasswordResolver),
);

/**
 * A new password after the current one (docs/architecture.md, Security), with the register form's
 * rules.
 */
export function ChangePassword() {
  const { t } = useTranslation('settings');
  const requirementsId = useId();
  const changeMutation = useChangePassword();
  const [isDone, setIsDone] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ChangePasswordInput, unknown, z.output<typeof changePasswordSchema>>({
    resolver: changePasswordResolver,
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit((input) => {
    setIsDone(false);
    changeMutation.mutate(input, {
      onSuccess: () => {
        setIsDone(true);
        reset();
      },
      onError: (error) => {
        // A wrong current password belongs to its field; other failures go above the form.
        if (error instanceof ApiError && error.code === ErrorCode.WRONG_PASSWORD) {
          setError(
            'currentPassword',
            { message: errorMessage(error, t('changePassword.failed')) },
            { shouldFocus: true },
          );
          changeMutation.reset();
          setFocus('currentPassword');
        }
      },
    });
  });

  const isBusy = changeMutation.isPending;
  return (
    <SectionCard title={t('changePassword.title')} description={t('changePassword.description')}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {changeMutation.isError ? (
          <Alert>{errorMessage(changeMutation.error, t('changePassword.failed'))}</Alert>
        ) : null}
        {isDone ? <Alert tone="success">{t('changePassword.changed')}</Alert> : null}
        <PasswordInput
          label={t('changePassword.current')}
          autoComplete="current-password"
          required
          error={knownMessage(t, errors.currentPassword?.message)}
          {...register('currentPassword', { onChange: () => setIsDone(false) })}
        />
        <div>
          <PasswordInput
            label={t('changePassword.new')}
            autoComplete="new-password"
            required
            error={knownMessage(t, errors.newPassword?.message)}
            describedBy={requirementsId}
            {...register('newPassword')}
          />
          <PasswordRequirements id={requirementsId} password={newPassword} />
        </div>
        <Button type="submit" disabled={isBusy} className="w-full sm:w-auto">
          {isBusy ? t('changePassword.changing') : t('changePassword.submit')}
        </Button>
      </form>
    </SectionCard>
  );
}
