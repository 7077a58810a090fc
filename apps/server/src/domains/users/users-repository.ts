import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statements';
import { users, type UserRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface NewUser {
  email: string;
  passwordHash: string;
  timeZone: string;
}

export type UserChanges = Partial<
  Pick<UserRow, 'isSetupComplete' | 'defaultCurrency' | 'timeZone' | 'locale' | 'passwordHash'>
>;

export function createUsersRepository(db: Executor) {
  return {
    /** Every authenticated request asks this, so it is a prepared statement. */
    async findById(id: string): Promise<UserRow | undefined> {
      const statement = preparedStatement(db, 'user_by_id', (name) =>
        db
          .select()
          .from(users)
          .where(eq(users.id, sql.placeholder('id')))
          .limit(1)
          .prepare(name),
      );
      const [row] = await statement.execute({ id });
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    /** Inserts the user, or returns undefined when the e-mail is already taken. */
    async insert(user: NewUser): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values({ id: newId(), ...user })
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row;
    },

    async update(id: string, changes: UserChanges): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
      return row;
    },

    /** Deletes the user; foreign keys with ON DELETE CASCADE remove everything of theirs. */
    async delete(id: string): Promise<boolean> {
      const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return deleted.length > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
