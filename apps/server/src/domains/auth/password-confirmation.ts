import { ErrorCode } from '@moneta/shared';
import type { UserRow } from '../../db/schema';
import { unauthorized } from '../../http/app-error';
import { verifyPassword } from './password-hasher';
import type { SignInThrottle } from './sign-in-throttle';

/**
 * The current password asked again before a change to the account's security (a new password,
 * turning two-factor off). Wrong answers count like failed sign-ins, per user, so a stolen
 * session cannot guess the password either; a wrong one is 401 and changes nothing.
 */
export function createPasswordConfirmation(throttle: SignInThrottle) {
  return async function confirmPassword(user: UserRow, password: string): Promise<void> {
    const key = throttle.password(user.id);
    await throttle.attempt(key);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw unauthorized('The current password is not right.', ErrorCode.WRONG_PASSWORD);
    }
    await throttle.succeeded(key);
  };
}

export type ConfirmPassword = ReturnType<typeof createPasswordConfirmation>;
