import type { User } from '@moneta/shared/auth-schemas';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { SectionSpinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { PasskeySignIn } from './PasskeySignIn';
import { PasswordInput } from '@/components/password/PasswordInput';

// The code step, which only users with two-factor on reach: loaded when the password is sent
// (onSubmit), not with the page, which is part of the first-load budget.
const loadSecondFactorForm = () => import('./SecondFactorForm');
const SecondFactorForm = lazy(async () => ({
  default: (await loadSecondFactorForm()).SecondFactorForm,
}));

type FieldErrors = { email?: string; password?: string };

/**
 * Sign-in checks only that both fields are filled and the e-mail is e-mail shaped
 * (docs/architecture.md, Product rules): the browser's own constraint validation does exactly that,
 * and its message is shown inline. (No form library here: this page is part of the first-load
 * budget.) With two-factor on, the password is followed by the code step (docs/architecture.md,
 * Security); a passkey signs in without either.
 */
export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { t } = useTranslation('auth');
  const loginMutation = useLogin();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [challenge, setChallenge] = useState<string | null>(null);
  /** Why the user is back at the password step (the code step's challenge was spent). */
  const [notice, setNotice] = useState<string | null>(null);

  function signedIn(user: User) {
    toast.success(t('login.success'));
    onSuccess(user);
  }

  function currentErrors(): FieldErrors {
    return {
      email: emailRef.current?.validationMessage || undefined,
      password: passwordRef.current?.validationMessage || undefined,
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = emailRef.current;
    const password = passwordRef.current;
    if (!email || !password) return;
    const fieldErrors = currentErrors();
    setErrors(fieldErrors);
    setNotice(null);
    if (fieldErrors.email || fieldErrors.password) {
      (fieldErrors.email ? email : password).focus();
      return;
    }
    // Downloaded while the server checks the password, in case it asks for the code next.
    void loadSecondFactorForm().catch(() => undefined);
    loginMutation.mutate(
      { email: email.value, password: password.value },
      {
        onSuccess: (step) => {
          if (step.user) signedIn(step.user);
          else setChallenge(step.challenge);
        },
        onError: (error) => {
          toast.error(errorMessage(error, t('login.failed')));
        },
      },
    );
  }

  function backToPassword(message: string | null) {
    setChallenge(null);
    setNotice(message);
    loginMutation.reset();
  }

  // Once a message is shown, it follows what the user types.
  function onFieldChange() {
    if (errors.email || errors.password) setErrors(currentErrors());
  }

  if (challenge) {
    return (
      <Suspense fallback={<SectionSpinner />}>
        <SecondFactorForm
          challenge={challenge}
          onSuccess={signedIn}
          onExpired={backToPassword}
          onBack={() => backToPassword(null)}
        />
      </Suspense>
    );
  }

  const isBusy = loginMutation.isPending;

  return (
    <div className="space-y-5">
      <form onSubmit={onSubmit} onChange={onFieldChange} noValidate className="space-y-5">
        {loginMutation.isError ? (
          <Alert>{errorMessage(loginMutation.error, t('login.failed'))}</Alert>
        ) : notice ? (
          <Alert>{notice}</Alert>
        ) : null}
        <TextField
          ref={emailRef}
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t('login.emailPlaceholder')}
          required
          error={errors.email}
        />
        <PasswordInput
          ref={passwordRef}
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
          {isBusy ? t('login.signingIn') : t('login.submit')}
        </Button>
      </form>
      <PasskeySignIn onSuccess={signedIn} />
    </div>
  );
}
