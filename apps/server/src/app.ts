import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type pg from 'pg';
import { createAppServices, type AppServices } from './app-services';
import type { Config } from './config';
import type { Database } from './db/database';
import type { BankSettings } from './domains/bank-connections/bank-context';
import {
  startBankSyncScheduler,
  type BankSyncScheduler,
} from './domains/bank-connections/bank-sync-scheduler';
import { createRatesLoader } from './domains/rates/rates-loader';
import { startRatesScheduler, type RatesScheduler } from './domains/rates/rates-scheduler';
import { createReceiptReader, type ReceiptReader } from './domains/receipts/reading';
import { createRecurringEngine } from './domains/recurring/recurring-engine';
import {
  startRecurringScheduler,
  type RecurringScheduler,
} from './domains/recurring/recurring-scheduler';
import { registerErrorHandler, sendRouteNotFound } from './http/error-handler';
import { registerInputGuards } from './http/input-guards';
import { createRefusalBudget, isRefusal } from './http/refusal-budget';
import { routeMeta } from './http/route-meta';
import type { App } from './http/types';
import { registerApi } from './register-api';
import { registerApiDocs } from './plugins/api-docs';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web-app';

export interface AppOptions {
  config: Pick<
    Config,
    | 'CORS_ORIGINS'
    | 'TRUST_PROXY'
    | 'UPLOAD_MAX_MB'
    | 'IMPORT_MAX_MB'
    | 'LOGIN_RATE_LIMIT'
    | 'SIGNUP_RATE_LIMIT'
  > &
    Partial<
      Pick<
        Config,
        'RECEIPT_AI_URL' | 'RECEIPT_AI_MODEL' | 'RECEIPT_AI_KEY' | 'PUBLIC_URL' | 'WEBAUTHN_RP_ID'
      >
    >;
  db: Database;
  /**
   * The database handle's heavy pool (db/database.ts): where heavy work takes its lock across
   * instances. Without it, heavy work is counted by this instance alone.
   */
  heavyPool?: pg.Pool | undefined;
  jwtSecret: string;
  /** Directory of the built web app; omitted in API-only tests. */
  webDistDir?: string | undefined;
  /** The process's logger; tests run silent. */
  logger?: FastifyBaseLogger;
  /** The clock that decides "today" for recurring transactions and checks TOTP codes; tests move it. */
  now?: () => Date;
  /** Reads receipts; by default the local OCR pipeline (workers start on first use). */
  receiptReader?: ReceiptReader;
  /**
   * Record due recurring transactions when the app is ready (catching up after downtime) and
   * then every this many minutes. server.ts sets it; tests run the engine themselves.
   */
  recurringIntervalMinutes?: number | undefined;
  /**
   * How long an authenticated request's user, session and API token are remembered
   * (recent-users.ts, sessions-service.ts, api-tokens-service.ts); tests vary it.
   */
  recentUserTtlMs?: number | undefined;
  /**
   * Where the ECB's rates are read from in the background, at start and daily
   * (EXCHANGE_RATES_URL); omitted (tests, `off`): none are read.
   */
  exchangeRatesUrl?: string | undefined;
  /**
   * Where restore uploads are kept while they are read (restore-uploads.ts); the system's
   * temporary folder by default. Stale ones a crashed server left there are removed at start.
   */
  restoreUploadRoot?: string | undefined;
  /** How the server reaches the banks (server.ts from the BANK_* settings and SECRETS_KEY). */
  bank?: BankSettings | undefined;
  /**
   * Each user's refused requests a minute before the rest are answered 429
   * (http/refusal-budget.ts); server.ts sets it, tests that send bad input by design do not.
   */
  refusedPerMinute?: number | undefined;
  /**
   * Look for bank connections due to sync every this many minutes; server.ts sets it when
   * BANK_SYNC_INTERVAL_HOURS is not off, tests sync through the API.
   */
  bankSyncLookMinutes?: number | undefined;
}

/**
 * The largest JSON body any route takes (docs/api.md, General rules: 1 MB); larger ones are a 413.
 */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

function createDefaultReceiptReader(config: AppOptions['config']): ReceiptReader {
  const ai =
    config.RECEIPT_AI_URL && config.RECEIPT_AI_MODEL
      ? { url: config.RECEIPT_AI_URL, model: config.RECEIPT_AI_MODEL, key: config.RECEIPT_AI_KEY }
      : undefined;
  return createReceiptReader(ai ? { ai } : {});
}

/** How long an answer to a user past their refused requests is held (http/refusal-budget.ts). */
const REFUSAL_PAUSE_MS = 1000;

/**
 * `buildPrettyMeta` is a router option Fastify hands to its router, whose types leave it out:
 * named here rather than written in the call, which would refuse a property it does not know.
 */
const routerOptions = { maxParamLength: 200, buildPrettyMeta: routeMeta };

/** Fastify itself: the logger, proxies, body limit, request ids and zod for the schemas. */
function createFastify(options: AppOptions): App {
  return Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: options.config.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    routerOptions,
  }).withTypeProvider<ZodTypeProvider>();
}

/** The external plugins every route relies on: errors, input guards, security, limits, docs. */
async function registerPlugins(app: App, config: AppOptions['config']): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A refused body is read to its end up to twice the largest JSON, receipt or bank file a route
  // accepts (docs/decisions.md, API-6). A restore (up to 4 GB) is not: its sender gets the
  // answer and a closed connection rather than a server reading gigabytes for nothing.
  const largestBodyBytes = Math.max(
    JSON_BODY_LIMIT_BYTES,
    config.UPLOAD_MAX_MB * 1024 * 1024,
    config.IMPORT_MAX_MB * 1024 * 1024,
  );
  registerErrorHandler(app, { drainLimitBytes: 2 * largestBodyBytes });
  registerInputGuards(app);
  await registerSecurity(app, { corsOrigins: config.CORS_ORIGINS });
  // Limits are configured per route; preHandler so that keys may use the parsed body.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_MB * 1024 * 1024, files: 1, fields: 10 },
  });
  await registerApiDocs(app);
}

/**
 * The background work, started when the app is ready and stopped when it closes: the recurring
 * engine (recording through the app's transactions service) and the ECB rates loader.
 */
function startSchedulers(app: App, options: AppOptions, services: AppServices): void {
  const intervalMinutes = options.recurringIntervalMinutes;
  if (intervalMinutes) {
    const engine = createRecurringEngine(options.db, {
      transactions: services.transactions,
      now: options.now,
      logger: app.log,
    });
    let scheduler: RecurringScheduler | undefined;
    app.addHook('onReady', async () => {
      scheduler = startRecurringScheduler(engine, {
        intervalMs: intervalMinutes * 60_000,
        logger: app.log,
      });
    });
    app.addHook('onClose', async () => {
      await scheduler?.stop();
    });
  }

  const bankLookMinutes = options.bankSyncLookMinutes;
  let bankScheduler: BankSyncScheduler | undefined;
  if (bankLookMinutes) {
    app.addHook('onReady', async () => {
      bankScheduler = startBankSyncScheduler(services.bankConnections, {
        lookEveryMs: bankLookMinutes * 60_000,
        logger: app.log,
      });
    });
  }
  app.addHook('onClose', async () => {
    await (bankScheduler ? bankScheduler.stop() : services.bankConnections.close());
  });

  const ratesUrl = options.exchangeRatesUrl;
  if (ratesUrl) {
    const loader = createRatesLoader(options.db, { url: ratesUrl, logger: app.log });
    let scheduler: RatesScheduler | undefined;
    // Not awaited: a slow or failing download never holds up the start.
    app.addHook('onReady', async () => {
      scheduler = startRatesScheduler(loader, { logger: app.log, now: options.now });
    });
    app.addHook('onClose', async () => {
      await scheduler?.stop();
    });
  }
}

/**
 * Builds the whole application: external plugins, then the services, then routes (as in
 * fastify/demo), then the schedulers. `server.ts` only starts it; tests call it through
 * `app.inject`.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options;
  const app = createFastify(options);
  await registerPlugins(app, config);

  const receiptReader = options.receiptReader ?? createDefaultReceiptReader(config);
  if (!options.receiptReader) app.addHook('onClose', () => receiptReader.close());
  const refusals = options.refusedPerMinute
    ? createRefusalBudget({
        perMinute: options.refusedPerMinute,
        pauseMs: REFUSAL_PAUSE_MS,
        now: options.now && (() => options.now!().getTime()),
      })
    : undefined;
  const services = await createAppServices({
    ...options,
    receiptReader,
    refusals,
    logger: app.log,
  });
  if (refusals) {
    app.addHook('onResponse', async (request, reply) => {
      const userId = (request as { user?: { id: string } }).user?.id;
      if (userId && isRefusal(reply.statusCode)) refusals.charge(userId);
    });
  }
  // Before the server waits for its requests to end: an open event stream never would.
  app.addHook('preClose', () => services.liveChanges.stop());
  await registerApi(app, services, config, db);
  startSchedulers(app, options, services);

  if (options.webDistDir) {
    await registerWebApp(app, options.webDistDir);
  } else {
    app.setNotFoundHandler(sendRouteNotFound);
  }
  return app;
}
