import type { Config } from './config';
import type { Database } from './db/database';
import type { AppServices } from './app-services';
import { accountsRoutes } from './domains/accounts/accounts-routes';
import { apiTokensRoutes } from './domains/api-tokens/api-tokens-routes';
import { attachmentsRoutes } from './domains/attachments/attachments-routes';
import { authRoutes } from './domains/auth/auth-routes';
import {
  bankCallbackRoutes,
  bankConnectionsRoutes,
} from './domains/bank-connections/bank-connections-routes';
import { budgetsRoutes } from './domains/budgets/budgets-routes';
import { categoriesRoutes, manageCategoriesRoutes } from './domains/categories/categories-routes';
import { liveChangesRoutes } from './domains/live-changes/live-changes-routes';
import { goalsRoutes } from './domains/goals/goals-routes';
import { healthRoutes } from './domains/health/health-routes';
import { importsRoutes } from './domains/imports/imports-routes';
import { passkeysRoutes } from './domains/passkeys/passkeys-routes';
import { portabilityRoutes } from './domains/portability/portability-routes';
import { currenciesRoutes, ratesRoutes } from './domains/rates/rates-routes';
import { receiptsRoutes } from './domains/receipts/receipts-routes';
import { recurringRoutes } from './domains/recurring/recurring-routes';
import { reportsRoutes } from './domains/reports/reports-routes';
import { rulesRoutes } from './domains/rules/rules-routes';
import { suggestRoutes } from './domains/rules/suggest-routes';
import { householdsRoutes, invitationsRoutes } from './domains/households/households-routes';
import { savedFiltersRoutes } from './domains/saved-filters/saved-filters-routes';
import { securityEventsRoutes } from './domains/security-events/security-events-routes';
import { sessionsRoutes } from './domains/sessions/sessions-routes';
import { tagsRoutes } from './domains/tags/tags-routes';
import { transactionsRoutes } from './domains/transactions/transactions-routes';
import { transfersRoutes } from './domains/transfers/transfers-routes';
import { twoFactorRoutes } from './domains/two-factor/two-factor-routes';
import { usersRoutes } from './domains/users/users-routes';
import { sendRouteNotFound } from './http/error-handler';
import type { App } from './http/types';
import { registerCompression } from './plugins/compression';

export type ApiConfig = Pick<
  Config,
  'UPLOAD_MAX_MB' | 'IMPORT_MAX_MB' | 'LOGIN_RATE_LIMIT' | 'SIGNUP_RATE_LIMIT'
> &
  Partial<Pick<Config, 'PUBLIC_URL' | 'WEBAUTHN_RP_ID'>>;

/** Health, sign-in and the account-security routes (all but health under /auth and /users). */
async function registerAccountSecurityRoutes(
  api: App,
  services: AppServices,
  config: ApiConfig,
  db: Database,
) {
  const { auth, authenticators, sessions, apiTokens, twoFactor, passkeys, events } = services;
  const { households, invitations } = services;
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
  await api.register(usersRoutes, {
    prefix: '/users',
    households,
    authenticate: authenticators.authenticateSession,
  });
  const householdsOptions = { households, invitations, authenticators };
  await api.register(householdsRoutes, { prefix: '/households', ...householdsOptions });
  await api.register(invitationsRoutes, { prefix: '/invitations', ...householdsOptions });
  await api.register(liveChangesRoutes, {
    prefix: '/events',
    liveChanges: services.liveChanges,
    authenticate: authenticators.authenticate,
  });
}

/** The ledger's routes: transactions and everything that records, plans or reads them. */
async function registerLedgerRoutes(api: App, services: AppServices, config: ApiConfig) {
  const { authenticate } = services.authenticators;
  const { transactions, idempotency, tags, savedFilters, categories, rules, attachments } =
    services;
  const { accounts, transfers, budgets, reports, goals, recurring, receipts, imports } = services;
  const { heavyWork, exporter, restorer, rates } = services;
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
  const { bankConnections } = services;
  await api.register(bankConnectionsRoutes, {
    prefix: '/bank-connections',
    bankConnections,
    authenticate,
  });
  await api.register(bankCallbackRoutes, { prefix: '/bank-connections', bankConnections });
  await api.register(portabilityRoutes, {
    prefix: '/export',
    exporter,
    restorer,
    heavyWork,
    authenticate,
  });
  await api.register(currenciesRoutes, { prefix: '/currencies', rates });
  await api.register(ratesRoutes, { prefix: '/rates', rates, authenticate });
}

/** Every route of the API under /api, each domain's with the services it calls. */
export async function registerApi(
  app: App,
  services: AppServices,
  config: ApiConfig,
  db: Database,
): Promise<void> {
  await app.register(
    async (api) => {
      // Before the routes: it hooks each route as it is added.
      await registerCompression(api);
      await registerAccountSecurityRoutes(api, services, config, db);
      await registerLedgerRoutes(api, services, config);
      api.setNotFoundHandler(sendRouteNotFound);
    },
    { prefix: '/api' },
  );
}
