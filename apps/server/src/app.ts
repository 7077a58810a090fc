import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type pg from 'pg';
import { HEAVY_WORK_PER_SERVER, type Database } from './db/database';
import { accountsRoutes } from './domains/accounts/accounts-routes';
import { createAccountsService } from './domains/accounts/accounts-service';
import { authRoutes } from './domains/auth/auth-routes';
import { createAuthService } from './domains/auth/auth-service';
import { createPasswordConfirmation } from './domains/auth/password-confirmation';
import { createSignInThrottle } from './domains/auth/sign-in-throttle';
import { createTokenService } from './domains/auth/token-service';
import { apiTokensRoutes } from './domains/api-tokens/api-tokens-routes';
import { createApiTokensService } from './domains/api-tokens/api-tokens-service';
import { passkeysRoutes } from './domains/passkeys/passkeys-routes';
import { createPasskeysService } from './domains/passkeys/passkeys-service';
import { securityEventsRoutes } from './domains/security-events/security-events-routes';
import { createSecurityEventsService } from './domains/security-events/security-events-service';
import { sessionsRoutes } from './domains/sessions/sessions-routes';
import { createSessionsService } from './domains/sessions/sessions-service';
import { twoFactorRoutes } from './domains/two-factor/two-factor-routes';
import { createTwoFactorService } from './domains/two-factor/two-factor-service';
import { budgetsRoutes } from './domains/budgets/budgets-routes';
import { createBudgetsService } from './domains/budgets/budgets-service';
import { goalsRoutes } from './domains/goals/goals-routes';
import { createGoalsService } from './domains/goals/goals-service';
import { attachmentsRoutes } from './domains/attachments/attachments-routes';
import { createAttachmentsService } from './domains/attachments/attachments-service';
import { categoriesRoutes, manageCategoriesRoutes } from './domains/categories/categories-routes';
import { createCategoriesService } from './domains/categories/categories-service';
import { householdsRoutes, invitationsRoutes } from './domains/households/households-routes';
import { createHouseholdsService } from './domains/households/households-service';
import { createInvitationsService } from './domains/households/invitations-service';
import { healthRoutes } from './domains/health/health-routes';
import { createIdempotencyService } from './domains/idempotency/idempotency-service';
import { importsRoutes } from './domains/imports/imports-routes';
import { createImportsService } from './domains/imports/imports-service';
import { createReceiptReader, type ReceiptReader } from './domains/receipts/reading';
import { receiptsRoutes } from './domains/receipts/receipts-routes';
import { createReceiptsService } from './domains/receipts/receipts-service';
import { createFileUrlSigner } from './domains/receipts/signed-urls';
import { createExportService } from './domains/portability/export-service';
import { portabilityRoutes } from './domains/portability/portability-routes';
import { createRestoreService } from './domains/portability/restore-service';
import { sweepStaleUploads } from './domains/portability/restore-uploads';
import { createRecurringEngine } from './domains/recurring/recurring-engine';
import { recurringRoutes } from './domains/recurring/recurring-routes';
import {
  startRecurringScheduler,
  type RecurringScheduler,
} from './domains/recurring/recurring-scheduler';
import { createRecurringService } from './domains/recurring/recurring-service';
import { createRatesLoader } from './domains/rates/rates-loader';
import { currenciesRoutes, ratesRoutes } from './domains/rates/rates-routes';
import { startRatesScheduler, type RatesScheduler } from './domains/rates/rates-scheduler';
import { createRatesService } from './domains/rates/rates-service';
import { rulesRoutes } from './domains/rules/rules-routes';
import { createRulesService } from './domains/rules/rules-service';
import { suggestRoutes } from './domains/rules/suggest-routes';
import { transactionsRoutes } from './domains/transactions/transactions-routes';
import { tagsRoutes } from './domains/tags/tags-routes';
import { createTagsService } from './domains/tags/tags-service';
import { savedFiltersRoutes } from './domains/saved-filters/saved-filters-routes';
import { createSavedFiltersService } from './domains/saved-filters/saved-filters-service';
import { createReportsService } from './domains/reports/reports-service';
import { reportsRoutes } from './domains/reports/reports-routes';
import { createTransfersService } from './domains/transfers/transfers-service';
import { transfersRoutes } from './domains/transfers/transfers-routes';
import { createTransactionsService } from './domains/transactions/transactions-service';
import { createUsersRepository } from './domains/users/users-repository';
import { withRecentUsers } from './domains/users/recent-users';
import { usersRoutes } from './domains/users/users-routes';
import { createUsersService } from './domains/users/users-service';
import { registerErrorHandler, sendRouteNotFound } from './http/error-handler';
import { createHeavyWork } from './http/heavy-work';
import { registerInputGuards } from './http/input-guards';
import type { App } from './http/types';
import { registerApiDocs } from './plugins/api-docs';
import { registerCompression } from './plugins/compression';
import { createAuthenticators } from './plugins/authenticate';
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

/**
 * Builds the whole application: external plugins, then app plugins, then routes (as in
 * fastify/demo). `server.ts` only starts it; tests call it through `app.inject`.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const largestBodyBytes = Math.max(JSON_BODY_LIMIT_BYTES, config.UPLOAD_MAX_MB * 1024 * 1024);
  registerErrorHandler(app, { drainLimitBytes: 2 * largestBodyBytes });
  registerInputGuards(app);

  await registerSecurity(app, { corsOrigins: config.CORS_ORIGINS });
  // Limits are configured per route; preHandler so that keys may use the parsed body.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_MB * 1024 * 1024, files: 1, fields: 10 },
  });
  await registerApiDocs(app);

  const recentTtlMs = options.recentUserTtlMs;
  const users = withRecentUsers(createUsersRepository(db), { ttlMs: recentTtlMs });
  const tokens = createTokenService(options.jwtSecret);
  const accounts = createAccountsService(db);
  const events = createSecurityEventsService(db);
  const sessions = createSessionsService(db, { tokens, events, recentTtlMs });
  const apiTokens = createApiTokensService(db, { events, recentTtlMs });
  const throttle = createSignInThrottle(db, { limit: config.LOGIN_RATE_LIMIT });
  const confirmPassword = createPasswordConfirmation(throttle);
  const now = options.now ?? (() => new Date());
  const twoFactor = createTwoFactorService(db, { throttle, confirmPassword, events, now });
  const passkeys = createPasskeysService(db, { events, throttle });
  const households = createHouseholdsService({
    db,
    accounts,
    events,
    forgetMemberships: users.forget,
  });
  const auth = createAuthService({
    db,
    users,
    accounts,
    households,
    sessions,
    twoFactor,
    events,
    throttle,
    confirmPassword,
  });
  const invitations = createInvitationsService({
    db,
    events,
    throttle,
    forgetMemberships: users.forget,
  });
  const authenticators = createAuthenticators({ tokens, users, sessions, apiTokens });
  const { authenticate } = authenticators;
  const transactions = createTransactionsService(db);
  const tags = createTagsService(db, transactions);
  const savedFilters = createSavedFiltersService(db);
  const transfers = createTransfersService(db, transactions);
  const idempotency = createIdempotencyService(db);
  const categories = createCategoriesService(db, transactions);
  const attachments = createAttachmentsService(db);
  const budgets = createBudgetsService(db);
  const reports = createReportsService(db);
  const goals = createGoalsService(db, { now: options.now });
  const recurring = createRecurringService(db, { now: options.now });
  const rules = createRulesService(db, transactions);
  const imports = createImportsService(db, transactions, transfers);
  const rates = createRatesService(db, { now: options.now });
  const exporter = createExportService(db);
  const restoreUploadRoot = options.restoreUploadRoot ?? tmpdir();
  await sweepStaleUploads(restoreUploadRoot);
  const restorer = createRestoreService(db, {
    transactions,
    forgetUser: users.forget,
    uploadRoot: restoreUploadRoot,
  });
  const heavyWork = createHeavyWork({
    perServer: HEAVY_WORK_PER_SERVER,
    lockPool: options.heavyPool,
  });
  const receiptReader = options.receiptReader ?? createDefaultReceiptReader(config);
  if (!options.receiptReader) app.addHook('onClose', () => receiptReader.close());
  const receipts = createReceiptsService(
    db,
    receiptReader,
    createFileUrlSigner(options.jwtSecret),
    transactions,
  );

  await app.register(
    async (api) => {
      // Before the routes: it hooks each route as it is added.
      await registerCompression(api);
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, {
        prefix: '/auth',
        auth,
        authenticators,
        signupRateLimit: config.SIGNUP_RATE_LIMIT,
      });
      await api.register(sessionsRoutes, { prefix: '/auth', sessions, authenticators });
      await api.register(apiTokensRoutes, { prefix: '/auth', apiTokens, authenticators });
      await api.register(twoFactorRoutes, { prefix: '/auth', twoFactor, authenticators });
      await api.register(passkeysRoutes, {
        prefix: '/auth',
        passkeys,
        auth,
        authenticators,
        relyingParty: { PUBLIC_URL: config.PUBLIC_URL, WEBAUTHN_RP_ID: config.WEBAUTHN_RP_ID },
        loginRateLimit: config.LOGIN_RATE_LIMIT,
      });
      await api.register(securityEventsRoutes, { prefix: '/auth', events, authenticators });
      const householdsOptions = { households, invitations, authenticators };
      await api.register(householdsRoutes, { prefix: '/households', ...householdsOptions });
      await api.register(invitationsRoutes, { prefix: '/invitations', ...householdsOptions });
      await api.register(usersRoutes, {
        prefix: '/users',
        users: createUsersService(households, users.forget),
        authenticate: authenticators.authenticateSession,
      });
      await api.register(transactionsRoutes, {
        prefix: '/transactions',
        transactions,
        idempotency,
        authenticate,
      });
      await api.register(tagsRoutes, { prefix: '/tags', tags, authenticate });
      await api.register(savedFiltersRoutes, { prefix: '/filters', savedFilters, authenticate });
      await api.register(categoriesRoutes, { prefix: '/transactions', categories, authenticate });
      await api.register(manageCategoriesRoutes, {
        prefix: '/categories',
        categories,
        authenticate,
      });
      await api.register(suggestRoutes, { prefix: '/transactions', rules, authenticate });
      await api.register(attachmentsRoutes, {
        prefix: '/transactions',
        attachments,
        authenticate,
        uploadMaxMb: config.UPLOAD_MAX_MB,
      });
      await api.register(accountsRoutes, { prefix: '/accounts', accounts, authenticate });
      await api.register(transfersRoutes, { prefix: '/transfers', transfers, authenticate });
      await api.register(budgetsRoutes, { prefix: '/budgets', budgets, authenticate });
      await api.register(reportsRoutes, { prefix: '/reports', reports, accounts, authenticate });
      await api.register(goalsRoutes, { prefix: '/goals', goals, authenticate });
      await api.register(recurringRoutes, { prefix: '/recurring', recurring, authenticate });
      await api.register(receiptsRoutes, {
        prefix: '/receipts',
        receipts,
        authenticate,
        uploadMaxMb: config.UPLOAD_MAX_MB,
      });
      await api.register(importsRoutes, {
        prefix: '/imports',
        imports,
        heavyWork,
        authenticate,
        importMaxMb: config.IMPORT_MAX_MB,
      });
      await api.register(rulesRoutes, { prefix: '/rules', rules, authenticate });
      await api.register(portabilityRoutes, {
        prefix: '/export',
        exporter,
        restorer,
        heavyWork,
        authenticate,
      });
      await api.register(currenciesRoutes, { prefix: '/currencies', rates });
      await api.register(ratesRoutes, { prefix: '/rates', rates, authenticate });
      api.setNotFoundHandler(sendRouteNotFound);
    },
    { prefix: '/api' },
  );

  const intervalMinutes = options.recurringIntervalMinutes;
  if (intervalMinutes) {
    const engine = createRecurringEngine(db, { now: options.now, logger: app.log });
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

  const ratesUrl = options.exchangeRatesUrl;
  if (ratesUrl) {
    const loader = createRatesLoader(db, { url: ratesUrl, logger: app.log });
    let scheduler: RatesScheduler | undefined;
    // Not awaited: a slow or failing download never holds up the start.
    app.addHook('onReady', async () => {
      scheduler = startRatesScheduler(loader, { logger: app.log, now: options.now });
    });
    app.addHook('onClose', async () => {
      await scheduler?.stop();
    });
  }

  if (options.webDistDir) {
    await registerWebApp(app, options.webDistDir);
  } else {
    app.setNotFoundHandler(sendRouteNotFound);
  }
  return app;
}
