import type { HouseholdMember, Invitation } from '@moneta/shared/household-schemas';
import userEvent from '@testing-library/user-event';
import { fakeApi, makeHousehold, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

export const ME = makeUser();
export const HOME = makeHousehold({
  _id: '0190a1b2-0000-7000-8000-0000000000b1',
  name: 'Home',
  memberCount: 2,
  isDefault: false,
});
export const PERSONAL = makeHousehold();

export function makeMember(overrides: Partial<HouseholdMember> = {}): HouseholdMember {
  return {
    userId: ME._id,
    email: ME.email,
    role: 'owner',
    joinedAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export const PARTNER = makeMember({
  userId: '0190a1b2-0000-7000-8000-0000000000c1',
  email: 'grace@moneta.dev',
  role: 'editor',
});

export function makeInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    _id: crypto.randomUUID(),
    role: 'editor',
    email: null,
    createdAt: '2026-03-01T08:00:00.000Z',
    expiresAt: '2099-03-08T08:00:00.000Z',
    acceptedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

/** Signed in, with a household chosen on this device (else the default), at `url`. */
export function openApp(
  url: string,
  handlers: Parameters<typeof fakeApi>[0] = {},
  options: { activeHousehold?: string } = {},
) {
  window.localStorage.setItem('token', 'jwt-token');
  if (options.activeHousehold) {
    window.localStorage.setItem(
      'activeHouseholds',
      JSON.stringify({ [ME._id]: options.activeHousehold }),
    );
  }
  const api = fakeApi({
    'GET /api/auth/me': { body: ME },
    'GET /api/households': { body: [PERSONAL, HOME] },
    'GET /api/accounts': { body: [] },
    ...handlers,
  });
  const user = userEvent.setup();
  return { ...api, user, ...renderApp(url) };
}
