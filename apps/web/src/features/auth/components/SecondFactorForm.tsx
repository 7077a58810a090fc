import type { User } from '@moneta/shared/auth-schemas';
import type { ErrorCode } from '@moneta/shared/error-codes';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useLoginSecondFactor } from '../api/login';

type SecondFactorFormProps = {
  challenge: string;
  onSuccess: (user: User) => void;
  /** The challenge is spent or expired: the password step again, with the server's message. */
  onExpired: (message: string) => void;
  onBack: () => void;
};

/**
 * The second step of a two-factor sign-in (docs/architecture.md, Security): a code from the
 * authenticator app or one of the backup codes. A wrong code keeps the step (the server counts the
 * tries); a spent challenge goes back to the password.
 */
export function SecondFactorForm({
  challenge,
  onSuccess,
  onExpired,
  onBack,
}: SecondFactorFormProps) {
  const { t } = useTranslation('auth');
  const verify = useLoginSecondFactor();
  const codeRef = useRef<HTMLInputElement>(null);
  const [fieldError, setFieldError] = useState<string>();

  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = codeRef.current;
    if (!input) return;
    const code = input.value.trim();
    if (!code) {
      setFieldError(t('secondFactor.codeRequired'));
      input.focus();
      return;
    }
    setFieldError(undefined);
    verify.mutate(
      { challenge, code },
      {
        onSuccess,
        onError: (error) => {
          if (
            error instanceof ApiError &&
            error.code === ('CHALLENGE_INVALID' satisfies ErrorCode)
          ) {
            onExpired(errorMessage(error, t('secondFactor.expired')));
            return;
          }
          input.select();
          input.focus();
        },
      },
    );
  }

  const isBusy = verify.isPending;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-labelledby="second-factor-heading"
    >
      <div>
        <h2
          id="second-factor-heading"
          className="text-lg font-semibold text-neutral-900 dark:text-white"
        >
          {t('secondFactor.title')}
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {t('secondFactor.intro')}
        </p>
      </div>
      {verify.isError ? (
        <Alert>{errorMessage(verify.error, t('secondFactor.failed'))}</Alert>
      ) : null}
      <TextField
        ref={codeRef}
        label={t('secondFactor.code')}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        required
        error={fieldError}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
        {isBusy ? t('secondFactor.verifying') : t('secondFactor.verify')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack} disabled={isBusy}>
        {t('secondFactor.back')}
      </Button>
    </form>
  );
}
