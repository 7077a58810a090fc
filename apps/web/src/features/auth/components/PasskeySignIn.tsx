import type { User } from '@moneta/shared/auth-schemas';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { KeyIcon } from '@/components/ui/icons';
import { browserHasWebAuthn, passkeyErrorMessage } from '@/lib/passkeys/webauthn';
import { usePasskeyLogin } from '../api/login';

const PASSKEY_FAILED = 'Signing in with a passkey failed. Please try again.';

/** "Sign in with a passkey": no e-mail or password, the browser asks for one of the user's. */
export function PasskeySignIn({ onSuccess }: { onSuccess: (user: User) => void }) {
  const passkeyLogin = usePasskeyLogin();
  // Decided once: a browser without WebAuthn (or a page outside a secure context) cannot offer it.
  const [isSupported] = useState(browserHasWebAuthn);
  if (!isSupported) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-neutral-500 dark:text-neutral-400">
        <span aria-hidden="true" className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
      </div>
      {passkeyLogin.isError ? (
        <Alert>{passkeyErrorMessage(passkeyLogin.error, PASSKEY_FAILED)}</Alert>
      ) : null}
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={passkeyLogin.isPending}
        onClick={() => passkeyLogin.mutate(undefined, { onSuccess })}
      >
        <KeyIcon className="size-5" />
        {passkeyLogin.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
