import type { HouseholdsService } from '../households/households-service';

/**
 * What the users routes may do to a user; sign-up, setup and passwords are the auth service's.
 * `forget` drops the user this instance remembers (recent-users.ts) once they are deleted.
 */
export function createUsersService(
  households: Pick<HouseholdsService, 'deleteUser'>,
  forget: (userId: string) => void,
) {
  return {
    /**
     * Deletes the account and the households the user alone belongs to, with their data (the
     * foreign keys' cascade); refused while they are the only owner of a shared household.
     */
    async deleteAccount(userId: string): Promise<void> {
      try {
        await households.deleteUser(userId);
      } finally {
        forget(userId);
      }
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
