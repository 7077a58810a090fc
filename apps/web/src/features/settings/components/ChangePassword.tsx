import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorCode } from '@moneta/shared/error-codes';
import { changePasswordSchema, type ChangePasswordInput } from '@moneta/shared/security-schemas';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PasswordInput } from '@/components/password/PasswordInput';
import { PasswordRequirements } from '@/components/password/PasswordRequirements';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { SettingsSection } from './SettingsSection';

const CHANGE_FAILED = 'The password could not be changed. Please try again.';
const CHANGED = 'Your password has been changed. Every other session has been signed out.';

/**
 * A new password after the current one (docs/architecture.md, Security), with the register form's
 * rules.
 */
export function ChangePassword() {
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
    resolver: zodResolver(changePasswordSchema),
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
          setError('currentPassword', { message: error.message }, { shouldFocus: true });
          changeMutation.reset();
          setFocus('currentPassword');
        }
      },
    });
  });

  const isBusy = changeMutation.isPending;
  return (
    <SettingsSection
      title="Change password"
      description="Changing your password signs you out on every other device."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {changeMutation.isError ? (
          <Alert>{errorMessage(changeMutation.error, CHANGE_FAILED)}</Alert>
        ) : null}
        {isDone ? <Alert tone="success">{CHANGED}</Alert> : null}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...register('currentPassword', { onChange: () => setIsDone(false) })}
        />
        <div>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            error={errors.newPassword?.message}
            describedBy={requirementsId}
            {...register('newPassword')}
          />
          <PasswordRequirements id={requirementsId} password={newPassword} />
        </div>
        <Button type="submit" disabled={isBusy} className="w-full sm:w-auto">
          {isBusy ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
