import { totpCode } from '../../src/domains/two-factor/totp';
import type { App } from '../../src/http/types';
import { GOOD_PASSWORD, type SignedUpUser } from '../test-app';

/** A clock tests move by hand, for TOTP time steps (AppOptions.now). */
export function testClock(start = Date.now()) {
  let time = start;
  return {
    now: () => new Date(time),
    advance(ms: number) {
      time += ms;
    },
    ms: () => time,
  };
}

export type TestClock = ReturnType<typeof testClock>;
export const STEP_MS = 30_000;

export function login(app: App, email: string, password = GOOD_PASSWORD, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Turns two-factor on through the API; answers the secret and the backup codes. */
export async function enableTwoFactor(app: App, user: SignedUpUser, clock: TestClock) {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/auth/2fa/setup',
    headers: user.headers,
  });
  if (setup.statusCode !== 200) throw new Error(`2fa setup: ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const enable = await app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers: user.headers,
    payload: { code: totpCode(secret, clock.ms()) },
  });
  if (enable.statusCode !== 200) throw new Error(`2fa enable: ${enable.body}`);
  // The code used to turn it on cannot be used again: the next sign-in needs the next step.
  clock.advance(STEP_MS);
  return { secret, backupCodes: enable.json<{ backupCodes: string[] }>().backupCodes };
}

/** The challenge of a password sign-in to an account with two-factor on. */
export async function challengeFor(app: App, email: string): Promise<string> {
  const response = await login(app, email);
  if (response.statusCode !== 200) throw new Error(`login: ${response.body}`);
  const body = response.json<{ twoFactorRequired?: boolean; challenge?: string }>();
  if (!body.twoFactorRequired || !body.challenge) throw new Error(`no challenge: ${response.body}`);
  return body.challenge;
}

export function secondFactor(app: App, challenge: string, code: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login/2fa',
    payload: { challenge, code },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export async function createApiToken(
  app: App,
  user: SignedUpUser,
  body: { name?: string; scope: 'read' | 'write'; expiresInDays?: number },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/tokens',
    headers: user.headers,
    payload: { name: `${body.scope} script`, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`token: ${response.body}`);
  const created = response.json<{ _id: string; token: string }>();
  return { ...created, headers: { authorization: `Bearer ${created.token}` } };
}
