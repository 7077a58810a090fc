// The user's locale (docs/i18n.md): en-US by default, chosen at setup and in
// Settings through PUT /api/auth/setup, in every answer that shows the user, and carried by the
// export and its restore.
import { SUPPORTED_LOCALES } from '@moneta/shared';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../support/receipt-files';
import {
  createTestApp,
  GOOD_PASSWORD,
  signUp,
  type SignedUpUser,
  type TestContext,
} from '../../test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

const setup = (user: SignedUpUser, payload: unknown) =>
  context.app.inject({
    method: 'PUT',
    url: '/api/auth/setup',
    headers: user.headers,
    payload: payload as object,
  });

async function storedLocale(userId: string): Promise<string> {
  const { rows } = await context.database.pool.query<{ locale: string }>(
    'SELECT locale FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]!.locale;
}

describe('the user’s locale: choosing it', () => {
  it('is en-US, the original format, in sign-up, sign-in and me answers until chosen', async () => {
    const user = await signUp(context.app);
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: GOOD_PASSWORD },
    });
    expect(login.json()).toMatchObject({ locale: 'en-US' });
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: user.headers,
    });
    expect(me.json()).toMatchObject({ locale: 'en-US' });
    expect(await storedLocale(user.id)).toBe('en-US');
  });

  it('is chosen at setup, with the currency and the time zone', async () => {
    const user = await signUp(context.app);
    const response = await setup(user, {
      defaultCurrency: 'EUR',
      timeZone: 'Europe/Berlin',
      locale: 'de-DE',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      isSetupComplete: true,
      defaultCurrency: 'EUR',
      timeZone: 'Europe/Berlin',
      locale: 'de-DE',
    });
    expect(await storedLocale(user.id)).toBe('de-DE');
  });

  it('is changed later in Settings, and kept when a client does not send it', async () => {
    const user = await signUp(context.app, { setup: true });
    expect((await setup(user, { defaultCurrency: 'USD', locale: 'ja-JP' })).json()).toMatchObject({
      locale: 'ja-JP',
    });
    // The original client sends only the currency: the locale stays.
    const original = await setup(user, { defaultCurrency: 'JPY' });
    expect(original.json()).toMatchObject({ defaultCurrency: 'JPY', locale: 'ja-JP' });
    expect(await storedLocale(user.id)).toBe('ja-JP');
  });

  it.each(SUPPORTED_LOCALES)('takes %s', async (locale) => {
    const user = await signUp(context.app);
    const response = await setup(user, { defaultCurrency: 'USD', locale });
    expect(response.json()).toMatchObject({ locale });
  });

  it.each([
    'xx-XX',
    'de',
    'de_DE',
    'de-de',
    'DE-DE',
    'en-us',
    'pt-BR',
    'ja-JP-u-ca-japanese',
    '',
    ' de-DE',
    'a'.repeat(10_000),
    42,
    null,
    ['de-DE'],
    { tag: 'de-DE' },
  ])('refuses the locale %j with 400 VALIDATION and changes nothing', async (locale) => {
    const user = await signUp(context.app, { setup: true });
    await setup(user, { defaultCurrency: 'USD', locale: 'fr-CA' });
    const response = await setup(user, { defaultCurrency: 'EUR', locale });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
    if (typeof locale === 'string' && locale.length < 100) {
      expect(response.json().message).toContain('Locale must be one of en-US');
    }
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: user.headers,
    });
    expect(me.json()).toMatchObject({ defaultCurrency: 'USD', locale: 'fr-CA' });
  });
});

describe('the user’s locale in exports and restores', () => {
  it('goes with the export and comes back with its restore; an older export leaves it', async () => {
    const alice = await signUp(context.app);
    await setup(alice, { defaultCurrency: 'CHF', timeZone: 'Europe/Zurich', locale: 'it-CH' });
    const exported = await context.app.inject({
      method: 'GET',
      url: '/api/export',
      headers: alice.headers,
    });
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({ baseCurrency: 'CHF', locale: 'it-CH' });

    const restoreInto = async (zip: Uint8Array) => {
      const user = await signUp(context.app);
      const body = multipartFile('file', 'moneta-export.zip', 'application/zip', Buffer.from(zip));
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/export/restore',
        payload: body.payload,
        headers: { ...body.headers, ...user.headers },
      });
      expect(response.statusCode, response.body).toBe(200);
      return user;
    };
    const bob = await restoreInto(zipSync(files));
    expect(await storedLocale(bob.id)).toBe('it-CH');

    const { locale: _dropped, ...older } = manifest;
    const carol = await restoreInto(
      zipSync({ ...files, 'manifest.json': new TextEncoder().encode(JSON.stringify(older)) }),
    );
    expect(await storedLocale(carol.id)).toBe('en-US');
  });

  it('refuses an export whose manifest names an unsupported locale, restoring nothing', async () => {
    const dave = await signUp(context.app, { setup: true });
    const exported = await context.app.inject({
      method: 'GET',
      url: '/api/export',
      headers: dave.headers,
    });
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as object;
    const erin = await signUp(context.app);
    const zip = zipSync({
      ...files,
      'manifest.json': new TextEncoder().encode(JSON.stringify({ ...manifest, locale: 'xx-XX' })),
    });
    const body = multipartFile('file', 'moneta-export.zip', 'application/zip', Buffer.from(zip));
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/export/restore',
      payload: body.payload,
      headers: { ...body.headers, ...erin.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(await storedLocale(erin.id)).toBe('en-US');
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: erin.headers,
    });
    expect(me.json()).toMatchObject({ isSetupComplete: false });
  });
});
