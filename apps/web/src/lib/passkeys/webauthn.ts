import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { PasskeyOptions } from '@moneta/shared/security-schemas';
import { ApiError, errorMessage } from '@/lib/api-client';

/**
 * The browser's WebAuthn ceremonies through @simplewebauthn/browser, loaded only when a passkey
 * is used: the login page's first load stays within its budget.
 */
const loadLibrary = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (an old browser, or a page not in https). */
export function browserHasWebAuthn(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.create === 'function'
  );
}

/** The server's options (as @simplewebauthn/server made them) given to credentials.create(). */
export async function createPasskey(options: PasskeyOptions): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await loadLibrary();
  return startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
}

/** The server's options given to credentials.get(): the user picks one of their passkeys. */
export async function signWithPasskey(
  options: PasskeyOptions,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await loadLibrary();
  return startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
}

/**
 * What to tell the user when a ceremony failed: the server's message for an API answer, else
 * the browser's side in words. The browser reports a cancelled or timed-out prompt as
 * NotAllowedError (deliberately vague, for privacy).
 */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError || !(error instanceof Error)) return errorMessage(error, fallback);
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'This passkey is already registered for your account.';
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') {
    return 'Passkeys cannot be used at this address. Open Moneta at the address its owner set up.';
  }
  if (error.name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED') {
    return 'The passkey request was cancelled or timed out.';
  }
  return fallback;
}
