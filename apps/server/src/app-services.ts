import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { ENABLE_BANKING_DEFAULT_URL, type Config } from './config';
import { HEAVY_WORK_PER_SERVER, type Database } from './db/database';
import { createAccountsService } from './domains/accounts/accounts-service';
import { createApiTokensService } from './domains/api-tokens/api-tokens-service';
import { createAttachmentsService } from './domains/attachments/attachments-service';
import { createAuthService } from './domains/auth/auth-service';
import { createChallengesService } from './domains/auth/challenges-service';
import { createPasswordConfirmation } from './domains/auth/password-confirmation';
import { createSignInThrottle } from './domains/auth/sign-in-throttle';
import { createTokenService } from './domains/auth/token-service';
import type { BankSettings } from './domains/bank-connections/bank-context';
import { createBankConnectionsService } from './domains/bank-connections/bank-connections-service';
import { createSecretBox } from './domains/bank-connections/secrets/secret-box';
import { createBudgetsService } from './domains/budgets/budgets-service';
import { createLiveChangesService } from './domains/live-changes/live-changes-service';
import { createCategoriesService } from './domains/categories/categories-service';
import { createGoalsService } from './domains/goals/goals-service';
import { createHouseholdsService } from './domains/households/households-service';
import { createInvitationsService } from './domains/households/invitations-service';
import { createIdempotencyService } from './domains/idempotency/idempotency-service';
import { createImportsService } from './domains/imports/imports-service';
import { createPasskeysService } from './domains/passkeys/passkeys-service';
import { createExportService } from './domains/portability/export-service';
import { createRestoreService } from './domains/portability/restore-service';
import { sweepStaleUploads } from './domains/portability/restore-uploads';
import { createRatesService } from './domains/rates/rates-service';
import type { ReceiptReader } from './domains/receipts/reading';
import { createReceiptsService } from './domains/receipts/receipts-service';
import { createFileUrlSigner } from './domains/receipts/signed-urls';
import { createRecurringService } from './domains/recurring/recurring-service';
import { createReportsService } from './domains/reports/reports-service';
import { createRulesService } from './domains/rules/rules-service';
import { createSavedFiltersService } from './domains/saved-filters/saved-filters-service';
import { createSecurityEventsService } from './domains/security-events/security-events-service';
import { createSessionsService } from './domains/sessions/sessions-service';
import { createTagsService } from './domains/tags/tags-service';
import { createTransactionTotalsRepository } from './domains/transactions/transaction-totals-repository';
import { createTransactionsService } from './domains/transactions/transactions-service';
import { createTransfersService } from './domains/transfers/transfers-service';
import { createTwoFactorService } from './domains/two-factor/two-factor-service';
import { createUsersService } from './domains/users/users-service';
import { createHeavyWork } from './http/heavy-work';
import type { RefusalBudget } from './http/refusal-budget';
import { createAuthenticators } from './plugins/authenticate';

export interface AppServicesOptions {
  config: Pick<Config, 'LOGIN_RATE_LIMIT'>;
  db: Database;
  heavyPool?: pg.Pool | undefined;
  jwtSecret: string;
  now?: (() => Date) | undefined;
  receiptReader: ReceiptReader;
  recentUserTtlMs?: number | undefined;
  restoreUploadRoot?: string | undefined;
  /** How the server reaches the banks; without it, none is reachable (a key for this run only). */
  bank?: BankSettings | undefined;
  /** Each user's budget of refused requests; none: no limit. */
  refusals?: RefusalBudget | undefined;
  logger?: FastifyBaseLogger | undefined;
}

/** Bank settings when none are given: nothing private reachable, no schedule, a passing key. */
const noBankSettings = (): BankSettings => ({
  secretBox: createSecretBox(randomBytes(32)),
  policy: { allowPrivateUrls: false },
  enableBankingUrl: ENABLE_BANKING_DEFAULT_URL,
  firstDays: 90,
  intervalHours: null,
});

/** The sign-in side: users, sessions, tokens, two-factor, passkeys and the security events. */
function createAccountSecurityServices(options: AppServicesOptions) {
  const { config, db } = options;
  const recentTtlMs = options.recentUserTtlMs;
  const now = options.now ?? (() => new Date());
  const users = createUsersService(db, { recentTtlMs });
  const tokens = createTokenService(options.jwtSecret);
  const accounts = createAccountsService(db);
  const events = createSecurityEventsService(db);
  const sessions = createSessionsService(db, { tokens, events, recentTtlMs });
  const apiTokens = createApiTokensService(db, { events, recentTtlMs });
  const throttle = createSignInThrottle(db, { limit: config.LOGIN_RATE_LIMIT });
  const confirmPassword = createPasswordConfirmation(throttle);
  const twoFactor = createTwoFactorService(db, { throttle, confirmPassword, events, now });
  const challenges = createChallengesService(db);
  const passkeys = createPasskeysService(db, { events, throttle, challenges });
  const households = createHouseholdsService({ db, accounts, events, users });
  const invitations = createInvitationsService({ db, events, throttle, users });
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
  const authenticators = createAuthenticators({
    tokens,
    users,
    sessions,
    apiTokens,
    refusals: options.refusals,
  });
  return {
    users,
    accounts,
    events,
    sessions,
    apiTokens,
    twoFactor,
    passkeys,
    auth,
    authenticators,
    households,
    invitations,
  };
}

/**
 * Every service of the app, each given the services it writes through (docs/architecture.md,
 * One writer per entity): one transactions service for every domain that records transactions.
 */
export async function createAppServices(options: AppServicesOptions) {
  const { db, now } = options;
  const security = createAccountSecurityServices(options);
  const transactions = createTransactionsService(db);
  const transfers = createTransfersService(db, transactions);
  const receipts = createReceiptsService(
    db,
    options.receiptReader,
    createFileUrlSigner(options.jwtSecret),
    transactions,
  );
  const budgets = createBudgetsService(db, { totals: createTransactionTotalsRepository(db) });
  const recurring = createRecurringService(db, { transactions, now });
  const rules = createRulesService(db, transactions);
  const categories = createCategoriesService(db, {
    transactions,
    budgets,
    recurring,
    rules,
    receipts,
  });
  const imports = createImportsService(db, transactions, transfers, security.accounts);
  const bankConnections = createBankConnectionsService({
    ...(options.bank ?? noBankSettings()),
    db,
    writers: { transactions, transfers, accounts: security.accounts },
    now: now ?? (() => new Date()),
    logger: options.logger,
    lockPool: options.heavyPool,
  });
  // The LISTEN connection is made with the database handle's settings, as a connection of its
  // own (the heavy pool's are the handle's URL with a longer statement limit, harmless there).
  const liveChanges = createLiveChangesService({
    connection: options.heavyPool && { ...options.heavyPool.options },
    households: security.households,
    logger: options.logger,
  });
  const restoreUploadRoot = options.restoreUploadRoot ?? tmpdir();
  await sweepStaleUploads(restoreUploadRoot);
  return {
    ...security,
    transactions,
    transfers,
    receipts,
    budgets,
    recurring,
    rules,
    categories,
    liveChanges,
    tags: createTagsService(db, transactions),
    savedFilters: createSavedFiltersService(db),
    idempotency: createIdempotencyService(db),
    attachments: createAttachmentsService(db, receipts),
    reports: createReportsService(db),
    goals: createGoalsService(db, { now }),
    imports,
    bankConnections,
    rates: createRatesService(db, { now }),
    exporter: createExportService(db),
    restorer: createRestoreService(db, {
      transactions,
      forgetUser: security.users.forget,
      uploadRoot: restoreUploadRoot,
    }),
    heavyWork: createHeavyWork({ perServer: HEAVY_WORK_PER_SERVER, lockPool: options.heavyPool }),
  };
}

export type AppServices = Awaited<ReturnType<typeof createAppServices>>;
