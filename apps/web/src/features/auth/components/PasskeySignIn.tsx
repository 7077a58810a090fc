import type { User } from '@moneta/shared/auth-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { KeyIcon } from '@/components/ui/icons';
import { browserHasWebAuthn, passkeyErrorMessage } from '@/lib/passkeys/webauthn';
import { usePasskeyLogin } from '../api/login';
import { knownMessage } from '../utils/known-message';

/** "Sign in with a passkey": no e-mail or password, the browser asks for one of the user's. */
export function PasskeySignIn({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { t } = useTranslation('auth');
  const passkeyLogin = usePasskeyLogin();
  // Decided once: a browser without WebAuthn (or a page outside a secure context) cannot offer it.
  const [isSupported] = useState(browserHasWebAuthn);
  if (!isSupported) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-neutral-500 dark:text-neutral-400">
        <span aria-hidden="true" className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
        {t('passkey.or')}
        <span aria-hidden="true" className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
      </div>
      {passkeyLogin.isError ? (
        <Alert>
          {knownMessage(t, passkeyErrorMessage(passkeyLogin.error, t('passkey.failed')))}
        </Alert>
      ) : null}
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={passkeyLogin.isPending}
        onClick={() => passkeyLogin.mutate(undefined, { onSuccess })}
      >
        <KeyIcon className="size-5" />
        {passkeyLogin.isPending ? t('passkey.waiting') : t('passkey.signIn')}
      </Button>
    </div>
  );
}
