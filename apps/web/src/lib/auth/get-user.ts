import type { User } from '@moneta/shared/auth-schemas';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, ClientErrorCode } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStorage, writeStorage } from '@/lib/storage';
import { clearToken, getToken } from '@/lib/token';

/**
 * The user this device last signed in as, kept for offline starts (docs/architecture.md, Web app).
 */
function lastUser(): User | null {
  try {
    return JSON.parse(readStorage(STORAGE_KEYS.lastUser) ?? 'null') as User | null;
  } catch {
    return null;
  }
}

/** Keeps `user` as the one this device last signed in as. */
function rememberUser(user: User): void {
  writeStorage(STORAGE_KEYS.lastUser, JSON.stringify(user));
}

/**
 * Makes `user` the session's user (after a sign-in, a sign-up, the setup or a password change):
 * the user query's answer, and the device's last user, which a later visit draws its first
 * render with while it checks the session.
 */
export function setSessionUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(queryKeys.user, user);
  rememberUser(user);
}

/**
 * The user as known before a render: the session's answer, else (a token but no answer yet) the
 * user this device last signed in as — what useUser gives the first render.
 */
export function knownUser(queryClient: QueryClient): User | null {
  const user = queryClient.getQueryData<User | null>(queryKeys.user);
  return user ?? (getToken() ? lastUser() : null);
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

export const userQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.user,
    queryFn: getUser,
    // Without a token the answer is known at once: a visitor's first render draws the page,
    // not a spinner waiting for a request that is never sent.
    initialData: () => (getToken() ? undefined : null),
    // With one, a returning user's pages draw at once as the user last seen on this device,
    // while the request checks the session: their data is requested with it rather than after
    // it. A refused token then signs out (clearToken forgets that user too).
    placeholderData: () => (getToken() ? (lastUser() ?? undefined) : undefined),
    // The session changes only through login, sign-up, setup and logout, which set it directly.
    staleTime: Infinity,
    retry: false,
  });

export function useUser(): { user: User | null; isLoading: boolean } {
  const { data, isPending } = useQuery(userQueryOptions());
  return { user: data ?? null, isLoading: isPending };
}
