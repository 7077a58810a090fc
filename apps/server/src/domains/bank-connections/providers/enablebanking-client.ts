import { z } from 'zod';
import {
  isProblem,
  readAccountResource,
  readBalances,
  readTransaction,
  type EnableBankingAccount,
} from './enablebanking-data';
import { readApplicationKey, signApplicationJwt } from './enablebanking-jwt';
import {
  providerRequest,
  readJson,
  readProviderUrl,
  type OutboundPolicy,
  type ProviderResponse,
} from './provider-http';
import {
  BankProviderError,
  type ProviderProblem,
  type ProviderTransaction,
} from './provider-types';

/** A guard against a server that pages forever; a year of a busy account is far fewer. */
const MAX_TRANSACTION_PAGES = 500;

export interface EnableBankingOptions {
  baseUrl: string;
  applicationId: string;
  privateKeyPem: string;
  policy: OutboundPolicy;
  now?: () => Date;
  timeoutMs?: number;
}

export interface EnableBankingApplication {
  name: string;
  active: boolean;
  countries: string[];
  redirectUrls: string[];
}

export interface EnableBankingBank {
  name: string;
  country: string;
  /** The longest consent the bank gives, in whole days. */
  maxConsentDays: number;
}

export interface EnableBankingSession {
  sessionId: string;
  /** When the consent ends (ISO date-time), as the API granted it. */
  validUntil: string;
  accounts: EnableBankingAccount[];
  problems: ProviderProblem[];
}

const applicationSchema = z.object({
  name: z.string(),
  active: z.boolean(),
  countries: z.array(z.string()),
  redirect_urls: z.array(z.string()),
});
const aspspsSchema = z.object({
  aspsps: z.array(
    z.object({ name: z.string(), country: z.string(), maximum_consent_validity: z.number().int() }),
  ),
});
const authorizationSchema = z.object({ url: z.string(), authorization_id: z.string() });
const sessionSchema = z.object({
  session_id: z.string().min(1),
  accounts: z.array(z.unknown()),
  access: z.object({ valid_until: z.string() }),
});
const transactionsPageSchema = z.object({
  transactions: z.array(z.unknown()),
  continuation_key: z.string().nullish(),
});

/** Error codes of the API that mean the consent is over: a new one is needed. */
const SESSION_OVER = new Set(['EXPIRED_SESSION', 'REVOKED_SESSION', 'CLOSED_SESSION']);

export function createEnableBankingClient(options: EnableBankingOptions) {
  const now = options.now ?? (() => new Date());
  const key = readApplicationKey(options.privateKeyPem);
  const base = readProviderUrl(options.baseUrl, options.policy);

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    what: string,
    body?: unknown,
  ): Promise<unknown> {
    const url = new URL(base);
    const [pathname, search = ''] = path.split('?');
    url.pathname = `${url.pathname.replace(/\/+$/, '')}${pathname}`;
    url.search = search;
    const headers: Record<string, string> = {
      authorization: `Bearer ${signApplicationJwt(options.applicationId, key, now())}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await providerRequest(
      {
        method,
        url,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: options.timeoutMs,
      },
      options.policy,
    );
    if (response.status !== 200) throw refused(response, what);
    return readJson(response, what);
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new BankProviderError(
        'PROVIDER_ANSWER_INVALID',
        `Enable Banking's answer to ${what} is not what its API documents.`,
      );
    }
    return parsed.data;
  }

  return {
    /** The application the key belongs to: checks the key and the id together. */
    async getApplication(): Promise<EnableBankingApplication> {
      const application = parse(
        applicationSchema,
        await call('GET', '/application', 'the application check'),
        'the application check',
      );
      return {
        name: application.name,
        active: application.active,
        countries: application.countries,
        redirectUrls: application.redirect_urls,
      };
    },

    async listBanks(country: string): Promise<EnableBankingBank[]> {
      if (!/^[A-Z]{2}$/.test(country)) {
        throw new BankProviderError(
          'PROVIDER_REFUSED',
          'A country is two capital letters, such as DE.',
        );
      }
      const query = new URLSearchParams({ country, psu_type: 'personal', service: 'AIS' });
      const answer = parse(
        aspspsSchema,
        await call('GET', `/aspsps?${query}`, 'the bank list'),
        'the bank list',
      );
      return answer.aspsps.map((bank) => ({
        name: bank.name,
        country: bank.country,
        maxConsentDays: Math.floor(bank.maximum_consent_validity / 86_400),
      }));
    },

    /** Starts the bank's consent: the person is sent to `url`, and comes back with code and state. */
    async startAuthorization(request: {
      bank: { name: string; country: string };
      validUntil: Date;
      state: string;
      redirectUrl: string;
    }): Promise<{ url: string; authorizationId: string }> {
      const answer = parse(
        authorizationSchema,
        await call('POST', '/auth', 'the authorisation', {
          access: { valid_until: request.validUntil.toISOString() },
          aspsp: request.bank,
          state: request.state,
          redirect_url: request.redirectUrl,
          psu_type: 'personal',
        }),
        'the authorisation',
      );
      return { url: answer.url, authorizationId: answer.authorization_id };
    },

    /** Opens the session the bank's consent allows, with its accounts. */
    async createSession(code: string): Promise<EnableBankingSession> {
      const answer = parse(
        sessionSchema,
        await call('POST', '/sessions', 'the session', { code }),
        'the session',
      );
      const session: EnableBankingSession = {
        sessionId: answer.session_id,
        validUntil: answer.access.valid_until,
        accounts: [],
        problems: [],
      };
      for (const raw of answer.accounts) {
        const read = readAccountResource(raw);
        if ('account' in read) session.accounts.push(read.account);
        else session.problems.push(read.problem);
      }
      return session;
    },

    async readAccountDetails(uid: string): Promise<EnableBankingAccount> {
      const read = readAccountResource(
        await call('GET', `/accounts/${encodeURIComponent(uid)}/details`, 'the account details'),
      );
      if ('problem' in read) {
        throw new BankProviderError('PROVIDER_ANSWER_INVALID', read.problem.message);
      }
      return { ...read.account, uid };
    },

    /** The account's balance Moneta compares with, or a problem saying why there is none. */
    async readBalance(uid: string) {
      const today = now().toISOString().slice(0, 10);
      return readBalances(
        await call('GET', `/accounts/${encodeURIComponent(uid)}/balances`, 'the balances'),
        today,
      );
    },

    /**
     * Every transaction from `dateFrom` on, page after page by `continuation_key`. An id that
     * comes twice for the account is a problem, as is a key that repeats (a server going round).
     */
    async readTransactions(
      account: { uid: string; providerAccountId: string },
      range: { dateFrom: string; dateTo?: string },
    ): Promise<{ transactions: ProviderTransaction[]; problems: ProviderProblem[] }> {
      const transactions: ProviderTransaction[] = [];
      const problems: ProviderProblem[] = [];
      const seenIds = new Set<string>();
      const seenKeys = new Set<string>();
      let continuationKey: string | undefined;
      for (let page = 0; page < MAX_TRANSACTION_PAGES; page += 1) {
        const query = new URLSearchParams({ date_from: range.dateFrom });
        if (range.dateTo) query.set('date_to', range.dateTo);
        if (continuationKey) query.set('continuation_key', continuationKey);
        const answer = parse(
          transactionsPageSchema,
          await call(
            'GET',
            `/accounts/${encodeURIComponent(account.uid)}/transactions?${query}`,
            'the transactions',
          ),
          'the transactions',
        );
        for (const raw of answer.transactions) {
          const read = readTransaction(raw, account.providerAccountId);
          if (!read) continue;
          if (isProblem(read)) {
            problems.push(read);
          } else if (seenIds.has(read.providerTransactionId)) {
            problems.push({
              code: 'TRANSACTION_ID_REPEATED',
              providerAccountId: account.providerAccountId,
              providerTransactionId: read.providerTransactionId,
              message: `The id ${read.providerTransactionId} came twice; the second was left out.`,
            });
          } else {
            seenIds.add(read.providerTransactionId);
            transactions.push(read);
          }
        }
        if (!answer.continuation_key) return { transactions, problems };
        if (seenKeys.has(answer.continuation_key)) break;
        seenKeys.add(answer.continuation_key);
        continuationKey = answer.continuation_key;
      }
      throw new BankProviderError(
        'PROVIDER_ANSWER_INVALID',
        'Enable Banking kept sending more pages of transactions than an account can hold.',
      );
    },

    /** Ends the session (and with it the consent) when the person disconnects. */
    async deleteSession(sessionId: string): Promise<void> {
      await call('DELETE', `/sessions/${encodeURIComponent(sessionId)}`, 'closing the session');
    },
  };
}

export type EnableBankingClient = ReturnType<typeof createEnableBankingClient>;

const errorSchema = z.object({
  message: z.string().optional(),
  error: z.string().nullish(),
  detail: z.unknown().optional(),
});

function refused(response: ProviderResponse, what: string): BankProviderError {
  let answer: z.infer<typeof errorSchema> = {};
  try {
    answer = errorSchema.parse(JSON.parse(response.body));
  } catch {
    // A body that is not the documented error shape still has its status to go by.
  }
  const providerMessages = [
    answer.message,
    typeof answer.detail === 'string' ? answer.detail : undefined,
  ]
    .filter((text): text is string => Boolean(text))
    .map((text) => text.slice(0, 500));
  const details = { status: response.status, providerMessages };
  if (answer.error && SESSION_OVER.has(answer.error)) {
    return new BankProviderError(
      'SESSION_EXPIRED',
      'The bank consent has ended or was revoked: renew it to go on syncing.',
      details,
    );
  }
  if (response.status === 401 || response.status === 403) {
    return new BankProviderError(
      'APPLICATION_REFUSED',
      'Enable Banking refused the application: check the application id and its private key, and that the application is active.',
      details,
    );
  }
  if (response.status >= 500 || response.status === 408) {
    return new BankProviderError(
      'PROVIDER_UNREACHABLE',
      `Enable Banking failed on ${what} (HTTP ${response.status}); the next sync tries again.`,
      details,
    );
  }
  return new BankProviderError(
    'PROVIDER_REFUSED',
    `Enable Banking refused ${what} (HTTP ${response.status}${answer.error ? `, ${answer.error}` : ''}).`,
    details,
  );
}
