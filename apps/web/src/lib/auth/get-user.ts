import type { User } from '@moneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { clearToken, getToken } from '@/lib/token';

/**
 * Fetches the user behind the stored token. When that fails the visitor is treated as signed out
 * (SPEC §4); the token itself is dropped only when the server refuses it. A network failure, a
 * server error or a request cut short by leaving the page says nothing about the token, and
 * dropping it then would sign the user out of every tab for good.
 */
export async function getUser(): Promise<User | null> {
  if (!getToken()) return null;
  try {
    return await api.get<User>('/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearToken();
    return null;
  }
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.user,
    queryFn: getUser,
    // The session changes only through login, sign-up, setup and logout, which set it directly.
    staleTime: Infinity,
    retry: false,
  });

export function useUser(): { user: User | null; isLoading: boolean } {
  const { data, isPending } = useQuery(userQueryOptions());
  return { user: data ?? null, isLoading: isPending };
}
