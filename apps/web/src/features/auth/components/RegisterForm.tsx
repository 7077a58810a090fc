import { zodResolver } from '@hookform/resolvers/zod';
import { signupSchema, type SignupInput, type User } from '@moneta/shared/auth-schemas';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useSignup } from '../api/signup';
import { knownMessage } from '../utils/known-message';
import { PasswordInput } from '@/components/password/PasswordInput';
import { PasswordRequirements } from '@/components/password/PasswordRequirements';

export function RegisterForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { t } = useTranslation('auth');
  const requirementsId = useId();
  const signupMutation = useSignup();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<SignupInput, unknown, z.output<typeof signupSchema>>({
    // The same shared schema the server checks sign-ups with (docs/architecture.md, Product rules).
    resolver: zodResolver(signupSchema),
    defaultValues: { email: '', password: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(({ email, password: validPassword }) => {
    signupMutation.mutate(
      { email, password: validPassword },
      {
        onSuccess: (user) => {
          toast.success(t('register.success'));
          onSuccess(user);
        },
        onError: (error) => {
          toast.error(errorMessage(error, t('register.failed')));
        },
      },
    );
  });

  const isBusy = signupMutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {signupMutation.isError ? (
        <Alert>{errorMessage(signupMutation.error, t('register.failed'))}</Alert>
      ) : null}
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        placeholder={t('register.emailPlaceholder')}
        required
        error={knownMessage(t, errors.email?.message)}
        {...register('email')}
      />
      <div>
        <PasswordInput
          label={t('fields.password')}
          autoComplete="new-password"
          required
          error={knownMessage(t, errors.password?.message)}
          describedBy={requirementsId}
          {...register('password')}
        />
        <PasswordRequirements id={requirementsId} password={password} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
        {isBusy ? t('register.creating') : t('register.submit')}
      </Button>
    </form>
  );
}
