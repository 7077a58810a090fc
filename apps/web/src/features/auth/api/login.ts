import type { AuthResponse, LoginInput, User } from '@moneta/shared/auth-schemas';
import type {
  LoginResponse,
  LoginSecondFactorInput,
  PasskeyOptions,
} from '@moneta/shared/security-schemas';
import { api } from '@/lib/api-client';
import { signWithPasskey } from '@/lib/passkeys/webauthn';
import { setSessionUser } from '@/lib/auth/get-user';
import { browserTimeZone } from '@/lib/time-zone';
import { setToken } from '@/lib/token';
import { useAction } from '@/lib/use-action';

/** The password step: a session, or (two-factor on) a challenge for the code step. */
export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', { ...input, timeZone: browserTimeZone() });
}

/** The second step of a two-factor sign-in: the challenge and a TOTP or backup code. */
export function loginSecondFactor(input: LoginSecondFactorInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login/2fa', { ...input, timeZone: browserTimeZone() });
}

/** A sign-in without a password: the server's challenge, signed by one of the user's passkeys. */
export async function loginWithPasskey(): Promise<AuthResponse> {
  const options = await api.post<PasskeyOptions>('/auth/passkeys/login/options');
  const response = await signWithPasskey(options);
  return api.post<AuthResponse>('/auth/passkeys/login', { response });
}

/** Keeps a new session: the token stored, the answer made the session user. */
export function startSession({ token, ...user }: AuthResponse): User {
  setToken(token);
  setSessionUser(user);
  return user;
}

/** What the password step led to: signed in, or the code step still to come. */
export type PasswordStep = { user: User; challenge?: never } | { challenge: string; user?: never };

/**
 * Signs in with the password. The answer is the session (kept here), or a two-factor challenge
 * that the code step finishes (no token yet).
 */
async function passwordStep(input: LoginInput): Promise<PasswordStep> {
  const answer = await login(input);
  return 'token' in answer ? { user: startSession(answer) } : { challenge: answer.challenge };
}

export function useLogin() {
  return useAction(passwordStep);
}

const secondFactorStep = async (input: LoginSecondFactorInput) =>
  startSession(await loginSecondFactor(input));

export function useLoginSecondFactor() {
  return useAction(secondFactorStep);
}

const passkeyStep = async () => startSession(await loginWithPasskey());

export function usePasskeyLogin() {
  return useAction(passkeyStep);
}
