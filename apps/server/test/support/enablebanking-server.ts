import { createHash, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, jwtVerify } from 'jose';

/**
 * An Enable Banking API for tests, written from its API reference (OpenAPI "API reference",
 * and the flow described at enablebanking.com/docs/api), not from Moneta's client:
 * - Every call carries `Authorization: Bearer <JWT>`, verified here with the application's
 *   PUBLIC key: RS256, `kid` the application id, `iss` enablebanking.com, `aud`
 *   api.enablebanking.com, `exp` at most a day after `iat`. Anything else: 401.
 * - `GET /application`, `GET /aspsps?country=`, `POST /auth` (the redirect URL must be one the
 *   application registered; `valid_until` within the bank's maximum consent), the bank's page
 *   (`GET /bank/:authorizationId`) sending the person back to the redirect URL with `code` and
 *   `state` (or `error`), `POST /sessions { code }` (each code once), `GET|DELETE
 *   /sessions/:id`, `/accounts/:uid/details|balances|transactions` with `date_from`, `date_to`
 *   and pages joined by `continuation_key`.
 * Errors are the documented ErrorResponse `{ message, code, error, detail }`.
 */
export interface EnableBankingBankAccount {
  identificationHash: string;
  /** AccountResource fields other than uid and identification_hash. */
  resource: Record<string, unknown>;
  balances: Record<string, unknown>[];
  /** Raw Transaction objects as the API sends them. */
  transactions: Record<string, unknown>[];
}

export interface EnableBankingBank {
  name: string;
  country: string;
  maximumConsentValiditySeconds: number;
  accounts: EnableBankingBankAccount[];
}

interface Session {
  id: string;
  bank: EnableBankingBank;
  validUntil: string;
  status: 'AUTHORIZED' | 'CLOSED' | 'EXPIRED' | 'REVOKED';
  uids: Map<string, EnableBankingBankAccount>;
  continuationKeys: Map<string, number>;
}

export interface EnableBankingServer {
  url: string;
  banks: EnableBankingBank[];
  /** Transactions per page, to exercise paging. */
  pageSize: number;
  /** The bank's consent page answers with this error instead of a code, when set. */
  consentError: string | undefined;
  sessions: Map<string, Session>;
  /** Every request: method, path and the JWT's verdict. */
  requests: { method: string; path: string; authorized: boolean }[];
  /** Every bearer token sent, so a test can look for them where they must not be. */
  bearerTokens: string[];
  close(): Promise<void>;
}

export interface EnableBankingServerOptions {
  applicationId: string;
  publicKey: KeyObject;
  redirectUrls: string[];
  banks: EnableBankingBank[];
  countries?: string[];
  /** A fixed port, for a server told this API's address before the test starts (e2e). */
  port?: number;
}

export async function startEnableBankingServer(
  options: EnableBankingServerOptions,
): Promise<EnableBankingServer> {
  const state: EnableBankingServer = {
    url: '',
    banks: options.banks,
    pageSize: 50,
    consentError: undefined,
    sessions: new Map(),
    requests: [],
    bearerTokens: [],
    close: async () => undefined,
  };
  const api = createEnableBankingApi(options, state);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      api
        .route(request, Buffer.concat(chunks).toString('utf8'), response)
        .catch(() => api.fail(response, 500, 'ASPSP_ERROR', 'Test server failed'));
    });
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((done, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : done()));
    });
  return state;
}

/** The API's handlers over the server's state, one function per operation. */
function createEnableBankingApi(options: EnableBankingServerOptions, state: EnableBankingServer) {
  const authorizations = new Map<
    string,
    { bank: EnableBankingBank; state: string; redirectUrl: string; validUntil: string }
  >();
  const codes = new Map<string, string>();

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }
  function fail(response: ServerResponse, status: number, error: string, message: string) {
    send(response, status, { message, code: status, error, detail: null });
  }

  async function verify(request: IncomingMessage): Promise<boolean> {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return false;
    state.bearerTokens.push(token);
    try {
      if (decodeProtectedHeader(token).kid !== options.applicationId) return false;
      const { payload } = await jwtVerify(token, options.publicKey, {
        algorithms: ['RS256'],
        issuer: 'enablebanking.com',
        audience: 'api.enablebanking.com',
        requiredClaims: ['exp', 'iat'],
      });
      return payload.exp! - payload.iat! <= 86_400;
    } catch {
      return false;
    }
  }

  function findBank(aspsp: unknown) {
    const wanted = aspsp as { name?: unknown; country?: unknown } | undefined;
    return state.banks.find(
      (bank) => bank.name === wanted?.name && bank.country === wanted?.country,
    );
  }

  function startAuth(body: Record<string, unknown>, response: ServerResponse) {
    const access = body.access as { valid_until?: unknown } | undefined;
    const bank = findBank(body.aspsp);
    if (
      typeof body.state !== 'string' ||
      typeof body.redirect_url !== 'string' ||
      typeof access?.valid_until !== 'string'
    ) {
      return fail(
        response,
        422,
        'WRONG_REQUEST_PARAMETERS',
        'access.valid_until, aspsp, state and redirect_url are required',
      );
    }
    if (!bank) return fail(response, 400, 'WRONG_ASPSP_PROVIDED', 'Unknown ASPSP');
    if (!options.redirectUrls.includes(body.redirect_url)) {
      return fail(response, 400, 'REDIRECT_URI_NOT_ALLOWED', 'Redirect URI not allowed');
    }
    const validUntil = Date.parse(access.valid_until);
    if (Number.isNaN(validUntil) || !/(Z|[+-]\d\d:\d\d)$/.test(access.valid_until)) {
      return fail(
        response,
        422,
        'WRONG_REQUEST_PARAMETERS',
        'valid_until must be RFC3339 with an offset',
      );
    }
    if (validUntil > Date.now() + bank.maximumConsentValiditySeconds * 1000 + 60_000) {
      return fail(
        response,
        422,
        'WRONG_REQUEST_PARAMETERS',
        'valid_until is beyond the maximum consent validity',
      );
    }
    const authorizationId = randomUUID();
    authorizations.set(authorizationId, {
      bank,
      state: body.state,
      redirectUrl: body.redirect_url,
      validUntil: access.valid_until,
    });
    return send(response, 200, {
      url: `${state.url}/bank/${authorizationId}`,
      authorization_id: authorizationId,
      psu_id_hash: randomBytes(8).toString('hex'),
    });
  }

  function consentPage(authorizationId: string, response: ServerResponse) {
    const authorization = authorizations.get(authorizationId);
    if (!authorization)
      return fail(response, 404, 'WRONG_REQUEST_PARAMETERS', 'Unknown authorization');
    authorizations.delete(authorizationId);
    const back = new URL(authorization.redirectUrl);
    back.searchParams.set('state', authorization.state);
    if (state.consentError) {
      back.searchParams.set('error', state.consentError);
      back.searchParams.set('error_description', 'The user cancelled the authorisation');
    } else {
      const code = randomUUID();
      codes.set(code, authorizationId);
      authorizations.set(authorizationId, authorization);
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  function createSession(body: Record<string, unknown>, response: ServerResponse) {
    const authorizationId = typeof body.code === 'string' ? codes.get(body.code) : undefined;
    const authorization = authorizationId ? authorizations.get(authorizationId) : undefined;
    if (!authorization)
      return fail(response, 400, 'WRONG_AUTHORIZATION_CODE', 'Wrong authorization code');
    codes.delete(body.code as string);
    authorizations.delete(authorizationId!);
    const session: Session = {
      id: randomUUID(),
      bank: authorization.bank,
      validUntil: authorization.validUntil,
      status: 'AUTHORIZED',
      uids: new Map(),
      continuationKeys: new Map(),
    };
    for (const account of authorization.bank.accounts) session.uids.set(randomUUID(), account);
    state.sessions.set(session.id, session);
    return send(response, 200, {
      session_id: session.id,
      accounts: [...session.uids].map(([uid, account]) => accountResource(uid, account)),
      aspsp: { name: session.bank.name, country: session.bank.country },
      psu_type: 'personal',
      access: { valid_until: session.validUntil },
    });
  }

  function accountResource(uid: string, account: EnableBankingBankAccount) {
    return {
      ...account.resource,
      uid,
      identification_hash: account.identificationHash,
      identification_hashes: [account.identificationHash],
    };
  }

  function accountData(
    uid: string,
    part: string,
    query: URLSearchParams,
    response: ServerResponse,
  ) {
    const session = [...state.sessions.values()].find((candidate) => candidate.uids.has(uid));
    if (!session) return fail(response, 404, 'ACCOUNT_DOES_NOT_EXIST', 'Account does not exist');
    if (session.status === 'AUTHORIZED' && Date.parse(session.validUntil) < Date.now())
      session.status = 'EXPIRED';
    if (session.status !== 'AUTHORIZED') {
      const error = {
        CLOSED: 'CLOSED_SESSION',
        EXPIRED: 'EXPIRED_SESSION',
        REVOKED: 'REVOKED_SESSION',
      }[session.status];
      return fail(response, 401, error, `Session is ${session.status.toLowerCase()}`);
    }
    const account = session.uids.get(uid)!;
    if (part === 'details') return send(response, 200, accountResource(uid, account));
    if (part === 'balances') return send(response, 200, { balances: account.balances });
    return transactionsPage(session, account, query, response);
  }

  function transactionsPage(
    session: Session,
    account: EnableBankingBankAccount,
    query: URLSearchParams,
    response: ServerResponse,
  ) {
    const dateFrom = query.get('date_from');
    const dateTo = query.get('date_to');
    const today = new Date().toISOString().slice(0, 10);
    if (dateTo && !dateFrom)
      return fail(response, 422, 'DATE_TO_WITHOUT_DATE_FROM', 'date_to without date_from');
    if (dateFrom && dateFrom > today)
      return fail(response, 422, 'DATE_FROM_IN_FUTURE', 'date_from is in the future');
    const key = query.get('continuation_key');
    let offset = 0;
    if (key !== null) {
      const known = session.continuationKeys.get(key);
      if (known === undefined)
        return fail(response, 400, 'WRONG_CONTINUATION_KEY', 'Wrong continuation key');
      offset = known;
    }
    const day = (transaction: Record<string, unknown>) =>
      String(
        transaction.booking_date ?? transaction.value_date ?? transaction.transaction_date ?? today,
      );
    const chosen = account.transactions.filter(
      (transaction) =>
        (!dateFrom || day(transaction) >= dateFrom) && (!dateTo || day(transaction) <= dateTo),
    );
    const page = chosen.slice(offset, offset + state.pageSize);
    let continuationKey: string | null = null;
    if (offset + state.pageSize < chosen.length) {
      continuationKey = createHash('sha256')
        .update(`${session.id}:${offset}:${randomUUID()}`)
        .digest('hex');
      session.continuationKeys.set(continuationKey, offset + state.pageSize);
    }
    return send(response, 200, { transactions: page, continuation_key: continuationKey });
  }

  async function route(request: IncomingMessage, body: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    const bankPage = /^\/bank\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && bankPage) return consentPage(bankPage[1]!, response);
    const authorized = await verify(request);
    state.requests.push({ method, path: url.pathname, authorized });
    if (!authorized) return fail(response, 401, 'UNAUTHORIZED_ACCESS', 'Invalid JWT');
    let json: Record<string, unknown> = {};
    if (body) {
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return fail(response, 422, 'WRONG_REQUEST_PARAMETERS', 'Body is not JSON');
      }
    }
    const session = /^\/sessions\/([^/]+)$/.exec(url.pathname);
    const account = /^\/accounts\/([^/]+)\/(details|balances|transactions)$/.exec(url.pathname);
    if (method === 'GET' && url.pathname === '/application') {
      return send(response, 200, {
        name: 'Moneta test',
        kid: options.applicationId,
        environment: 'PRODUCTION',
        redirect_urls: options.redirectUrls,
        active: true,
        countries: options.countries ?? [...new Set(state.banks.map((bank) => bank.country))],
        services: ['AIS'],
      });
    }
    if (method === 'GET' && url.pathname === '/aspsps') {
      const country = url.searchParams.get('country');
      return send(response, 200, {
        aspsps: state.banks
          .filter((bank) => !country || bank.country === country)
          .map((bank) => ({
            name: bank.name,
            country: bank.country,
            logo: `${state.url}/logo.png`,
            psu_types: ['personal'],
            auth_methods: [],
            maximum_consent_validity: bank.maximumConsentValiditySeconds,
            beta: false,
          })),
      });
    }
    if (method === 'POST' && url.pathname === '/auth') return startAuth(json, response);
    if (method === 'POST' && url.pathname === '/sessions') return createSession(json, response);
    if (session) {
      const found = state.sessions.get(session[1]!);
      if (!found) return fail(response, 404, 'SESSION_DOES_NOT_EXIST', 'Session does not exist');
      if (method === 'DELETE') {
        found.status = 'CLOSED';
        return send(response, 200, { message: 'OK' });
      }
      return send(response, 200, { status: found.status, accounts: [...found.uids.keys()] });
    }
    if (method === 'GET' && account)
      return accountData(account[1]!, account[2]!, url.searchParams, response);
    return fail(response, 404, 'WRONG_REQUEST_PARAMETERS', 'Not found');
  }

  return { route, fail };
}
