import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  signUp,
  TEST_CONFIG,
  TEST_JWT_SECRET,
  type SignedUpUser,
  type TestContext,
} from '../test-app';
import { reportFigure } from './report';

let context: TestContext;
let alice: SignedUpUser;
let bob: SignedUpUser;
const secret = new TextEncoder().encode(TEST_JWT_SECRET);
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  context = await createTestApp();
  alice = await signUp(context.app, { setup: true });
  bob = await signUp(context.app, { setup: true });
});
afterAll(async () => {
  await context.close();
});

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const parts = (token: string) => token.split('.') as [string, string, string];
const claims = (token: string) =>
  JSON.parse(Buffer.from(parts(token)[1], 'base64url').toString()) as Record<string, unknown>;

/** A token as the server makes them, with the given changes. */
function sign(
  options: {
    sub?: string;
    sid?: string;
    iss?: string;
    exp?: number;
    nbf?: number;
    alg?: string;
  } = {},
  key: Uint8Array | ReturnType<typeof generateKeyPairSync>['privateKey'] = secret,
) {
  // Alice's own session unless told otherwise, so that each token fails for its one reason.
  const sid = options.sid ?? claims(alice.token).sid;
  const jwt = new SignJWT(sid === '' ? {} : { sid })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(options.exp ?? now() + 3600);
  if (options.sub !== '') jwt.setSubject(options.sub ?? alice.id);
  if (options.iss !== '') jwt.setIssuer(options.iss ?? 'moneta');
  if (options.nbf) jwt.setNotBefore(options.nbf);
  return jwt.sign(key);
}

async function forgedTokens(): Promise<Record<string, string>> {
  const [header, payload, signature] = parts(alice.token);
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const asBob = b64({ ...claims(alice.token), sub: bob.id });
  const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
  return {
    'expired an hour ago': await sign({ exp: now() - 3600 }),
    'not valid before tomorrow': await sign({ nbf: now() + 86_400 }),
    'payload changed to another user, signature kept': `${header}.${asBob}.${signature}`,
    'payload changed to a later expiry': `${header}.${b64({ ...claims(alice.token), exp: now() + 10 ** 9 })}.${signature}`,
    'signature changed': `${header}.${payload}.${flipped}`,
    'signature removed': `${header}.${payload}.`,
    'alg none, no signature': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'alg none, signature kept': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
    'alg NONE in capitals': `${b64({ alg: 'NONE', typ: 'JWT' })}.${payload}.`,
    'HS512 with the right secret': await sign({ alg: 'HS512' }),
    'HS384 with the right secret': await sign({ alg: 'HS384' }),
    'RS256 signed with a generated key': await sign({ alg: 'RS256' }, rsa.privateKey),
    'HS256 keyed with an RSA public key (key confusion)': await sign(
      {},
      new TextEncoder().encode(publicPem),
    ),
    'RS256 header over an HS256 signature': `${b64({ alg: 'RS256', typ: 'JWT' })}.${payload}.${signature}`,
    'another secret': await sign({}, new TextEncoder().encode('x'.repeat(64))),
    'wrong issuer': await sign({ iss: 'someone-else' }),
    'no issuer': await sign({ iss: '' }),
    'no subject': await sign({ sub: '' }),
    'subject that is not an id': await sign({ sub: "' OR '1'='1" }),
    'subject of no user': await sign({ sub: '01900000-0000-7000-8000-000000000000' }),
    'no session (as issued before sessions existed)': await sign({ sid: '' }),
    'a session that does not exist': await sign({ sid: '01900000-0000-7000-8000-000000000000' }),
    'a session that is not an id': await sign({ sid: "' OR 1=1 --" }),
    "Bob's session with Alice as subject": await sign({ sid: String(claims(bob.token).sid) }),
    'header with an embedded jwk': `${b64({ alg: 'HS256', jwk: { kty: 'oct', k: 'AAAA' } })}.${payload}.${signature}`,
    'two dots only': '..',
    'four parts': `${alice.token}.extra`,
    garbage: 'not-a-token',
    'base64 garbage': `${b64('{{{')}.${b64('}}}')}.${b64('x')}`,
    'huge token': 'a'.repeat(8000),
  };
}

const me = (authorization: string | undefined) =>
  context.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: authorization === undefined ? {} : { authorization },
  });

describe('tokens', () => {
  it('answers 401 with a JSON message to every forged, altered or expired token', async () => {
    expect((await me(alice.headers.authorization)).statusCode).toBe(200);
    // The forging helper's own token, unchanged, is valid: each forgery fails for its change.
    expect((await me(`Bearer ${await sign()}`)).statusCode).toBe(200);
    const tokens = await forgedTokens();
    for (const [name, token] of Object.entries(tokens)) {
      for (const url of ['/api/auth/me', '/api/transactions', '/api/receipts']) {
        const response = await context.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode, `${name} on ${url}: ${response.body}`).toBe(401);
        expect(response.json().message).toEqual(expect.any(String));
      }
    }
    reportFigure(`tokens: ${Object.keys(tokens).length} forged tokens, each on 3 routes, all 401`);
  });

  it.each([
    ['no header', undefined],
    ['empty', ''],
    ['"Bearer" alone', 'Bearer'],
    ['"Bearer " and spaces', 'Bearer    '],
    ['the token without "Bearer"', 'TOKEN'],
    ['another scheme', 'Basic TOKEN'],
    ['"Bearer" twice', 'Bearer Bearer TOKEN'],
    ['two tokens', 'Bearer TOKEN TOKEN'],
    ['"Bearer:" with a colon', 'Bearer:TOKEN'],
  ])('answers 401 for an Authorization header with %s', async (_case, header) => {
    const response = await me(header?.replaceAll('TOKEN', alice.token));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('answers 401 to the token of a deleted user, on every protected route', async () => {
    const gone = await signUp(context.app, { setup: true });
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: '/api/users/account',
      headers: gone.headers,
    });
    expect(deleted.statusCode).toBe(200);
    for (const url of ['/api/auth/me', '/api/transactions', '/api/budgets', '/api/receipts']) {
      const response = await context.app.inject({ method: 'GET', url, headers: gone.headers });
      expect(response.statusCode, url).toBe(401);
    }
    const again = await context.app.inject({
      method: 'DELETE',
      url: '/api/users/account',
      headers: gone.headers,
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('login brute force', () => {
  it('throttles guesses at one account from one address (any spelling of the e-mail), not its owner elsewhere', async () => {
    const limit = TEST_CONFIG.LOGIN_RATE_LIMIT;
    const victim = await signUp(context.app, { setup: true });
    const attempt = (email: string, password: string, remoteAddress: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email, password },
      });
    // Case and spaces must not make a new counter.
    const spellings = [victim.email, victim.email.toUpperCase(), ` ${victim.email} `];
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) {
      const response = await attempt(spellings[i % 3]!, `Guess#${i}x`, '203.0.113.7');
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(401));
    expect(statuses.slice(limit)).toEqual(Array(5).fill(429));

    const blocked = await attempt(victim.email, GOOD_PASSWORD, '203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(blocked.headers['retry-after']).toBeDefined();
    // The owner, from her own address, signs in.
    const owner = await attempt(victim.email, GOOD_PASSWORD, '198.51.100.23');
    expect(owner.statusCode).toBe(200);
    reportFigure(`login brute force: ${limit} guesses then 429; owner from another address 200`);
  });
});

describe('password spraying', () => {
  it('throttles one address trying one password on many accounts, and no other address', async () => {
    const ceiling = TEST_CONFIG.LOGIN_RATE_LIMIT * 10;
    const spray = (i: number, remoteAddress = '203.0.113.99') =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: `sprayed-${i}@moneta.dev`, password: 'Summer2026!' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < ceiling + 3; i++) statuses.push((await spray(i)).statusCode);
    expect(statuses.slice(0, ceiling)).toEqual(Array(ceiling).fill(401));
    expect(statuses.slice(ceiling)).toEqual([429, 429, 429]);
    const blocked = await spray(0);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address is not affected, and neither is a real user signing in from it.
    expect((await spray(0, '198.51.100.99')).statusCode).toBe(401);
    const owner = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.99',
      payload: { email: alice.email, password: GOOD_PASSWORD },
    });
    expect(owner.statusCode).toBe(200);
    reportFigure(`password spraying: ${ceiling} accounts tried from one address, then 429`);
  }, 60_000);
});

describe('login timing', () => {
  /** Wrong password vs unknown e-mail, 30 attempts each, interleaved; medians in ms. */
  async function measureRound(app: TestContext['app'], email: string) {
    const login = async (address: string) => {
      const started = process.hrtime.bigint();
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: address, password: 'Wrong#1234' },
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(response.statusCode).toBe(401);
      return { ms, body: response.body };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    // Interleaved, taking turns at going first, so that a slow moment on a shared machine
    // (or the garbage collector after the previous request) hits both sides alike.
    for (let i = 0; i < 30; i++) {
      const stranger = `nobody-${i}-${Math.random().toString(36).slice(2)}@moneta.dev`;
      const noAccountFirst = i % 2 === 1 ? await login(stranger) : undefined;
      const wrongPassword = await login(email);
      const noAccount = noAccountFirst ?? (await login(stranger));
      known.push(wrongPassword.ms);
      unknown.push(noAccount.ms);
      bodies.add(wrongPassword.body).add(noAccount.body);
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return (sorted[14]! + sorted[15]!) / 2;
    };
    const [wrongPassword, unknownEmail] = [median(known), median(unknown)];
    const difference =
      Math.abs(wrongPassword - unknownEmail) / Math.max(wrongPassword, unknownEmail);
    return { wrongPassword, unknownEmail, difference, bodies };
  }

  it('spends the same time on an unknown e-mail as on a wrong password (medians within 20%)', async () => {
    const timed = await createTestApp({
      config: { ...TEST_CONFIG, LOGIN_RATE_LIMIT: 1_000_000 },
    });
    try {
      const user = await signUp(timed.app, { setup: true });
      // Warm up both paths (the dummy hash is made on first use).
      await measureRound(timed.app, user.email);
      // Without the dummy hash an unknown e-mail answers ~10x faster (a 90% difference) in
      // every round. What a second round can absorb is noise: the machine is shared, and a
      // burst of load during one side's samples can move a median by 20% on its own.
      let round = await measureRound(timed.app, user.email);
      for (let retry = 0; retry < 2 && round.difference >= 0.2; retry++) {
        reportFigure(
          `login timing round over 20% (${(round.difference * 100).toFixed(1)}%), measuring again`,
        );
        round = await measureRound(timed.app, user.email);
      }
      reportFigure(
        `login timing over 30 attempts each: wrong password median ${round.wrongPassword.toFixed(1)} ms, ` +
          `unknown e-mail median ${round.unknownEmail.toFixed(1)} ms, difference ${(round.difference * 100).toFixed(1)}%`,
      );
      expect(round.bodies.size, 'one reply for both').toBe(1);
      expect(round.difference).toBeLessThan(0.2);
    } finally {
      await timed.close();
    }
  }, 60_000);
});
