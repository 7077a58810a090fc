import { z } from './zod';
import { emailProblem, normalizeEmail, passwordProblem } from './auth-rules';
import { CURRENCY_CODES } from './currencies';
import { isCatalogueCurrency } from './currency-catalogue';
import { isSupportedLocale, SUPPORTED_LOCALES } from './locales';
import { isValidTimeZone } from './time-zone';

export const timeZoneSchema = z.string().refine(isValidTimeZone, {
  message: 'Time zone must be a valid IANA zone such as Europe/Paris.',
});

/**
 * The user's language and formats (docs/i18n.md): one of the supported locales, exactly spelled.
 */
export const localeSchema = z.string().refine(isSupportedLocale, {
  message: `Locale must be one of ${SUPPORTED_LOCALES.join(', ')}.`,
});

/**
 * A password being chosen (sign-up, a change): the register form's rules (docs/architecture.md,
 * Product rules).
 */
export const newPasswordSchema = z.string().superRefine((password, ctx) => {
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * Sign-up: the register form's rules (docs/architecture.md, Product rules), in the order the form
 * checks them.
 */
export const signupSchema = z.object({
  email: z
    .string()
    .superRefine((email, ctx) => {
      const problem = emailProblem(email);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(normalizeEmail),
  password: newPasswordSchema,
  timeZone: timeZoneSchema.optional(),
});
export type SignupInput = z.input<typeof signupSchema>;

/**
 * Sign-in checks only presence (docs/architecture.md, Product rules); a wrong pair is the server's
 * 401, not a 400.
 */
export const loginSchema = z.object({
  email: z.string().min(1, 'Email is required.').max(1000).transform(normalizeEmail),
  password: z.string().min(1, 'Password is required.').max(1000),
  timeZone: timeZoneSchema.optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Names the original seven first: the codes most people look for. */
const CURRENCY_MESSAGE = `Currency must be one of ${CURRENCY_CODES.join(', ')} or another code GET /api/currencies lists.`;

export const setupSchema = z.object({
  defaultCurrency: z
    .string({ message: CURRENCY_MESSAGE })
    .refine(isCatalogueCurrency, { message: CURRENCY_MESSAGE })
    .describe(
      'The base currency, any code `GET /api/currencies` lists (the original client offers its ' +
        'seven).',
    ),
  timeZone: timeZoneSchema.optional(),
  locale: localeSchema
    .optional()
    .describe(
      'One of the supported locales (`SUPPORTED_LOCALES` in `packages/shared/src/locales.ts`): ' +
        `${SUPPORTED_LOCALES.map((locale) => `\`${locale}\``).join(', ')}, spelled exactly so; ` +
        "another → 400 `VALIDATION`. Left out, the user's locale stays as it is (every user " +
        'starts with `en-US`, the original format).',
    ),
});
export type SetupInput = z.input<typeof setupSchema>;

export const userSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    isSetupComplete: z.boolean(),
    defaultCurrency: z.string().describe('The base currency, a code of `GET /api/currencies`.'),
    timeZone: z.string().describe('An IANA time zone such as Europe/Paris.'),
    locale: z.string().describe('One of the supported locales (see `PUT /api/auth/setup`).'),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = userSchema.extend({ token: z.string() }).meta({ id: 'SignedIn' });
export type AuthResponse = z.infer<typeof authResponseSchema>;
