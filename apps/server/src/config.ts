import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** A setting that is a whole number within `range`, or `off`; `fallback` when unset. */
const wholeNumberOrOff = (fallback: string, message: string, range: z.ZodNumber) =>
  optionalText
    .transform((value) => value ?? fallback)
    .pipe(
      z.union([z.literal('off'), z.string().regex(/^\d+$/, message).transform(Number).pipe(range)]),
    );

/** Enable Banking's public API (docs/bank-sync.md). */
export const ENABLE_BANKING_DEFAULT_URL = 'https://api.enablebanking.com';

/** The ECB's published full history of its euro reference rates, a zip holding one CSV. */
export const ECB_HISTORY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip';

/**
 * Every setting Moneta reads from the environment. This is the only place that reads
 * `process.env` for configuration (docs/architecture.md, Layers); README.md documents the same
 * table.
 */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ message: 'must be a comma-separated list of origins' }))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: optionalText.pipe(z.enum(['pretty', 'json']).optional()),
  TRUST_PROXY: booleanFromEnv.default(false),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int('must be a whole number of connections')
    .min(2)
    .max(200)
    .default(8),
  /**
   * The time limit of each database statement a request runs (docs/reliability.md): one over it is
   * cancelled and answered with a message to narrow the request, never held for long.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(100)
    .max(3_600_000)
    .default(10_000),
  /** The same for heavy work: a restore, an import's commit, a full export. */
  DATABASE_HEAVY_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(1000)
    .max(86_400_000)
    .default(300_000),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(100).default(10),
  IMPORT_MAX_MB: z.coerce.number().positive().max(200).default(20),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /**
   * How many of one user's requests may be refused for their input in a minute before the
   * others are answered 429 (http/refusal-budget.ts), or `off`.
   */
  REFUSED_REQUESTS_PER_MINUTE: wholeNumberOrOff(
    '120',
    'must be a whole number of requests a minute, or off',
    z.number().min(1, 'must be at least 1, or off'),
  ),
  RECURRING_INTERVAL_MINUTES: z.coerce
    .number()
    .int('must be a whole number of minutes')
    .min(1)
    .max(1440)
    .default(15),
  /**
   * Where the ECB's reference rates are read from (docs/currencies.md): one file, in any of the
   * ECB's formats, read at start when no rate is kept (or the newest is older than yesterday) and
   * then daily; `off` reads none.
   */
  EXCHANGE_RATES_URL: optionalText
    .transform((value) => value ?? ECB_HISTORY_URL)
    .pipe(
      z.union([
        z.literal('off'),
        z.url({
          protocol: /^https?$/,
          message: `must be an http(s) URL of an ECB rates file, such as ${ECB_HISTORY_URL}, or off`,
        }),
      ]),
    ),
  WEB_DIST_DIR: optionalText,
  PUBLIC_URL: optionalText.pipe(
    z
      .url({
        message: 'must be the address Moneta is opened at, such as https://money.example.com',
      })
      .optional(),
  ),
  WEBAUTHN_RP_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'must be a domain name such as example.com')
      .optional(),
  ),
  RECEIPT_AI_URL: optionalText.pipe(
    z.url({ message: 'must be a URL such as http://localhost:11434/v1' }).optional(),
  ),
  RECEIPT_AI_MODEL: optionalText,
  RECEIPT_AI_KEY: optionalText,
  /**
   * The key that encrypts bank connections' secrets at rest (docs/bank-sync.md): base64 of 32
   * bytes; unset, one is generated into DATA_DIR/secrets-key.
   */
  SECRETS_KEY: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9+/]{43}=?$/,
        'must be 32 bytes in base64, such as openssl rand -base64 32 makes',
      )
      .optional(),
  ),
  /** How often bank connections sync by themselves, in hours (1–24), or `off`. */
  BANK_SYNC_INTERVAL_HOURS: wholeNumberOrOff(
    '6',
    'must be a whole number of hours from 1 to 24, or off',
    z
      .number()
      .min(1, 'must be a whole number of hours from 1 to 24, or off')
      .max(24, 'must be a whole number of hours from 1 to 24, or off'),
  ),
  /** How many days back a bank connection's first sync reads. */
  BANK_SYNC_FIRST_DAYS: z.coerce
    .number()
    .int('must be a whole number of days')
    .min(1)
    .max(730)
    .default(90),
  ENABLE_BANKING_URL: optionalText
    .transform((value) => value ?? ENABLE_BANKING_DEFAULT_URL)
    .pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' })),
  /** Lets bank providers' URLs point to private or loopback addresses (tests, a local bridge). */
  BANK_SYNC_ALLOW_PRIVATE_URLS: booleanFromEnv.default(false),
});

export type RawConfig = z.infer<typeof configSchema>;

const configWithChecks = configSchema
  .refine((config) => !config.RECEIPT_AI_URL || Boolean(config.RECEIPT_AI_MODEL), {
    message: 'is required when RECEIPT_AI_URL is set',
    path: ['RECEIPT_AI_MODEL'],
  })
  .refine((config) => !config.WEBAUTHN_RP_ID || Boolean(config.PUBLIC_URL), {
    message: 'needs PUBLIC_URL',
    path: ['WEBAUTHN_RP_ID'],
  })
  .refine(
    (config) => {
      if (!config.WEBAUTHN_RP_ID || !config.PUBLIC_URL) return true;
      const host = new URL(config.PUBLIC_URL).hostname;
      const rpId = config.WEBAUTHN_RP_ID.toLowerCase();
      return host === rpId || host.endsWith(`.${rpId}`);
    },
    { message: "must be PUBLIC_URL's host or a parent domain of it", path: ['WEBAUTHN_RP_ID'] },
  );

export interface Config extends Omit<RawConfig, 'DATA_DIR' | 'LOG_FORMAT'> {
  /** Absolute path of the data directory. */
  DATA_DIR: string;
  /** Readable lines for a person at a terminal; JSON lines for a log collector or a file. */
  LOG_FORMAT: 'pretty' | 'json';
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment once at start; a bad value stops the server with a readable list.
 * `isTerminal` (whether stdout is a terminal) decides the log format when LOG_FORMAT is unset.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { isTerminal = process.stdout.isTTY === true }: { isTerminal?: boolean } = {},
): Config {
  const result = configWithChecks.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...result.data,
    DATA_DIR: resolve(result.data.DATA_DIR),
    LOG_FORMAT: result.data.LOG_FORMAT ?? (isTerminal ? 'pretty' : 'json'),
  };
}
