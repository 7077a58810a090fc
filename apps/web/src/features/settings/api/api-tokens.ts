import type { ApiToken, ApiTokenInput, CreatedApiToken } from '@moneta/shared/security-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export function useApiTokens() {
  return useQuery({
    queryKey: queryKeys.security.tokens,
    queryFn: () => api.get<ApiToken[]>('/auth/tokens'),
  });
}

function useRefreshTokens() {
  const queryClient = useQueryClient();
  // Not awaited: the action is done when the server answers, the lists follow.
  return () => void invalidateFamilies(queryClient, refreshAfter.tokenChange);
}

/** A new token; its secret is in this answer only. */
export function useCreateApiToken() {
  const refresh = useRefreshTokens();
  return useMutation({
    mutationFn: (input: ApiTokenInput) => api.post<CreatedApiToken>('/auth/tokens', input),
    onSuccess: refresh,
  });
}

export function useRevokeApiToken() {
  const refresh = useRefreshTokens();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ message: string }>(`/auth/tokens/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}
