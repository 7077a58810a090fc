import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, type BankConnection } from '@moneta/shared';
import type { BankConnectionRow, UserRow } from '../../db/schema';
import { badRequest, conflict } from '../../http/app-error';
import { newId } from '../../lib/ids';
import type { HouseholdId } from '../households/household-id';
import { appKeyContext, enableBankingClientOf, nextSyncAt, type BankContext } from './bank-context';
import { createBankConnectionsRepository } from './bank-connections-repository';
import { asRequest } from './bank-errors';
import {
  createEnableBankingClient,
  type EnableBankingBank,
  type EnableBankingClient,
} from './providers/enablebanking-client';
import { sanitizeProviderMessage } from './providers/simplefin-account-set';

/** How long the bank's consent page may take: the state is refused after it. */
const AUTHORIZATION_MINUTES = 30;
/** The longest consent Moneta asks for, when the bank allows more. */
const MAX_CONSENT_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the bank sends the person back, under PUBLIC_URL. */
export const CALLBACK_PATH = '/api/bank-connections/enablebanking/callback';
/** The web's connections screen, where the callback ends. */
export const CONNECTIONS_SCREEN = '/settings/bank-connections';

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

const stateInvalid = () =>
  badRequest(
    'This bank sign-in link is unknown, used or expired: start connecting the bank again.',
    ErrorCode.BANK_STATE_INVALID,
  );

/**
 * Enable Banking (docs/bank-sync.md): the household's application (id and sealed private key,
 * checked by reading `GET /application` with a JWT it signs), the bank list, the consent at the
 * bank with a single-use state, and the callback that opens the session.
 */
export function createEnableBankingFlow(
  context: BankContext,
  answer: (row: BankConnectionRow) => Promise<BankConnection>,
) {
  const repository = createBankConnectionsRepository(context.db);

  async function clientForConsent(householdId: HouseholdId) {
    if (!context.publicUrl) {
      throw conflict(
        'The server needs PUBLIC_URL set so the bank can send you back to Moneta.',
        ErrorCode.BANK_APP_MISSING,
      );
    }
    return enableBankingClientOf(context, householdId);
  }

  async function findBank(client: EnableBankingClient, bank: { name: string; country: string }) {
    const listed = (await asRequest(() => client.listBanks(bank.country))).find(
      (candidate) => candidate.name === bank.name,
    );
    if (!listed)
      throw badRequest(`Enable Banking lists no bank "${bank.name}" in ${bank.country}.`);
    return listed;
  }

  /** A single-use state bound to the connection and the person, and the bank's page. */
  async function askConsent(
    client: EnableBankingClient,
    row: BankConnectionRow,
    user: UserRow,
    bank: EnableBankingBank,
  ) {
    const householdId = row.householdId as HouseholdId;
    const days = Math.max(1, Math.min(bank.maxConsentDays, MAX_CONSENT_DAYS));
    const state = randomBytes(32).toString('base64url');
    const now = context.now();
    await repository.insertAuthorization(householdId, {
      stateHash: hashState(state),
      connectionId: row.id,
      userId: user.id,
      expiresAt: new Date(now.getTime() + AUTHORIZATION_MINUTES * 60_000),
    });
    const started = await asRequest(() =>
      client.startAuthorization({
        bank: { name: bank.name, country: bank.country },
        validUntil: new Date(now.getTime() + days * DAY_MS),
        state,
        redirectUrl: `${context.publicUrl!.replace(/\/+$/, '')}${CALLBACK_PATH}`,
      }),
    );
    return { connection: await answer(row), authorisationUrl: started.url };
  }

  return {
    async setApp(
      householdId: HouseholdId,
      user: UserRow,
      input: { applicationId: string; privateKey: string },
    ) {
      const application = await asRequest(() =>
        createEnableBankingClient({
          baseUrl: context.enableBankingUrl,
          applicationId: input.applicationId,
          privateKeyPem: input.privateKey,
          policy: context.policy,
          now: context.now,
        }).getApplication(),
      );
      await repository.saveApp(householdId, {
        applicationId: input.applicationId,
        sealedPrivateKey: context.secretBox.seal(input.privateKey, appKeyContext(householdId)),
        updatedBy: user.id,
      });
      return {
        applicationId: input.applicationId,
        active: application.active,
        countries: application.countries,
      };
    },

    async banks(householdId: HouseholdId, country: string) {
      const client = await enableBankingClientOf(context, householdId);
      return asRequest(() => client.listBanks(country));
    },

    /** A pending connection and the bank's page where the person gives consent. */
    async start(householdId: HouseholdId, user: UserRow, bank: { name: string; country: string }) {
      const client = await clientForConsent(householdId);
      const listed = await findBank(client, bank);
      const row = await repository.insert(householdId, {
        id: newId(),
        provider: 'enablebanking',
        name: bank.name.slice(0, 100),
        status: 'pending',
        createdBy: user.id,
        bankName: bank.name,
        bankCountry: bank.country,
      });
      try {
        return await askConsent(client, row, user, listed);
      } catch (error) {
        await repository.delete(householdId, row.id);
        throw error;
      }
    },

    /**
     * A new consent for a connection whose consent ends soon or has ended: the same connection
     * and mappings (accounts are known by their identification hash, stable across consents).
     */
    async renew(householdId: HouseholdId, user: UserRow, row: BankConnectionRow) {
      if (row.provider !== 'enablebanking' || !row.bankName || !row.bankCountry) {
        throw conflict('Only an Enable Banking consent is renewed.', ErrorCode.CONFLICT);
      }
      const client = await clientForConsent(householdId);
      const listed = await findBank(client, { name: row.bankName, country: row.bankCountry });
      return askConsent(client, row, user, listed);
    },

    /**
     * The bank's return: the state is used once (unknown, used or expired → 400); an `error`
     * marks the connection; a code opens the session and lists its accounts. Answers where the
     * browser goes next.
     */
    async callback(query: {
      code?: string | undefined;
      state?: string | undefined;
      error?: string | undefined;
      error_description?: string | undefined;
    }): Promise<string> {
      if (!query.state) throw stateInvalid();
      const authorization = await repository.useAuthorization(
        hashState(query.state),
        context.now(),
      );
      if (!authorization) throw stateInvalid();
      const householdId = authorization.householdId as HouseholdId;
      const id = authorization.connectionId;
      const screen = `${CONNECTIONS_SCREEN}?connection=${encodeURIComponent(id)}`;
      if (query.error || !query.code) {
        await repository.update(householdId, id, {
          status: 'needs_attention',
          lastErrorCode: 'CONSENT_REFUSED',
          lastErrorMessage: sanitizeProviderMessage(
            `The bank did not give consent: ${query.error_description || query.error || 'no code came back'}.`,
          ),
        });
        return `${screen}&error=consent`;
      }
      const client = await enableBankingClientOf(context, householdId);
      const session = await asRequest(() => client.createSession(query.code!));
      const previous = (await repository.find(householdId, id))?.sessionId;
      await repository.saveSeenAccounts(
        householdId,
        id,
        session.accounts.map((account) => ({
          providerAccountId: account.providerAccountId,
          providerUid: account.uid,
          name: account.name,
          currency: account.currency,
          type: account.type,
          balance: account.balance,
          balanceDate: account.balanceDate,
        })),
      );
      await repository.update(householdId, id, {
        status: 'ok',
        sessionId: session.sessionId,
        validUntil: new Date(session.validUntil),
        lastErrorCode: session.problems.length ? 'PROVIDER_ERRORS' : null,
        lastErrorMessage: session.problems.map((problem) => problem.message).join(' ') || null,
        nextSyncAt: nextSyncAt(context),
      });
      if (previous && previous !== session.sessionId) {
        // A renewed consent: the old session is closed at the bank (it ends by itself anyway).
        await client.deleteSession(previous).catch(() => undefined);
      }
      return screen;
    },
  };
}
