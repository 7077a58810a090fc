import type { AuthResponse } from '@moneta/shared/auth-schemas';
import type { ChangePasswordInput } from '@moneta/shared/security-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionUser } from '@/lib/auth/get-user';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';
import { setToken } from '@/lib/token';

/**
 * A new password. The server ends every session, this one too, and answers a new session's
 * token: it is kept at once, before anything else is asked with the old one.
 */
export function changePassword(input: ChangePasswordInput): Promise<AuthResponse> {
  return api.put<AuthResponse>('/auth/password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      const { token, ...user } = await changePassword(input);
      setToken(token);
      setSessionUser(user);
      return user;
    },
    // Not awaited: the change is done when the server answers, the lists follow.
    onSuccess: () => void invalidateFamilies(queryClient, refreshAfter.passwordChange),
  });
}
