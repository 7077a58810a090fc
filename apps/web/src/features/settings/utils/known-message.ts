import { AUTH_MESSAGES } from '@moneta/shared/auth-rules';
import { SECURITY_MESSAGES } from '@moneta/shared/security-limits';
import { knownMessages } from '@/lib/i18n/known-messages';

/** The password and token rules and the browser's passkey errors, in the user's language. */
export const knownMessage = knownMessages({
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
});
