import { z } from './zod';
import { authResponseSchema, newPasswordSchema, timeZoneSchema } from './auth-schemas';
import { idSchema } from './field-schemas';
import {
  API_TOKEN_SCOPES,
  DEFAULT_TOKEN_DAYS,
  MAX_PASSKEY_NAME_LENGTH,
  MAX_TOKEN_DAYS,
  MAX_TOKEN_NAME_LENGTH,
  SECURITY_EVENT_TYPES,
  SECURITY_MESSAGES,
} from './security-limits';

export * from './security-limits';

/**
 * Account security (docs/architecture.md, Security): password change, sessions, two-factor,
 * passkeys, API tokens.
 */

/** The current password, asked again before a change to the account's security. */
const currentPasswordSchema = z
  .string({ message: SECURITY_MESSAGES.currentPasswordRequired })
  .min(1, SECURITY_MESSAGES.currentPasswordRequired)
  .max(1000);

/** `PUT /auth/password`. */
export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
  })
  .refine((input) => input.currentPassword !== input.newPassword, {
    path: ['newPassword'],
    message: SECURITY_MESSAGES.samePassword,
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** A TOTP code (6 digits) or a backup code, as typed: spaces and dashes are ignored. */
const codeSchema = z
  .string({ message: SECURITY_MESSAGES.codeRequired })
  .trim()
  .min(1, SECURITY_MESSAGES.codeRequired)
  .max(64, 'The code is too long.');

/** What `POST /auth/login` answers when the account has two-factor on: no token yet. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Single use, for 5 minutes, for this account only; sent back with the code. */
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const loginResponseSchema = z.union([authResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `POST /auth/login/2fa`. */
export const loginSecondFactorSchema = z.object({
  challenge: z
    .string({ message: SECURITY_MESSAGES.challengeRequired })
    .min(1, SECURITY_MESSAGES.challengeRequired)
    .max(200, SECURITY_MESSAGES.challengeRequired),
  code: codeSchema,
  /** As with the password step (docs/api.md, General rules): kept once the sign-in is complete. */
  timeZone: timeZoneSchema.optional(),
});
export type LoginSecondFactorInput = z.input<typeof loginSecondFactorSchema>;

export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** The otpauth:// URL the Settings screen shows as a QR code. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableSchema = z.object({ code: codeSchema });
export const twoFactorDisableSchema = z.object({
  password: currentPasswordSchema,
  code: codeSchema,
});

export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });
export type BackupCodes = z.infer<typeof backupCodesSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Backup codes not used yet (0 when two-factor is off). */
  backupCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const sessionSchema = z
  .object({
    _id: z.string(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    /** The session making this request. */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.array(sessionSchema);

export const endedSessionsSchema = z.object({ message: z.string(), ended: z.number() });

/** `POST /auth/tokens`. */
export const apiTokenInputSchema = z.object({
  name: z
    .string({ message: SECURITY_MESSAGES.tokenNameRequired })
    .trim()
    .min(1, SECURITY_MESSAGES.tokenNameRequired)
    .max(MAX_TOKEN_NAME_LENGTH, SECURITY_MESSAGES.tokenNameTooLong),
  scope: z.enum(API_TOKEN_SCOPES, { message: SECURITY_MESSAGES.tokenScopeInvalid }),
  expiresInDays: z
    .number({ message: SECURITY_MESSAGES.tokenExpiryInvalid })
    .int(SECURITY_MESSAGES.tokenExpiryInvalid)
    .min(1, SECURITY_MESSAGES.tokenExpiryInvalid)
    .max(MAX_TOKEN_DAYS, SECURITY_MESSAGES.tokenExpiryInvalid)
    .default(DEFAULT_TOKEN_DAYS),
  householdId: idSchema('householdId')
    .optional()
    .describe(
      'The one household the token acts on, whatever header its requests send; the caller must ' +
        'be a member. Default: the active household (the `Moneta-Household` header, else the ' +
        'default one).',
    ),
});
export type ApiTokenInput = z.input<typeof apiTokenInputSchema>;
export type ValidApiTokenInput = z.output<typeof apiTokenInputSchema>;

export const apiTokenSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    scope: z.enum(API_TOKEN_SCOPES),
    householdId: z.string().describe('The household the token acts on.'),
    createdAt: z.string(),
    expiresAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);
/** The answer to a creation: the only time the secret is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** base64url text, as WebAuthn's JSON forms carry binary values. */
const base64url = (max: number) =>
  z
    .string({ message: SECURITY_MESSAGES.passkeyResponseInvalid })
    .min(1, SECURITY_MESSAGES.passkeyResponseInvalid)
    .max(max, SECURITY_MESSAGES.passkeyResponseInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, SECURITY_MESSAGES.passkeyResponseInvalid);

const credentialShape = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { message: SECURITY_MESSAGES.passkeyResponseInvalid }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** What `navigator.credentials.create()` gave, as @simplewebauthn/browser encodes it. */
export const passkeyRegistrationSchema = z.object({
  name: z
    .string()
    .trim()
    .max(MAX_PASSKEY_NAME_LENGTH, SECURITY_MESSAGES.passkeyNameTooLong)
    .optional(),
  response: z.object(
    {
      ...credentialShape,
      response: z.object({
        clientDataJSON: base64url(8192),
        attestationObject: base64url(65_536),
        authenticatorData: base64url(65_536).optional(),
        transports: z.array(z.string().max(32)).max(10).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: base64url(8192).optional(),
      }),
    },
    { message: SECURITY_MESSAGES.passkeyResponseInvalid },
  ),
});
export type PasskeyRegistrationInput = z.input<typeof passkeyRegistrationSchema>;

/** What `navigator.credentials.get()` gave. */
export const passkeyLoginSchema = z.object({
  response: z.object(
    {
      ...credentialShape,
      response: z.object({
        clientDataJSON: base64url(8192),
        authenticatorData: base64url(65_536),
        signature: base64url(8192),
        userHandle: base64url(512).optional(),
      }),
    },
    { message: SECURITY_MESSAGES.passkeyResponseInvalid },
  ),
});
export type PasskeyLoginInput = z.input<typeof passkeyLoginSchema>;

/** The options for the browser's WebAuthn call, passed on as @simplewebauthn/server made them. */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeySchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.array(passkeySchema);

export const securityEventSchema = z
  .object({
    _id: z.string(),
    type: z.enum(SECURITY_EVENT_TYPES),
    at: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** What it concerned, in words: the token's or passkey's name, how a sign-in was made. */
    detail: z.string().nullable(),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEvent = z.infer<typeof securityEventSchema>;
export const securityEventListSchema = z.array(securityEventSchema);
