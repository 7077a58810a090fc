import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { securityEvents, type SecurityEventRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export type NewSecurityEvent = Pick<SecurityEventRow, 'userId' | 'type'> &
  Partial<Pick<SecurityEventRow, 'detail' | 'ip' | 'userAgent'>>;

export function createSecurityEventsRepository(db: Executor) {
  return {
    async insert(event: NewSecurityEvent): Promise<void> {
      await db.insert(securityEvents).values({ id: newId(), ...event });
    },

    /** The user's newest events, newest first. */
    async listRecent(userId: string, limit: number): Promise<SecurityEventRow[]> {
      return db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.userId, userId))
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
        .limit(limit);
    },

    /** Deletes the user's events older than their newest `keep`. */
    async pruneOlderThan(userId: string, keep: number): Promise<void> {
      const boundary = db
        .select({ createdAt: securityEvents.createdAt })
        .from(securityEvents)
        .where(eq(securityEvents.userId, userId))
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
        .offset(keep - 1)
        .limit(1);
      await db
        .delete(securityEvents)
        .where(
          and(eq(securityEvents.userId, userId), lt(securityEvents.createdAt, sql`(${boundary})`)),
        );
    },
  };
}
