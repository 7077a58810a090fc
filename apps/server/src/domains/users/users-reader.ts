import type { Executor } from '../../db/database';
import { createUsersRepository, type UsersRepository } from './users-repository';

/**
 * What other domains may read of a user, on any executor (their own database transaction
 * included): the user's row as stored now, never a write (docs/architecture.md, One writer per
 * entity). The users service remembers users for a moment; a read inside another domain's
 * database transaction must see that transaction instead.
 */
export type UsersReader = Pick<UsersRepository, 'findById'>;

export function createUsersReader(executor: Executor): UsersReader {
  return createUsersRepository(executor);
}
