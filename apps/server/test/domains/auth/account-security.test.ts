// Account security (docs/architecture.md, Security) through the HTTP API: password change,
// sessions, two-factor sign-in, API tokens and security events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../../src/domains/two-factor/totp';
import { buildApp } from '../../../src/app';
import { apiCalls, type Caller } from '../../support/api-calls';
import {
  challengeFor,
  createApiToken,
  enableTwoFactor,
  login,
  secondFactor,
  STEP_MS,
  testClock,
} from '../../support/account-security';
import {
  createTestApp,
  GOOD_PASSWORD,
  signUp,
  TEST_CONFIG,
  TEST_JWT_SECRET,
  type SignedUpUser,
  type TestContext,
} from '../../test-app';

let context: TestContext;
const clock = testClock();

beforeAll(async () => {
  context = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  await context.close();
});

const { call } = apiCalls(() => context.app);
const bearer = (token: string): Caller => ({ headers: { authorization: `Bearer ${token}` } });
const me = (caller: Caller) => call(caller, 'GET', '/api/auth/me');

async function eventTypes(user: SignedUpUser): Promise<string[]> {
  const response = await call(user, 'GET', '/api/auth/events');
  expect(response.statusCode).toBe(200);
  return response.json<Array<{ type: string }>>().map((event) => event.type);
}

describe('sessions', () => {
  it('lists each sign-in as a session, marks the current one, and ends one or all others', async () => {
    const user = await signUp(context.app);
    const second = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': 'Firefox on the laptop' },
      payload: { email: user.email, password: GOOD_PASSWORD },
    });
    const third = await login(context.app, user.email);
    const secondSession = bearer(second.json().token);
    const thirdSession = bearer(third.json().token);

    const list = await call(user, 'GET', '/api/auth/sessions');
    expect(list.statusCode).toBe(200);
    const sessions =
      list.json<Array<{ _id: string; current: boolean; userAgent: string | null }>>();
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.userAgent)).toContain('Firefox on the laptop');
    expect(list.body).not.toContain(user.token);

    // End the laptop's session from the first one: its token is refused at once.
    const laptop = sessions.find((session) => session.userAgent === 'Firefox on the laptop')!;
    const ended = await call(user, 'DELETE', `/api/auth/sessions/${laptop._id}`);
    expect(ended.statusCode).toBe(200);
    expect((await me(secondSession)).statusCode).toBe(401);
    expect((await me(secondSession)).json().code).toBe('INVALID_TOKEN');
    expect((await call(user, 'DELETE', `/api/auth/sessions/${laptop._id}`)).statusCode).toBe(404);

    // Sign out everywhere else: the third ends, the caller stays.
    const others = await call(user, 'DELETE', '/api/auth/sessions');
    expect(others.json()).toMatchObject({ ended: 1 });
    expect((await me(thirdSession)).statusCode).toBe(401);
    expect((await me(user)).statusCode).toBe(200);
    expect(await eventTypes(user)).toEqual(expect.arrayContaining(['sign-in', 'session-ended']));
  });

  it('POST /auth/logout ends the current session only', async () => {
    const user = await signUp(context.app);
    const other = bearer((await login(context.app, user.email)).json().token);
    const logout = await call(user, 'POST', '/api/auth/logout');
    expect(logout.statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(401);
    expect((await call(user, 'POST', '/api/auth/logout')).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('refuses an ended session on another instance within a second', async () => {
    const database = context.database;
    const other = await buildApp({
      config: TEST_CONFIG,
      jwtSecret: TEST_JWT_SECRET,
      db: database.db,
    });
    await other.ready();
    const onOther = apiCalls(() => other);
    try {
      const user = await signUp(context.app);
      const victim = bearer((await login(context.app, user.email)).json().token);
      // The other instance has just seen (and remembers) the session.
      expect((await onOther.call(victim, 'GET', '/api/auth/me')).statusCode).toBe(200);
      const { _id } = (await call(user, 'GET', '/api/auth/sessions'))
        .json<Array<{ _id: string; current: boolean }>>()
        .find((session) => !session.current)!;
      await call(user, 'DELETE', `/api/auth/sessions/${_id}`);
      const ended = performance.now();
      let refusedAfterMs = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 40; attempt++) {
        const response = await onOther.call(victim, 'GET', '/api/transactions');
        if (response.statusCode === 401) {
          refusedAfterMs = performance.now() - ended;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(refusedAfterMs).toBeLessThan(1100);
    } finally {
      await other.close();
    }
  });
});

describe('PUT /auth/password', () => {
  it('changes the password, ends every session and answers a new token', async () => {
    const user = await signUp(context.app);
    const other = bearer((await login(context.app, user.email)).json().token);
    const newPassword = 'Changed#456';
    const response = await call(user, 'PUT', '/api/auth/password', {
      currentPassword: GOOD_PASSWORD,
      newPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: user.id, email: user.email });
    const fresh = bearer(response.json().token);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user)).statusCode).toBe(401);
    expect((await login(context.app, user.email)).statusCode).toBe(401);
    expect((await login(context.app, user.email, newPassword)).statusCode).toBe(200);
    const types = (await call(fresh, 'GET', '/api/auth/events')).json<Array<{ type: string }>>();
    expect(types.map((event) => event.type)).toContain('password-changed');
  });

  it.each([
    [{ currentPassword: GOOD_PASSWORD, newPassword: 'short1!' }, 400],
    [{ currentPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD }, 400],
    [{ currentPassword: '', newPassword: 'Changed#456' }, 400],
    [{ newPassword: 'Changed#456' }, 400],
  ])('refuses %j with %i', async (payload, status) => {
    const user = await signUp(context.app);
    const response = await call(user, 'PUT', '/api/auth/password', payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toEqual(expect.any(String));
    expect((await login(context.app, user.email)).statusCode).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  it('sets up with a QR URL, turns on with a code, then asks for a code at every sign-in', async () => {
    const user = await signUp(context.app);
    const before = await call(user, 'GET', '/api/auth/2fa');
    expect(before.json()).toEqual({ enabled: false, backupCodesLeft: 0 });

    const setup = await call(user, 'POST', '/api/auth/2fa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Moneta:.+\?.*secret=/);
    expect(otpauthUrl).toContain(encodeURIComponent(user.email));
    // Not on yet: sign-in still gives a token.
    expect((await login(context.app, user.email)).json().token).toEqual(expect.any(String));

    const wrong = await call(user, 'POST', '/api/auth/2fa/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const enabled = await call(user, 'POST', '/api/auth/2fa/enable', {
      code: totpCode(secret, clock.ms()),
    });
    expect(enabled.statusCode).toBe(200);
    const { backupCodes } = enabled.json<{ backupCodes: string[] }>();
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect((await call(user, 'GET', '/api/auth/2fa')).json()).toEqual({
      enabled: true,
      backupCodesLeft: 10,
    });
    expect((await call(user, 'POST', '/api/auth/2fa/setup')).statusCode).toBe(409);
    clock.advance(STEP_MS);

    // Password right: a challenge and no token.
    const first = await login(context.app, user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.body).not.toContain('token');
    const signedIn = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: {
        challenge: first.json().challenge,
        code: totpCode(secret, clock.ms()),
        timeZone: 'Asia/Tokyo',
      },
    });
    expect(signedIn.statusCode).toBe(200);
    // The time zone is kept only once the second factor is given.
    expect(signedIn.json()).toMatchObject({
      _id: user.id,
      token: expect.any(String),
      timeZone: 'Asia/Tokyo',
    });
    expect((await me(bearer(signedIn.json().token))).statusCode).toBe(200);

    // A backup code, typed in lower case with spaces, works once.
    const backup = await secondFactor(
      context.app,
      await challengeFor(context.app, user.email),
      ` ${backupCodes[0]!.toLowerCase().replace('-', ' ')} `,
    );
    expect(backup.statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/auth/2fa')).json().backupCodesLeft).toBe(9);

    // Turning it off needs the password and a code.
    clock.advance(STEP_MS);
    const wrongPassword = await call(user, 'POST', '/api/auth/2fa/disable', {
      password: 'Wrong#123',
      code: totpCode(secret, clock.ms()),
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().code).toBe('WRONG_PASSWORD');
    const off = await call(user, 'POST', '/api/auth/2fa/disable', {
      password: GOOD_PASSWORD,
      code: totpCode(secret, clock.ms()),
    });
    expect(off.statusCode).toBe(200);
    expect((await login(context.app, user.email)).json().token).toEqual(expect.any(String));
    const types = await eventTypes(user);
    expect(types).toEqual(expect.arrayContaining(['two-factor-enabled', 'two-factor-disabled']));
  });

  it('keeps a challenge alive through a typo, and takes a code of the next step (a clock ahead)', async () => {
    const user = await signUp(context.app);
    const { secret } = await enableTwoFactor(context.app, user, clock);
    const challenge = await challengeFor(context.app, user.email);
    expect((await secondFactor(context.app, challenge, '123456')).statusCode).toBe(401);
    // The step before is the one that turned two-factor on: used.
    const used = await secondFactor(context.app, challenge, totpCode(secret, clock.ms() - STEP_MS));
    expect(used.statusCode).toBe(401);
    const ahead = await secondFactor(
      context.app,
      challenge,
      totpCode(secret, clock.ms() + STEP_MS),
    );
    expect(ahead.statusCode, ahead.body).toBe(200);
    clock.advance(2 * STEP_MS);
  });
});

describe('API tokens', () => {
  it('creates a token shown once, lists it without its secret, and revokes it', async () => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'POST', '/api/auth/tokens', {
      name: 'Budget sync',
      scope: 'write',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<{
      _id: string;
      token: string;
      expiresAt: string;
      scope: string;
    }>();
    expect(created.token).toMatch(/^mnt_[\w-]{43}$/);
    expect(created.scope).toBe('write');
    const days = (new Date(created.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);

    const list = await call(user, 'GET', '/api/auth/tokens');
    expect(list.json()).toEqual([
      expect.objectContaining({ _id: created._id, name: 'Budget sync', lastUsedAt: null }),
    ]);
    expect(list.body).not.toContain(created.token);
    const { rows } = await context.database.pool.query<{ token_hash: string }>(
      'SELECT token_hash FROM api_tokens WHERE id = $1',
      [created._id],
    );
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(created.token.slice(4));

    const tokenHolder = bearer(created.token);
    const added = await call(tokenHolder, 'POST', '/api/transactions', {
      name: 'From a script',
      category: 'Food',
      cost: 2,
      addedOn: '2026-03-01',
      isIncome: false,
    });
    expect(added.statusCode).toBe(201);
    expect((await call(tokenHolder, 'GET', '/api/transactions')).json().total).toBe(1);
    expect((await call(tokenHolder, 'GET', '/api/auth/me')).json()._id).toBe(user.id);

    expect((await call(user, 'DELETE', `/api/auth/tokens/${created._id}`)).statusCode).toBe(200);
    expect((await call(tokenHolder, 'GET', '/api/transactions')).statusCode).toBe(401);
    expect((await call(user, 'DELETE', `/api/auth/tokens/${created._id}`)).statusCode).toBe(404);
    expect(await eventTypes(user)).toEqual(
      expect.arrayContaining(['token-created', 'token-revoked']),
    );
  });

  it('checks name, scope and expiry', async () => {
    const user = await signUp(context.app);
    for (const payload of [
      { name: '', scope: 'read' },
      { name: 'x'.repeat(101), scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x', scope: 'read', expiresInDays: 0 },
      { name: 'x', scope: 'read', expiresInDays: 366 },
      { name: 'x', scope: 'read', expiresInDays: 1.5 },
    ]) {
      const response = await call(user, 'POST', '/api/auth/tokens', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const oneDay = await createApiToken(context.app, user, { scope: 'read', expiresInDays: 1 });
    expect((await call(oneDay, 'GET', '/api/budgets')).statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/auth/tokens')).json()).toHaveLength(1);
  });
});

describe('sign-in limit', () => {
  it('counts only failures: ten good sign-ins in a row are never throttled, and a success clears the count', async () => {
    const limited = await createTestApp({ config: { ...TEST_CONFIG, LOGIN_RATE_LIMIT: 3 } });
    try {
      const user = await signUp(limited.app);
      const address = '10.1.1.1';
      for (let i = 0; i < 10; i++) {
        expect((await login(limited.app, user.email, GOOD_PASSWORD, address)).statusCode).toBe(200);
      }
      // Two failures, a success (clears them), three failures: all answered, no 429.
      const statuses: number[] = [];
      for (const password of [
        'Wrong#1',
        'Wrong#2',
        GOOD_PASSWORD,
        'Wrong#3',
        'Wrong#4',
        'Wrong#5',
      ]) {
        statuses.push((await login(limited.app, user.email, password, address)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 200, 401, 401, 401]);
      const blocked = await login(limited.app, user.email, GOOD_PASSWORD, address);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      const events = (
        await limited.database.pool.query<{ type: string }>(
          `SELECT type FROM security_events WHERE user_id = $1`,
          [user.id],
        )
      ).rows.map((row) => row.type);
      expect(events.filter((type) => type === 'sign-in-failed')).toHaveLength(5);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /auth/events', () => {
  it('shows the newest 100 events with address and browser', async () => {
    const user = await signUp(context.app);
    await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '192.0.2.7',
      headers: { 'user-agent': 'Test browser' },
      payload: { email: user.email, password: 'Wrong#123' },
    });
    const events = (await call(user, 'GET', '/api/auth/events')).json<
      Array<{ type: string; at: string; ip: string; userAgent: string; detail: string }>
    >();
    expect(events[0]).toMatchObject({
      type: 'sign-in-failed',
      ip: '192.0.2.7',
      userAgent: 'Test browser',
      detail: 'wrong password',
    });
    expect(new Date(events[0]!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    for (let i = 0; i < 110; i++) {
      await context.database.pool.query(
        `INSERT INTO security_events (id, user_id, type) VALUES (gen_random_uuid(), $1, 'sign-in')`,
        [user.id],
      );
    }
    expect((await call(user, 'GET', '/api/auth/events')).json()).toHaveLength(100);
  });
});
