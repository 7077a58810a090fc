import { AUTH_MESSAGES } from '@moneta/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  signUp,
  TEST_JWT_SECRET,
  uniqueEmail,
  type TestContext,
} from '../../test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const post = (url: string, payload: unknown) =>
  context.app.inject({ method: 'POST', url, payload: payload as object });

async function userCount(): Promise<number> {
  const { rows } = await context.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM users',
  );
  return rows[0]!.count;
}

describe('POST /api/auth/signup', () => {
  it('creates the account and answers 201 with a token and the user', async () => {
    const email = uniqueEmail('signup');
    const response = await post('/api/auth/signup', { email, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      email,
      isSetupComplete: false,
      defaultCurrency: 'USD',
      timeZone: 'UTC',
    });
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof body.token).toBe('string');
    expect(body).not.toHaveProperty('passwordHash');
    expect(new Date(body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('trims and lower-cases the e-mail and keeps the time zone it is given', async () => {
    const email = uniqueEmail('Mixed');
    const response = await post('/api/auth/signup', {
      email: `  ${email.toUpperCase()}  `,
      password: GOOD_PASSWORD,
      timeZone: 'Asia/Kolkata',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: email.toLowerCase(), timeZone: 'Asia/Kolkata' });
  });

  it('never stores the password itself', async () => {
    const email = uniqueEmail('hash');
    await post('/api/auth/signup', { email, password: GOOD_PASSWORD });
    const { rows } = await context.database.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [email],
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.password_hash).not.toContain(GOOD_PASSWORD);
  });

  it('refuses a taken e-mail with 409, whatever its case and spaces', async () => {
    const email = uniqueEmail('taken');
    expect((await post('/api/auth/signup', { email, password: GOOD_PASSWORD })).statusCode).toBe(
      201,
    );
    const before = await userCount();
    const again = await post('/api/auth/signup', {
      email: ` ${email.toUpperCase()} `,
      password: GOOD_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'An account with this email already exists.',
      code: 'EMAIL_TAKEN',
    });
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/auth/signup with bad input', () => {
  it.each([
    [
      'a malformed e-mail',
      { email: 'not-an-email', password: GOOD_PASSWORD },
      AUTH_MESSAGES.invalidEmail,
    ],
    [
      'example.com',
      { email: 'ana@Example.com', password: GOOD_PASSWORD },
      AUTH_MESSAGES.blockedDomain,
    ],
    ['test.com', { email: 'ana@TEST.COM', password: GOOD_PASSWORD }, AUTH_MESSAGES.blockedDomain],
    [
      'invalid.com',
      { email: 'ana@invalid.com', password: GOOD_PASSWORD },
      AUTH_MESSAGES.blockedDomain,
    ],
    [
      'a 7-character password',
      { email: 'ana@moneta.dev', password: 'abc12!x' },
      AUTH_MESSAGES.passwordLength,
    ],
    [
      'a 17-character password',
      { email: 'ana@moneta.dev', password: 'abcdefghijklm12!x' },
      AUTH_MESSAGES.passwordLength,
    ],
    [
      'a password without a letter',
      { email: 'ana@moneta.dev', password: '1234567!' },
      AUTH_MESSAGES.passwordComplexity,
    ],
    [
      'a password without a digit',
      { email: 'ana@moneta.dev', password: 'abcdefg!' },
      AUTH_MESSAGES.passwordComplexity,
    ],
    [
      'a password without a symbol',
      { email: 'ana@moneta.dev', password: 'abcdefg1' },
      AUTH_MESSAGES.passwordComplexity,
    ],
    ['a missing e-mail', { password: GOOD_PASSWORD }, 'email is required.'],
    ['a missing password', { email: 'ana@moneta.dev' }, 'password is required.'],
    ['a numeric e-mail', { email: 42, password: GOOD_PASSWORD }, 'email must be a string.'],
    [
      'an unknown time zone',
      { email: 'ana@moneta.dev', password: GOOD_PASSWORD, timeZone: 'Mars/Base' },
      'Time zone must be a valid IANA zone such as Europe/Paris.',
    ],
  ])(
    'rejects %s with 400 and the spec message, creating nothing',
    async (_case, payload, message) => {
      const before = await userCount();
      const response = await post('/api/auth/signup', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, code: 'VALIDATION' });
      expect(await userCount()).toBe(before);
    },
  );

  it('rejects a body that is not JSON, or not an object', async () => {
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'INVALID_JSON',
    });

    const xml = await context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('FST_ERR_CTP_INVALID_MEDIA_TYPE');

    const text = await context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('The request body must be an object.');

    const array = await post('/api/auth/signup', [1, 2]);
    expect(array.statusCode).toBe(400);
  });
});

describe('POST /api/auth/login', () => {
  let email: string;
  beforeAll(async () => {
    email = (await signUp(context.app, { setup: true })).email;
  });

  it('answers 200 with a token and the user', async () => {
    const response = await post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, isSetupComplete: true });
    expect(typeof response.json().token).toBe('string');
  });

  it('accepts the e-mail in any case and with spaces', async () => {
    const response = await post('/api/auth/login', {
      email: `  ${email.toUpperCase()} `,
      password: GOOD_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });

  it('keeps the time zone the client sends', async () => {
    const response = await post('/api/auth/login', {
      email,
      password: GOOD_PASSWORD,
      timeZone: 'America/New_York',
    });
    expect(response.json().timeZone).toBe('America/New_York');
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${response.json().token}` },
    });
    expect(me.json().timeZone).toBe('America/New_York');
  });

  it('gives one 401 message for a wrong password and for an unknown e-mail', async () => {
    const wrongPassword = await post('/api/auth/login', { email, password: 'Wrong#123' });
    const unknownEmail = await post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: GOOD_PASSWORD,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().message).toBe('Invalid email or password.');
  });

  it('requires both fields', async () => {
    const response = await post('/api/auth/login', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Email is required.');
  });
});

describe('login rate limit', () => {
  it('throttles repeated failures for one e-mail from one address, but not other e-mails', async () => {
    const limited = await createTestApp({
      config: {
        CORS_ORIGINS: [],
        TRUST_PROXY: false,
        UPLOAD_MAX_MB: 10,
        IMPORT_MAX_MB: 20,
        LOGIN_RATE_LIMIT: 3,
        SIGNUP_RATE_LIMIT: 100,
      },
    });
    try {
      const { email } = await signUp(limited.app);
      const attempt = (address: string, password: string, remoteAddress = '10.0.0.1') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { email: address, password },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt(email, 'Wrong#123')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);

      const throttled = await attempt(email, GOOD_PASSWORD);
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json().code).toBe('RATE_LIMITED');
      // The owner, from another address, is not locked out.
      expect((await attempt(email, GOOD_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
      // Another account from the throttled address is not affected either.
      expect((await attempt(uniqueEmail('other'), 'Wrong#123')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/auth/me and tokens', () => {
  it('returns the signed-in user', async () => {
    const user = await signUp(context.app);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: user.id, email: user.email });
  });

  it('accepts the bearer scheme in any letter case', async () => {
    const user = await signUp(context.app);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `bearer ${user.token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  const key = new TextEncoder().encode(TEST_JWT_SECRET);

  it.each([
    ['no header', undefined],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['garbage', 'Bearer not.a.token'],
  ])('answers 401 for %s', async (_case, authorization) => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('answers 401 for a tampered, expired, unsigned or foreign-key token', async () => {
    const user = await signUp(context.app);
    const [header, payload, signature] = user.token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'x' }),
    ).toString('base64url');
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
      'base64url',
    );
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('moneta')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 8 * 86_400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86_400)
      .sign(key);
    const otherKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('moneta')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-1234567890'));
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(user.id)
      .setIssuer('moneta')
      .setExpirationTime('1h')
      .sign(key);

    const tokens = {
      tampered: `${header}.${forgedPayload}.${signature}`,
      unsigned: `${unsignedHeader}.${payload}.`,
      expired,
      otherKey,
      hs512,
    };
    for (const [name, token] of Object.entries(tokens)) {
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, name).toBe(401);
    }
  });
});

describe('PUT /api/auth/setup', () => {
  it('completes setup with the chosen currency and time zone', async () => {
    const user = await signUp(context.app);
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/auth/setup',
      headers: user.headers,
      payload: { defaultCurrency: 'EUR', timeZone: 'Europe/Paris' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: user.id,
      isSetupComplete: true,
      defaultCurrency: 'EUR',
      timeZone: 'Europe/Paris',
    });
  });

  it('changes the currency later and keeps the time zone when none is sent', async () => {
    const user = await signUp(context.app, { setup: true });
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/auth/setup',
      headers: user.headers,
      payload: { defaultCurrency: 'INR' },
    });
    expect(response.json()).toMatchObject({ defaultCurrency: 'INR', timeZone: 'UTC' });
  });

  it.each([
    [
      { defaultCurrency: 'BTC' },
      'Currency must be one of USD, EUR, GBP, JPY, CAD, AUD, INR or another code GET /api/currencies lists.',
    ],
    [
      { defaultCurrency: 'usd' },
      'Currency must be one of USD, EUR, GBP, JPY, CAD, AUD, INR or another code GET /api/currencies lists.',
    ],
    [
      {},
      'Currency must be one of USD, EUR, GBP, JPY, CAD, AUD, INR or another code GET /api/currencies lists.',
    ],
    [
      { defaultCurrency: 'EUR', timeZone: 'Not/AZone' },
      'Time zone must be a valid IANA zone such as Europe/Paris.',
    ],
  ])('rejects %j with 400 and changes nothing', async (payload, message) => {
    const user = await signUp(context.app);
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/auth/setup',
      headers: user.headers,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: user.headers,
    });
    expect(me.json()).toMatchObject({ isSetupComplete: false, defaultCurrency: 'USD' });
  });

  it('needs a signed-in user', async () => {
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/auth/setup',
      payload: { defaultCurrency: 'EUR' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/users/account', () => {
  it('deletes the account: its token then gets 401 and its password no longer works', async () => {
    const doomed = await signUp(context.app, { setup: true });
    const survivor = await signUp(context.app, { setup: true });

    const response = await context.app.inject({
      method: 'DELETE',
      url: '/api/users/account',
      headers: doomed.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toEqual(expect.any(String));

    const me = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: doomed.headers,
    });
    expect(me.statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: doomed.email, password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(401);

    const other = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: survivor.headers,
    });
    expect(other.statusCode).toBe(200);

    // The e-mail is free again.
    const again = await post('/api/auth/signup', { email: doomed.email, password: GOOD_PASSWORD });
    expect(again.statusCode).toBe(201);
  });

  it('needs a signed-in user', async () => {
    const response = await context.app.inject({ method: 'DELETE', url: '/api/users/account' });
    expect(response.statusCode).toBe(401);
  });
});
