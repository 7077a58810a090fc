import type { AuthResponse, SignupInput, User } from '@moneta/shared/auth-schemas';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { setSessionUser } from '@/lib/auth/get-user';
import { browserTimeZone } from '@/lib/time-zone';
import { setToken } from '@/lib/token';
import { useAction } from '@/lib/use-action';

export function signup(input: SignupInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/signup', { ...input, timeZone: browserTimeZone() });
}

/** Creates the account: keeps the token and the new user as the session, then `onSuccess`. */
export function useSignup({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const run = useCallback(
    async (input: SignupInput) => {
      const { token, ...user } = await signup(input);
      setToken(token);
      setSessionUser(user);
      onSuccess?.(user);
      return user;
    },
    [onSuccess],
  );
  return useAction(run);
}
