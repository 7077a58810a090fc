import { AUTH_MESSAGES } from '@moneta/shared/auth-rules';
import { SECURITY_MESSAGES } from '@moneta/shared/security-schemas';
import type { TFunction } from 'i18next';

/**
 * The shared password and token rules and the browser's passkey errors speak English (the server
 * sends the same words); their keys here say them in the user's language. A text not listed (a
 * server's message) is shown as it came.
 */
const KNOWN_MESSAGES: Record<string, string> = {
  [AUTH_MESSAGES.passwordLength]: 'settings:validation.passwordLength',
  [AUTH_MESSAGES.passwordComplexity]: 'settings:validation.passwordComplexity',
  [SECURITY_MESSAGES.currentPasswordRequired]: 'settings:validation.currentPasswordRequired',
  [SECURITY_MESSAGES.samePassword]: 'settings:validation.samePassword',
  [SECURITY_MESSAGES.tokenNameRequired]: 'settings:validation.tokenNameRequired',
  [SECURITY_MESSAGES.tokenExpiryInvalid]: 'settings:validation.tokenExpiryInvalid',
  'This passkey is already registered for your account.':
    'settings:passkeys.errors.alreadyRegistered',
  'Passkeys cannot be used at this address. Open Moneta at the address its owner set up.':
    'settings:passkeys.errors.wrongAddress',
  'The passkey request was cancelled or timed out.': 'settings:passkeys.errors.cancelled',
};

export function knownMessage(t: TFunction, message: string): string;
export function knownMessage(t: TFunction, message: string | undefined): string | undefined;
export function knownMessage(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = KNOWN_MESSAGES[message];
  return key ? t(key) : message;
}
