import type { AuthResponse, SignupInput, User } from '@moneta/shared/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionUser } from '@/lib/auth/get-user';
import { browserTimeZone } from '@/lib/time-zone';
import { setToken } from '@/lib/token';

export function signup(input: SignupInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/signup', { ...input, timeZone: browserTimeZone() });
}

/** Creates the account: keeps the token and the new user as the session, then `onSuccess`. */
export function useSignup({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ token, ...user }) => {
      setToken(token);
      setSessionUser(queryClient, user);
      onSuccess?.(user);
    },
  });
}
