import type { AuthResponse, LoginInput, User } from '@moneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { browserTimeZone } from '@/lib/time-zone';
import { setToken } from '@/lib/token';

export function login(input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login', { ...input, timeZone: browserTimeZone() });
}

/** Signs in: keeps the token, makes the answer the session user, then calls `onSuccess`. */
export function useLogin({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, ...user }) => {
      setToken(token);
      queryClient.setQueryData(queryKeys.user, user);
      onSuccess?.(user);
    },
  });
}
