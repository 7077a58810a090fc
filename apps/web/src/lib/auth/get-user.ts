import type { User } from '@moneta/shared/auth-schemas';
import { useSyncExternalStore } from 'react';
import { api, ApiError, ClientErrorCode } from '@/lib/api-client';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStorage, writeStorage } from '@/lib/storage';
import { restoreActiveHousehold } from '@/lib/households/active-household';
import { clearToken, getToken } from '@/lib/token';

/**
 * The session's user, held here rather than as a TanStack Query query: the public pages need it
 * to be drawn (their header, the sign-in page's guard), and TanStack Query loads only with the
 * signed-in app (docs/decisions.md, I18N-9). It is fetched once a session
 * (`GET /auth/me`) and otherwise changes only through sign-in, sign-up, setup, a password change
 * and sign-out, which set it here.
 *
 * `undefined` while the session is checked and no user is known yet (a first visit with a
 * token): the guards show a spinner then.
 */
type Session = { user: User | null | undefined; hasSignedOut?: boolean };

let session: Session | undefined;
let check: Promise<User | null> | undefined;
/** Raised by every change, so that a check answered after it does not overwrite it. */
let generation = 0;
const listeners = new Set<() => void>();

/** The user this device last signed in as, kept for offline starts (docs/architecture.md). */
function lastUser(): User | null {
  try {
    return JSON.parse(readStorage(STORAGE_KEYS.lastUser) ?? 'null') as User | null;
  } catch {
    return null;
  }
}

function rememberUser(user: User): void {
  writeStorage(STORAGE_KEYS.lastUser, JSON.stringify(user));
}

let notifying: ReturnType<typeof setTimeout> | undefined;

/**
 * The new user is read by every render from now on; components that show it are told a task
 * later, as TanStack Query tells its observers. A sign-out that then navigates to the sign-in
 * page with a notice so has the navigation drawn first, not a guard's redirect of the old page
 * (which would drop the notice).
 */
function publish(user: User | null, hasSignedOut = false): void {
  session = { user, hasSignedOut };
  restoreActiveHousehold(user?._id ?? null);
  notifying ??= setTimeout(() => {
    notifying = undefined;
    for (const listener of listeners) listener();
  }, 0);
}

/**
 * Fetches the user behind the stored token. When that fails the visitor is treated as signed out
 * (docs/architecture.md, Product rules); the token itself is dropped only when the server refuses
 * it. A network failure, a server error or a request cut short by leaving the page says nothing
 * about the token, and dropping it then would sign the user out of every tab for good.
 */
export async function getUser(): Promise<User | null> {
  if (!getToken()) return null;
  try {
    const user = await api.get<User>('/auth/me');
    rememberUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearToken();
    // Offline (no answer at all), the app opens as the last user seen with this token, so that
    // it can show the cached shell and queue new transactions.
    if (
      error instanceof ApiError &&
      error.code === ClientErrorCode.NETWORK_ERROR &&
      !navigator.onLine
    ) {
      return lastUser();
    }
    return null;
  }
}

/** Asks the server who the token belongs to; the answer becomes the session's user. */
function startCheck(): Promise<User | null> {
  const startedAt = generation;
  check = getUser().then((user) => {
    if (generation === startedAt) publish(user);
    return user;
  });
  return check;
}

/**
 * The session as known now, started on first use: without a token, no user, at once (a visitor's
 * first render draws the page, not a spinner); with one, the user this device last signed in
 * as, while the check asks the server (a refused token then signs out).
 */
function currentSession(): Session {
  if (!session) {
    const token = getToken();
    session = { user: token ? (lastUser() ?? undefined) : null };
    if (token) void startCheck();
  }
  return session;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The session's user; `hasSignedOut` once this device has signed out (endSessionUser), whose
 * sign-out navigates to the sign-in page itself: a guard need not send the user there too.
 */
export function useUser(): { user: User | null; isLoading: boolean; hasSignedOut: boolean } {
  const { user, hasSignedOut = false } = useSyncExternalStore(
    subscribe,
    currentSession,
    currentSession,
  );
  return { user: user ?? null, isLoading: user === undefined, hasSignedOut };
}

/** The user as known before a render (the last one seen while the session is checked). */
export function knownUser(): User | null {
  return currentSession().user ?? null;
}

/** The session's user once the check (if one is under way) has answered. */
export function sessionUser(): Promise<User | null> {
  const { user } = currentSession();
  return check ?? Promise.resolve(user ?? null);
}

/**
 * Makes `user` the session's user (after a sign-in, a sign-up, the setup or a password change),
 * and the device's last user, which a later visit draws its first render with.
 */
export function setSessionUser(user: User): void {
  generation += 1;
  check = undefined;
  rememberUser(user);
  publish(user);
}

/** Signed out here: no user, and no check still under way may bring one back. */
export function endSessionUser(): void {
  generation += 1;
  check = undefined;
  publish(null, true);
}

/** Fetches the user again (after a restore, which may change the user's settings). */
export function refreshSessionUser(): Promise<User | null> {
  generation += 1;
  return startCheck();
}

/** Tests start each case as a new visit. */
export function resetSessionForTests(): void {
  generation += 1;
  session = undefined;
  restoreActiveHousehold(null);
  check = undefined;
  clearTimeout(notifying);
  notifying = undefined;
  listeners.clear();
}
