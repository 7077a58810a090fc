import type { Session } from '@moneta/shared/security-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export function useSessions() {
  return useQuery({
    queryKey: queryKeys.security.sessions,
    queryFn: () => api.get<Session[]>('/auth/sessions'),
  });
}

function useRefreshSessions() {
  const queryClient = useQueryClient();
  // Not awaited: the action is done when the server answers, the lists follow.
  return () => void invalidateFamilies(queryClient, refreshAfter.sessionChange);
}

/** Ends another session: its token is refused from then on. */
export function useEndSession() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ message: string }>(`/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}

/** Signs out everywhere but here. */
export function useEndOtherSessions() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: () => api.delete<{ message: string; ended: number }>('/auth/sessions'),
    onSuccess: refresh,
  });
}
