import type { APIRequestContext, Page } from '@playwright/test';

/** A password every rule of the register form accepts. */
export const PASSWORD = 'Secr3t!pass';

let counter = 0;

/** A fresh address per test (example.com, test.com and invalid.com are refused by the app). */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@moneta.dev`;
}

export type TestUser = { email: string; password: string; token: string };

/** Creates an account through the API, optionally with the setup step already done. */
export async function createUser(
  request: APIRequestContext,
  {
    completeSetup = true,
    label = 'user',
    locale,
  }: {
    completeSetup?: boolean;
    label?: string;
    /** The locale chosen at setup (the server's default, en-US, without it). */
    locale?: string;
  } = {},
): Promise<TestUser> {
  const email = uniqueEmail(label);
  const signup = await request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  if (signup.status() !== 201) {
    throw new Error(`Sign-up failed with ${signup.status()}: ${await signup.text()}`);
  }
  const { token } = (await signup.json()) as { token: string };
  if (completeSetup) {
    const setup = await request.put('/api/auth/setup', {
      data: { defaultCurrency: 'USD', ...(locale ? { locale } : {}) },
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!setup.ok()) throw new Error(`Setup failed with ${setup.status()}: ${await setup.text()}`);
  }
  return { email, password: PASSWORD, token };
}

/**
 * Starts a session the way the app keeps one: the token in localStorage. It is written from a
 * static file of the same origin, so no running app reacts to it half-way.
 */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.goto('/favicon-light.svg');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
}
