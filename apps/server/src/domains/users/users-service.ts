import type { UsersRepository } from './users-repository';

/**
 * What the users routes may do to a user; sign-up, setup and passwords are the auth service's.
 * Given the remembering repository (recent-users.ts), so a deleted user is forgotten at once.
 */
export function createUsersService(users: Pick<UsersRepository, 'delete'>) {
  return {
    /** Deletes the account and, through the foreign keys' cascade, all of its data. */
    async deleteAccount(userId: string): Promise<void> {
      await users.delete(userId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
