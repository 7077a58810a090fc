import { AUTH_MESSAGES } from '@moneta/shared/auth-rules';
import { knownMessages } from '@/lib/i18n/known-messages';

/** The sign-up rules and the browser's passkey errors, in the user's language. */
export const knownMessage = knownMessages({
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
});
