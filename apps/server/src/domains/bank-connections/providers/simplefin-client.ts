import {
  providerRequest,
  readJson,
  readProviderUrl,
  type OutboundPolicy,
  type ProviderResponse,
} from './provider-http';
import { BankProviderError } from './provider-types';
import type { RequestBudget } from './request-budget';
import { readSimplefinAccountSet, type SimplefinAccountSet } from './simplefin-account-set';

/** The bridge's longest transaction window; a longer one is refused or cut by the bridge. */
export const SIMPLEFIN_MAX_WINDOW_DAYS = 90;
/** The bridge's daily allowance of /accounts requests per access URL. */
export const SIMPLEFIN_REQUESTS_PER_DAY = 24;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SimplefinOptions {
  policy: OutboundPolicy;
  now?: () => Date;
  timeoutMs?: number;
}

/**
 * The claim URL inside a setup token: the token is the Base64 of it (protocol, "Claim the
 * Access URL"). Whitespace a paste brings along is ignored; anything else that is not Base64
 * of an http(s) URL is SETUP_TOKEN_INVALID.
 */
export function readSetupToken(token: string, policy: OutboundPolicy): URL {
  const compact = token.replace(/\s+/g, '');
  const invalid = () =>
    new BankProviderError(
      'SETUP_TOKEN_INVALID',
      'This is not a SimpleFIN setup token: paste the whole token the bridge showed (a long line of letters and digits).',
    );
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) throw invalid();
  const decoded = Buffer.from(compact, 'base64').toString('utf8');
  if (!/^https?:\/\/[\x21-\x7e]+$/.test(decoded)) throw invalid();
  try {
    return readProviderUrl(decoded, policy);
  } catch (error) {
    if (error instanceof BankProviderError && error.code === 'PRIVATE_ADDRESS_REFUSED') throw error;
    throw invalid();
  }
}

/**
 * Claims the access URL once (POST to the claim URL). The answer is a URL holding Basic
 * credentials: a secret from here on, never logged and never in an error.
 */
export async function claimAccessUrl(
  setupToken: string,
  options: SimplefinOptions,
): Promise<string> {
  const claimUrl = readSetupToken(setupToken, options.policy);
  const response = await providerRequest(
    { method: 'POST', url: claimUrl, timeoutMs: options.timeoutMs, maxBytes: 64 * 1024 },
    options.policy,
  );
  if (response.status === 403) {
    throw new BankProviderError(
      'SETUP_TOKEN_USED',
      'This setup token was already used or is unknown: make a new one at the bridge. If you did not use it, it may be compromised: disable it there.',
      { status: 403 },
    );
  }
  if (response.status !== 200) throw refused(response, 'the claim');
  const accessUrl = response.body.trim();
  let url: URL;
  try {
    url = readProviderUrl(accessUrl, options.policy);
  } catch {
    throw new BankProviderError(
      'PROVIDER_ANSWER_INVALID',
      'The SimpleFIN server answered the claim with something that is not an access URL.',
    );
  }
  if (!url.username || !url.password) {
    throw new BankProviderError(
      'PROVIDER_ANSWER_INVALID',
      'The access URL the SimpleFIN server answered holds no credentials.',
    );
  }
  return accessUrl;
}

export interface SimplefinClient {
  /** The accounts and their balances only (balances-only=1): one request. */
  readBalances(accountIds?: string[]): Promise<SimplefinAccountSet>;
  /**
   * Transactions posted from `from` (inclusive) to `to` (exclusive), pending ones included,
   * in windows of at most 90 days, one request each; refused before the first request when
   * the budget cannot pay for all of them, so a sync never stops half way for want of it.
   */
  readTransactions(range: {
    from: Date;
    to: Date;
    accountIds?: string[];
  }): Promise<SimplefinAccountSet>;
}

export function createSimplefinClient(
  accessUrl: string,
  budget: RequestBudget,
  options: SimplefinOptions,
): SimplefinClient {
  const now = options.now ?? (() => new Date());
  const base = readProviderUrl(accessUrl, options.policy);

  async function readAccounts(query: URLSearchParams): Promise<SimplefinAccountSet> {
    const url = new URL(base);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/accounts`;
    url.search = query.toString();
    budget.spend();
    const response = await providerRequest(
      { method: 'GET', url, timeoutMs: options.timeoutMs },
      options.policy,
    );
    if (response.status === 402) {
      throw new BankProviderError(
        'PAYMENT_REQUIRED',
        'The SimpleFIN Bridge asks for a payment: settle it at the bridge, then sync again.',
        { status: 402 },
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new BankProviderError(
        'ACCESS_REVOKED',
        "The SimpleFIN Bridge no longer accepts Moneta's access (it was revoked or replaced): make a new setup token and paste it.",
        { status: response.status },
      );
    }
    if (response.status !== 200) throw refused(response, 'the accounts request');
    return readSimplefinAccountSet(readJson(response, 'the accounts request'), now());
  }

  const withAccounts = (query: URLSearchParams, accountIds: string[] = []) => {
    for (const id of accountIds) query.append('account', id);
    return query;
  };

  return {
    readBalances: (accountIds) =>
      readAccounts(withAccounts(new URLSearchParams({ 'balances-only': '1' }), accountIds)),

    async readTransactions({ from, to, accountIds }) {
      const windows = splitWindows(from, to);
      if (budget.remaining() < windows.length) {
        throw new BankProviderError(
          'REQUEST_BUDGET_SPENT',
          `Reading these ${windows.length} windows of 90 days needs more requests than the ${budget.remaining()} left today; the sync waits for the budget.`,
        );
      }
      const sets: SimplefinAccountSet[] = [];
      for (const window of windows) {
        const query = new URLSearchParams({
          'start-date': String(Math.floor(window.from.getTime() / 1000)),
          'end-date': String(Math.floor(window.to.getTime() / 1000)),
          pending: '1',
        });
        sets.push(await readAccounts(withAccounts(query, accountIds)));
      }
      return mergeAccountSets(sets);
    },
  };
}

/** [from, to) cut into windows of at most 90 days, oldest first. */
export function splitWindows(from: Date, to: Date): { from: Date; to: Date }[] {
  const windows: { from: Date; to: Date }[] = [];
  let start = from.getTime();
  const end = to.getTime();
  while (start < end) {
    const stop = Math.min(end, start + SIMPLEFIN_MAX_WINDOW_DAYS * DAY_MS);
    windows.push({ from: new Date(start), to: new Date(stop) });
    start = stop;
  }
  return windows;
}

/**
 * One account set from several windows: the newest window's accounts and balances, every
 * transaction once (a pending row can come in each window; the posted or newest copy wins).
 */
function mergeAccountSets(sets: SimplefinAccountSet[]): SimplefinAccountSet {
  const accounts = new Map<string, SimplefinAccountSet['accounts'][number]>();
  const transactions = new Map<string, SimplefinAccountSet['transactions'][number]>();
  for (const set of sets) {
    for (const account of set.accounts) accounts.set(account.providerAccountId, account);
    for (const transaction of set.transactions) {
      const key = JSON.stringify([
        transaction.providerAccountId,
        transaction.providerTransactionId,
      ]);
      const known = transactions.get(key);
      if (!known || known.isPending || !transaction.isPending) transactions.set(key, transaction);
    }
  }
  return {
    accounts: [...accounts.values()],
    transactions: [...transactions.values()],
    errors: [...new Set(sets.flatMap((set) => set.errors))],
    problems: sets.flatMap((set) => set.problems),
  };
}

function refused(response: ProviderResponse, what: string): BankProviderError {
  if (response.status >= 500) {
    return new BankProviderError(
      'PROVIDER_UNREACHABLE',
      `The SimpleFIN server failed on ${what} (HTTP ${response.status}); the next sync tries again.`,
      { status: response.status },
    );
  }
  return new BankProviderError(
    'PROVIDER_REFUSED',
    `The SimpleFIN server refused ${what} (HTTP ${response.status}).`,
    { status: response.status },
  );
}
