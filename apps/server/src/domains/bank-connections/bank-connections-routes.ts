import {
  bankAccountMappingSchema,
  bankConnectionInputSchema,
  bankConnectionSchema,
  enableBankingAppInputSchema,
  enableBankingAppSchema,
  enableBankingBankSchema,
  enableBankingBanksQuerySchema,
  enableBankingCallbackQuerySchema,
  enableBankingStartSchema,
  messageSchema,
} from '@moneta/shared';
import { z } from 'zod';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import type { BankConnectionsService } from './bank-connections-service';

export interface BankConnectionsRoutesOptions {
  bankConnections: BankConnectionsService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 403, 404, 409);
const providerErrors = errorAnswers(502);
const owner = { householdRole: 'owner' as const };
const accountParams = idParams.extend({ providerAccountId: z.string().min(1).max(300) });

/** The household's Enable Banking application and its bank list (owners). */
function registerEnableBankingApp(
  app: App,
  bankConnections: BankConnectionsService,
  { tags, security }: { tags: string[]; security: Array<Record<string, string[]>> },
) {
  app.put(
    '/enablebanking/app',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary:
          "Set the household's Enable Banking application (the key is checked, never returned)",
        body: enableBankingAppInputSchema,
        response: { 200: enableBankingAppSchema, ...errors, ...providerErrors },
      },
    },
    async (request) =>
      bankConnections.enableBanking.setApp(request.household.id, request.user, request.body),
  );

  app.get(
    '/enablebanking/banks',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: "Enable Banking's banks of a country",
        querystring: enableBankingBanksQuerySchema,
        response: { 200: z.array(enableBankingBankSchema), ...errors, ...providerErrors },
      },
    },
    async (request) =>
      bankConnections.enableBanking.banks(request.household.id, request.query.country),
  );
}

/** Where each bank account's rows go, and the balance adjustment. */
function registerAccountRoutes(
  app: App,
  bankConnections: BankConnectionsService,
  { tags, security }: { tags: string[]; security: Array<Record<string, string[]>> },
) {
  app.put(
    '/:id/accounts/:providerAccountId',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: "Where a bank account's rows go: an account, a new one, or ignored",
        description: prose`
          \`{ accountId }\`: an account of the household in the bank account's currency
          (another currency → 409 \`BANK_CURRENCY_MISMATCH\`); \`{ create: { name, type? } }\`:
          a new account in the bank's currency; \`{ accountId: null }\`: ignored.`,
        params: accountParams,
        body: bankAccountMappingSchema,
        response: { 200: bankConnectionSchema, ...errors },
      },
    },
    async (request) =>
      bankConnections.map(
        request.household.id,
        request.user,
        request.params.id,
        request.params.providerAccountId,
        request.body,
      ),
  );

  app.post(
    '/:id/accounts/:providerAccountId/adjustment',
    {
      schema: {
        tags,
        security,
        summary: "Make Moneta's balance the bank's: one transaction of the difference",
        description: prose`
          Editors and owners. A transaction named "Balance adjustment" of the account's
          \`balanceDifference\`, dated the bank's \`balanceDate\` (an income when the bank says
          more); nothing to adjust → 409.`,
        params: accountParams,
        response: { 200: bankConnectionSchema, ...errors },
      },
    },
    async (request) =>
      bankConnections.adjust(
        request.household.id,
        request.user,
        request.params.id,
        request.params.providerAccountId,
      ),
  );
}

/** Bank connections of the active household (docs/bank-sync.md). */
export async function bankConnectionsRoutes(app: App, options: BankConnectionsRoutesOptions) {
  const { bankConnections } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'bank connections');

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: "The household's bank connections with their accounts (never a secret)",
        response: { 200: z.array(bankConnectionSchema), ...errors },
      },
    },
    async (request) => bankConnections.list(request.household.id),
  );

  app.post(
    '/',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Connect a bank: SimpleFIN by setup token, or start an Enable Banking consent',
        description: prose`
          SimpleFIN \`{ provider: 'simplefin', setupToken }\`: the token is claimed once
          and the accounts read with their balances → 201 BankConnection, its accounts not
          mapped. Enable Banking \`{ provider: 'enablebanking', bank: { name, country } }\`
          → 201 \`{ connection (pending), authorisationUrl }\`: send the person to the
          bank's page; the bank sends them back to the callback. Owners only.`,
        body: bankConnectionInputSchema,
        response: {
          201: z.union([bankConnectionSchema, enableBankingStartSchema]),
          ...errors,
          ...providerErrors,
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const created =
        body.provider === 'simplefin'
          ? await bankConnections.createSimplefin(
              request.household.id,
              request.user,
              body.setupToken,
            )
          : await bankConnections.enableBanking.start(
              request.household.id,
              request.user,
              body.bank,
            );
      return reply.status(201).send(created);
    },
  );

  registerEnableBankingApp(app, bankConnections, { tags, security });

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One bank connection',
        params: idParams,
        response: { 200: bankConnectionSchema, ...errors },
      },
    },
    async (request) => bankConnections.get(request.household.id, request.params.id),
  );

  app.delete(
    '/:id',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Disconnect: the connection and its secret are deleted (transactions stay)',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await bankConnections.delete(request.household.id, request.params.id);
      return { message: 'Bank connection deleted.' };
    },
  );

  registerAccountRoutes(app, bankConnections, { tags, security });

  app.post(
    '/:id/renew',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: "Renew an Enable Banking consent: the bank's page again, the same connection",
        description: prose`
          → 200 \`{ connection, authorisationUrl }\`; the callback then replaces the session
          and its end (\`validUntil\`), and the mappings stay. A SimpleFIN connection → 409.`,
        params: idParams,
        response: { 200: enableBankingStartSchema, ...errors, ...providerErrors },
      },
    },
    async (request) => bankConnections.renew(request.household.id, request.user, request.params.id),
  );

  app.post(
    '/:id/sync',
    {
      schema: {
        tags,
        security,
        summary: 'Sync now (editors and owners): 202, the connection `syncing` until it ends',
        params: idParams,
        response: { 202: bankConnectionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await bankConnections.syncNow(request.household.id, request.params.id)),
  );
}

/**
 * Where the bank sends the person back after the consent: no sign-in comes with it (a redirect
 * from the bank), so the single-use state alone says whose connection it is.
 */
export async function bankCallbackRoutes(
  app: App,
  options: Pick<BankConnectionsRoutesOptions, 'bankConnections'>,
) {
  app.get(
    '/enablebanking/callback',
    {
      schema: {
        tags: ['bank connections'],
        summary:
          "The bank's return from Enable Banking's consent: redirects to the connections screen",
        querystring: enableBankingCallbackQuerySchema,
        response: { 302: z.null(), ...errorAnswers(400, 502) },
      },
    },
    async (request, reply) =>
      reply.redirect(await options.bankConnections.enableBanking.callback(request.query), 302),
  );
}
