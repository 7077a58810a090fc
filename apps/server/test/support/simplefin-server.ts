import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A SimpleFIN server for tests, written from the SimpleFIN protocol (version 1.0.7) and the
 * SimpleFIN Bridge's developer guide, not from Moneta's client:
 * - `POST /claim/:token` answers an Access URL (a URL holding Basic credentials) once; a token
 *   that is unknown or already claimed answers 403.
 * - `GET /accounts` needs those credentials (else 403), answers 402 while payment is due and
 *   403 once access is revoked; it honours `start-date` (on or after), `end-date` (before, not
 *   on), `pending=1` (pending rows are left out without it), `balances-only=1` and repeated
 *   `account` ids, and answers an Account Set `{ errors, accounts }`.
 * - `GET /info` answers the versions.
 * The raw accounts are the protocol's JSON, so a test can also send what the protocol forbids.
 */
export interface SimplefinRawTransaction {
  id?: unknown;
  posted?: unknown;
  amount?: unknown;
  description?: unknown;
  pending?: boolean;
  transacted_at?: number;
  [extra: string]: unknown;
}

export interface SimplefinRawAccount {
  org?: unknown;
  id?: unknown;
  name?: unknown;
  currency?: unknown;
  balance?: unknown;
  'balance-date'?: unknown;
  transactions?: SimplefinRawTransaction[];
  [extra: string]: unknown;
}

export interface AccountsRequest {
  query: URLSearchParams;
  at: Date;
}

export interface SimplefinServer {
  /** A new single-use setup token: the Base64 of this server's claim URL. */
  newSetupToken(): string;
  /** The server's root, e.g. http://127.0.0.1:1234/simplefin. */
  root: string;
  accounts: SimplefinRawAccount[];
  /** The Account Set's `errors`: words for the person. */
  errors: string[];
  /** 402 on every /accounts request while true. */
  paymentDue: boolean;
  /** Every access URL claimed so far stops working. */
  revokeAll(): void;
  /** Answered instead of the Account Set when set (a server that breaks the protocol). */
  rawAnswer: string | undefined;
  accountsRequests: AccountsRequest[];
  claims: { token: string; status: number }[];
  close(): Promise<void>;
}

function epochParam(query: URLSearchParams, name: string): number | undefined | 'bad' {
  const value = query.get(name);
  if (value === null) return undefined;
  return /^\d+$/.test(value) ? Number(value) : 'bad';
}

export async function startSimplefinServer(
  accounts: SimplefinRawAccount[] = [],
): Promise<SimplefinServer> {
  const tokens = new Map<string, 'open' | 'claimed'>();
  const credentials = new Map<string, 'active' | 'revoked'>();
  let root = '';

  const state: SimplefinServer = {
    newSetupToken() {
      const token = randomBytes(12).toString('hex');
      tokens.set(token, 'open');
      return Buffer.from(`${root}/claim/${token}`).toString('base64');
    },
    root: '',
    accounts,
    errors: [],
    paymentDue: false,
    revokeAll() {
      for (const key of credentials.keys()) credentials.set(key, 'revoked');
    },
    rawAnswer: undefined,
    accountsRequests: [],
    claims: [],
    close: async () => undefined,
  };

  function send(response: ServerResponse, status: number, body: string, type = 'application/json') {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  }

  function claim(token: string, response: ServerResponse) {
    if (tokens.get(token) !== 'open') {
      state.claims.push({ token, status: 403 });
      return send(response, 403, 'Forbidden', 'text/plain');
    }
    tokens.set(token, 'claimed');
    const user = randomBytes(6).toString('hex');
    const password = randomBytes(12).toString('hex');
    credentials.set(`${user}:${password}`, 'active');
    state.claims.push({ token, status: 200 });
    const url = new URL(root);
    url.username = user;
    url.password = password;
    return send(response, 200, url.toString(), 'text/plain');
  }

  function readAccounts(
    request: IncomingMessage,
    query: URLSearchParams,
    response: ServerResponse,
  ) {
    const authorization = request.headers.authorization ?? '';
    const basic = /^Basic (.+)$/.exec(authorization);
    const pair = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
    if (credentials.get(pair) !== 'active') return send(response, 403, 'Forbidden', 'text/plain');
    state.accountsRequests.push({ query, at: new Date() });
    if (state.paymentDue) return send(response, 402, 'Payment Required', 'text/plain');
    if (state.rawAnswer !== undefined) return send(response, 200, state.rawAnswer);
    const start = epochParam(query, 'start-date');
    const end = epochParam(query, 'end-date');
    if (start === 'bad' || end === 'bad') return send(response, 400, 'Bad date', 'text/plain');
    const wanted = query.getAll('account');
    const withPending = query.get('pending') === '1';
    const balancesOnly = query.get('balances-only') === '1';
    const inRange = (time: number) =>
      (start === undefined || time >= start) && (end === undefined || time < end);
    const answered = state.accounts
      .filter((account) => wanted.length === 0 || wanted.includes(account.id as string))
      .map(({ transactions = [], ...account }) => {
        if (balancesOnly) return account;
        const chosen = transactions.filter((transaction) => {
          if (transaction.pending === true) {
            if (!withPending) return false;
            const time = Number(transaction.transacted_at ?? transaction.posted ?? 0);
            return time === 0 || inRange(time);
          }
          return typeof transaction.posted !== 'number' || inRange(transaction.posted);
        });
        return { ...account, transactions: chosen };
      });
    return send(response, 200, JSON.stringify({ errors: state.errors, accounts: answered }));
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const claimPath = /^\/simplefin\/claim\/([^/]+)$/.exec(url.pathname);
    request.resume();
    request.on('end', () => {
      if (request.method === 'POST' && claimPath) return claim(claimPath[1]!, response);
      if (request.method === 'GET' && url.pathname === '/simplefin/accounts') {
        return readAccounts(request, url.searchParams, response);
      }
      if (request.method === 'GET' && url.pathname === '/simplefin/info') {
        return send(response, 200, JSON.stringify({ versions: ['1.0'] }));
      }
      return send(response, 404, 'Not Found', 'text/plain');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  root = `http://127.0.0.1:${port}/simplefin`;
  state.root = root;
  state.close = () =>
    new Promise<void>((done, fail) => {
      server.closeAllConnections();
      server.close((error) => (error ? fail(error) : done()));
    });
  return state;
}
