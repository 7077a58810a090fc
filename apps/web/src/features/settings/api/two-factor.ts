import type { BackupCodes, TwoFactorSetup, TwoFactorStatus } from '@moneta/shared/security-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.security.twoFactor,
    queryFn: () => api.get<TwoFactorStatus>('/auth/2fa'),
  });
}

function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  // Not awaited: the action is done when the server answers, the lists follow.
  return () => void invalidateFamilies(queryClient, refreshAfter.twoFactorChange);
}

/** A new secret for the authenticator app; two-factor is on only once a code from it is sent. */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>('/auth/2fa/setup') });
}

/** Turns two-factor on with a code from the app; the answer is the backup codes, shown once. */
export function useEnableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (code: string) => api.post<BackupCodes>('/auth/2fa/enable', { code }),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api.post<{ message: string }>('/auth/2fa/disable', input),
    onSuccess: refresh,
  });
}
