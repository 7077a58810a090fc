import { AUTH_MESSAGES } from '@moneta/shared/auth-rules';
import type { TFunction } from 'i18next';

/**
 * The shared sign-up rules and the browser's passkey errors speak English (the server sends the
 * same words); their keys here say them in the user's language. A text not listed (a server's
 * message) is shown as it came.
 */
const KNOWN_MESSAGES: Record<string, string> = {
  [AUTH_MESSAGES.invalidEmail]: 'auth:validation.invalidEmail',
  [AUTH_MESSAGES.blockedDomain]: 'auth:validation.blockedDomain',
  [AUTH_MESSAGES.passwordLength]: 'auth:validation.passwordLength',
  [AUTH_MESSAGES.passwordComplexity]: 'auth:validation.passwordComplexity',
  'Email is required.': 'auth:validation.emailRequired',
  'Password is required.': 'auth:validation.passwordRequired',
  'This passkey is already registered for your account.': 'auth:passkey.alreadyRegistered',
  'Passkeys cannot be used at this address. Open Moneta at the address its owner set up.':
    'auth:passkey.wrongAddress',
  'The passkey request was cancelled or timed out.': 'auth:passkey.cancelled',
};

export function knownMessage(t: TFunction, message: string): string;
export function knownMessage(t: TFunction, message: string | undefined): string | undefined;
export function knownMessage(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = KNOWN_MESSAGES[message];
  return key ? t(key) : message;
}
