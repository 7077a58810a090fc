import { and, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statements';
import { sessions, type SessionRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export type NewSession = Pick<SessionRow, 'userId' | 'expiresAt' | 'userAgent' | 'ip'>;

export function createSessionsRepository(db: Executor) {
  return {
    async insert(session: NewSession): Promise<SessionRow> {
      const [row] = await db
        .insert(sessions)
        .values({ id: newId(), ...session })
        .returning();
      return row!;
    },

    /** Authenticated requests ask this (at most once a second per session): prepared. */
    async findById(id: string): Promise<SessionRow | undefined> {
      const statement = preparedStatement(db, 'session_by_id', (name) =>
        db
          .select()
          .from(sessions)
          .where(eq(sessions.id, sql.placeholder('id')))
          .limit(1)
          .prepare(name),
      );
      const [row] = await statement.execute({ id });
      return row;
    },

    async touch(id: string): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, id));
    },

    /** The user's sessions that have not expired, newest first. */
    async listActive(userId: string): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
        .orderBy(desc(sessions.createdAt), desc(sessions.id));
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return deleted.length > 0;
    },

    /** Deletes the user's sessions but `keepId`; answers the ids of those that had not expired. */
    async deleteAllBut(userId: string, keepId: string | undefined): Promise<string[]> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), keepId ? ne(sessions.id, keepId) : undefined))
        .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
      const now = Date.now();
      return deleted.filter((row) => row.expiresAt.getTime() > now).map((row) => row.id);
    },

    /** Expired sessions are as good as ended; each sign-in clears the user's. */
    async deleteExpired(userId: string): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, sql`now()`)));
    },
  };
}
