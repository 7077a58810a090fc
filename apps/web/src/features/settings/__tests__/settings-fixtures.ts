import type { ApiToken, Passkey, SecurityEvent, Session } from '@moneta/shared/security-schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

export const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    _id: crypto.randomUUID(),
    createdAt: '2026-03-10T12:00:00.000Z',
    lastSeenAt: '2026-03-10T12:30:00.000Z',
    userAgent: CHROME_LINUX,
    ip: '203.0.113.7',
    current: false,
    ...overrides,
  };
}

export function makeToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    _id: crypto.randomUUID(),
    name: 'Backup script',
    scope: 'read',
    householdId: '00000000-0000-4000-8000-000000000001',
    createdAt: '2026-03-10T12:00:00.000Z',
    expiresAt: '2099-06-08T12:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

export function makePasskey(overrides: Partial<Passkey> = {}): Passkey {
  return {
    _id: crypto.randomUUID(),
    name: 'Work laptop',
    createdAt: '2026-03-10T12:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

export function makeEvent(overrides: Partial<SecurityEvent> = {}): SecurityEvent {
  return {
    _id: crypto.randomUUID(),
    type: 'sign-in',
    at: '2026-03-10T12:00:00.000Z',
    ip: '203.0.113.7',
    userAgent: CHROME_LINUX,
    detail: null,
    ...overrides,
  };
}

/** A signed-in user (Europe/Paris) on /settings, every security list answered unless replaced. */
export async function openSettings(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  const api = fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    'GET /api/auth/sessions': { body: [makeSession({ current: true })] },
    'GET /api/auth/2fa': { body: { enabled: false, backupCodesLeft: 0 } },
    'GET /api/auth/passkeys': { body: [] },
    'GET /api/auth/tokens': { body: [] },
    'GET /api/auth/events': { body: [] },
    ...handlers,
  });
  const user = userEvent.setup();
  const app = renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return { ...api, user, app };
}

export function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}
