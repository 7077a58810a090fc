/**
 * Account security's limits, names and messages, apart from its schemas (security-schemas.ts,
 * which re-exports them) and free of zod: the Settings page shows them on its first render
 * without loading the validation library.
 */

export const SECURITY_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password.',
  samePassword: 'The new password must differ from the current one.',
  codeRequired: 'Please enter the code from your authenticator app, or a backup code.',
  challengeRequired: 'The sign-in step is missing; please sign in again.',
  tokenNameRequired: 'Please give the token a name.',
  tokenNameTooLong: 'Token name must be at most 100 characters long.',
  tokenScopeInvalid: 'Scope must be read or write.',
  tokenExpiryInvalid: 'Expiry must be a whole number of days from 1 to 365.',
  passkeyNameTooLong: 'Passkey name must be at most 100 characters long.',
  passkeyResponseInvalid: 'The passkey answer is malformed; please try again.',
} as const;

export const MAX_TOKEN_NAME_LENGTH = 100;
export const MAX_PASSKEY_NAME_LENGTH = 100;
export const DEFAULT_TOKEN_DAYS = 90;
export const MAX_TOKEN_DAYS = 365;
export const BACKUP_CODE_COUNT = 10;

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** Every API token starts with this, so that a leaked one is recognisable (secret scanners). */
export const API_TOKEN_PREFIX = 'mnt_';

export const SECURITY_EVENT_TYPES = [
  'sign-in',
  'sign-in-failed',
  'signed-out',
  'session-ended',
  'password-changed',
  'password-reset',
  'two-factor-enabled',
  'two-factor-disabled',
  'token-created',
  'token-revoked',
  'passkey-added',
  'passkey-removed',
  // Households: what changed about the user's memberships, and the invitations they made or used
  'invitation-created',
  'invitation-revoked',
  'invitation-accepted',
  'member-role-changed',
  'member-removed',
  'member-left',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
