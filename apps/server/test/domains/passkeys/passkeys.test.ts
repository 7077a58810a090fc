// Passkeys (WebAuthn) through the HTTP API, with a software authenticator standing in for the
// browser: registration, discoverable sign-in, listing and removal, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCredential,
  createCredential,
  type SoftwareCredential,
} from '../../support/software-authenticator';
import { enableTwoFactor, testClock } from '../../support/account-security';
import {
  createTestApp,
  signUp,
  TEST_CONFIG,
  type SignedUpUser,
  type TestContext,
} from '../../test-app';

const ORIGIN = 'https://money.moneta.dev';
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ config: { ...TEST_CONFIG, PUBLIC_URL: ORIGIN } });
});
afterAll(async () => {
  await context.close();
});

type Options = { challenge: string; rp: { id: string }; user: { id: string } };

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function registrationOptions(user: SignedUpUser): Promise<Options> {
  const response = await post('/api/auth/passkeys/register/options', undefined, user.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Options>();
}

async function register(user: SignedUpUser, name?: string): Promise<SoftwareCredential> {
  const options = await registrationOptions(user);
  const { credential, response } = createCredential(options, { origin: ORIGIN });
  const added = await post('/api/auth/passkeys/register', { name, response }, user.headers);
  expect(added.statusCode, added.body).toBe(201);
  return credential;
}

async function loginOptions(): Promise<{ challenge: string }> {
  const response = await post('/api/auth/passkeys/login/options');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('passkeys: registering and signing in', () => {
  it('registers a passkey from a session and signs in with it, no password asked', async () => {
    const user = await signUp(context.app);
    const options = await registrationOptions(user);
    expect(options.rp.id).toBe('money.moneta.dev');
    expect(options).toMatchObject({
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const { credential, response } = createCredential(options, { origin: ORIGIN });
    const added = await post(
      '/api/auth/passkeys/register',
      { name: 'Laptop', response },
      user.headers,
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Laptop', lastUsedAt: null });

    const signIn = await post('/api/auth/passkeys/login', {
      response: assertCredential(credential, await loginOptions(), { origin: ORIGIN }),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ _id: user.id, token: expect.any(String) });
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${signIn.json().token}` },
    });
    expect(me.statusCode).toBe(200);

    const list = await context.app.inject({
      method: 'GET',
      url: '/api/auth/passkeys',
      headers: user.headers,
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ name: 'Laptop', lastUsedAt: expect.any(String) }),
    ]);
    const events = await context.app.inject({
      method: 'GET',
      url: '/api/auth/events',
      headers: user.headers,
    });
    expect(events.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'passkey-added', detail: 'Laptop' }),
        expect.objectContaining({ type: 'sign-in', detail: 'passkey' }),
      ]),
    );
  });

  it('signs in with a passkey even with two-factor on (the passkey is both factors)', async () => {
    const user = await signUp(context.app);
    await enableTwoFactor(context.app, user, testClock());
    const credential = await register(user);
    const signIn = await post('/api/auth/passkeys/login', {
      response: assertCredential(credential, await loginOptions(), { origin: ORIGIN }),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().token).toEqual(expect.any(String));
  });
});

describe('passkeys: refusals and removal', () => {
  it('refuses a reused challenge, a wrong origin or RP, a replayed counter, no user verification, another user’s handle', async () => {
    const user = await signUp(context.app);
    const other = await signUp(context.app);
    const credential = await register(user);
    const attempt = async (
      overrides: Parameters<typeof assertCredential>[2],
      options?: { challenge: string },
    ) =>
      post('/api/auth/passkeys/login', {
        response: assertCredential(credential, options ?? (await loginOptions()), overrides),
      });

    const options = await loginOptions();
    expect((await attempt({ origin: ORIGIN }, options)).statusCode).toBe(200);
    expect((await attempt({ origin: ORIGIN }, options)).statusCode, 'challenge used twice').toBe(
      401,
    );
    expect((await attempt({ origin: 'https://evil.example' })).statusCode).toBe(401);
    expect((await attempt({ origin: ORIGIN, rpId: 'evil.example' })).statusCode).toBe(401);
    expect((await attempt({ origin: ORIGIN, type: 'webauthn.create' })).statusCode).toBe(401);
    expect((await attempt({ origin: ORIGIN, userVerified: false })).statusCode).toBe(401);
    expect((await attempt({ origin: ORIGIN, counter: 1 })).statusCode, 'cloned counter').toBe(401);
    expect(
      (await attempt({ origin: ORIGIN, userHandle: Buffer.from(other.id).toString('base64url') }))
        .statusCode,
    ).toBe(401);
    expect((await attempt({ origin: ORIGIN, challenge: 'bm90LWEtY2hhbGxlbmdl' })).statusCode).toBe(
      401,
    );
    // An expired challenge (5 minutes).
    const late = await loginOptions();
    await context.database.pool.query(
      `UPDATE auth_challenges SET expires_at = now() - interval '1 second'`,
    );
    expect((await attempt({ origin: ORIGIN }, late)).statusCode).toBe(401);
    // Still works afterwards.
    expect((await attempt({ origin: ORIGIN })).statusCode).toBe(200);
  });

  it('refuses a registration answered for another challenge, origin or user, and a duplicate', async () => {
    const user = await signUp(context.app);
    const other = await signUp(context.app);
    const options = await registrationOptions(user);
    const register = (
      who: SignedUpUser,
      overrides: Parameters<typeof createCredential>[1],
      from = options,
    ) =>
      post(
        '/api/auth/passkeys/register',
        { response: createCredential(from, overrides).response },
        who.headers,
      );
    expect((await register(user, { origin: 'https://evil.example' })).statusCode).toBe(400);
    const fresh = await registrationOptions(user);
    expect((await register(other, { origin: ORIGIN }, fresh)).statusCode, 'another user').toBe(400);
    const again = await registrationOptions(user);
    expect((await register(user, { origin: ORIGIN, userVerified: false }, again)).statusCode).toBe(
      400,
    );
    const last = await registrationOptions(user);
    const created = createCredential(last, { origin: ORIGIN });
    const first = await post(
      '/api/auth/passkeys/register',
      { response: created.response },
      user.headers,
    );
    expect(first.statusCode).toBe(201);
    const replay = await post(
      '/api/auth/passkeys/register',
      { response: created.response },
      user.headers,
    );
    expect(replay.statusCode).toBe(400);
  });

  it('removes a passkey (own only): it no longer signs in', async () => {
    const user = await signUp(context.app);
    const other = await signUp(context.app);
    const credential = await register(user, 'Phone');
    const [{ _id }] = (
      await context.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers: user.headers })
    ).json<[{ _id: string }]>();
    const theirs = await context.app.inject({
      method: 'DELETE',
      url: `/api/auth/passkeys/${_id}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/auth/passkeys/${_id}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(200);
    const signIn = await post('/api/auth/passkeys/login', {
      response: assertCredential(credential, await loginOptions(), { origin: ORIGIN }),
    });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('the relying party without PUBLIC_URL', () => {
  it('works on localhost from the page’s origin, and is refused on any other host', async () => {
    const local = await createTestApp();
    try {
      const user = await signUp(local.app);
      const options = await local.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/register/options',
        headers: { ...user.headers, origin: 'http://localhost:5173' },
      });
      expect(options.statusCode).toBe(200);
      const parsed = options.json<Options>();
      expect(parsed.rp.id).toBe('localhost');
      const { response } = createCredential(parsed, { origin: 'http://localhost:5173' });
      const added = await local.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/register',
        headers: { ...user.headers, origin: 'http://localhost:5173' },
        payload: { response },
      });
      expect(added.statusCode, added.body).toBe(201);

      const remote = await local.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/login/options',
        headers: { host: 'money.example.org', origin: 'https://money.example.org' },
      });
      expect(remote.statusCode).toBe(409);
      expect(remote.json().code).toBe('PASSKEYS_NOT_CONFIGURED');
    } finally {
      await local.close();
    }
  });
});
