import type { Passkey, PasskeyOptions } from '@moneta/shared/security-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createPasskey } from '@/lib/passkeys/webauthn';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export function usePasskeys() {
  return useQuery({
    queryKey: queryKeys.security.passkeys,
    queryFn: () => api.get<Passkey[]>('/auth/passkeys'),
  });
}

function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  // Not awaited: the action is done when the server answers, the lists follow.
  return () => void invalidateFamilies(queryClient, refreshAfter.passkeyChange);
}

/** The server's options, the browser's new credential, then the server keeps it. */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await api.post<PasskeyOptions>('/auth/passkeys/register/options');
  const response = await createPasskey(options);
  return api.post<Passkey>('/auth/passkeys/register', {
    ...(name.trim() ? { name: name.trim() } : {}),
    response,
  });
}

export function useAddPasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({ mutationFn: addPasskey, onSuccess: refresh });
}

export function useRemovePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ message: string }>(`/auth/passkeys/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}
