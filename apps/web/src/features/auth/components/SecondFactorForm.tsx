import type { User } from '@moneta/shared/auth-schemas';
import { ErrorCode } from '@moneta/shared/error-codes';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useLoginSecondFactor } from '../api/login';

const CODE_REQUIRED = 'Please enter the code from your authenticator app, or a backup code.';
const VERIFY_FAILED = 'The code could not be checked. Please try again.';

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
      setFieldError(CODE_REQUIRED);
      input.focus();
      return;
    }
    setFieldError(undefined);
    verify.mutate(
      { challenge, code },
      {
        onSuccess,
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.CHALLENGE_INVALID) {
            onExpired(error.message);
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
          Two-factor authentication
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          Enter the 6-digit code from your authenticator app, or a backup code.
        </p>
      </div>
      {verify.isError ? <Alert>{errorMessage(verify.error, VERIFY_FAILED)}</Alert> : null}
      <TextField
        ref={codeRef}
        label="Code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        required
        error={fieldError}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
        {isBusy ? 'Verifying...' : 'Verify'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack} disabled={isBusy}>
        Back to sign in
      </Button>
    </form>
  );
}
