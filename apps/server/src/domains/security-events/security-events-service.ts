import { SECURITY_EVENT_TYPES, type SecurityEvent, type SecurityEventType } from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { SecurityEventRow } from '../../db/schema';
import type { ClientInfo } from '../../http/client-info';
import { createSecurityEventsRepository } from './security-events-repository';

/** What GET /auth/events shows (docs/architecture.md, Security). */
const LISTED_EVENTS = 100;
/**
 * Events kept per user. Failed sign-ins are the one kind a stranger can cause, so each of them
 * trims the user's history to this many: guessing cannot grow the table without bound.
 */
const KEPT_EVENTS = 1000;

function toSecurityEventDto(row: SecurityEventRow): SecurityEvent {
  const type = SECURITY_EVENT_TYPES.find((known) => known === row.type) ?? 'sign-in';
  return {
    _id: row.id,
    type,
    at: row.createdAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    detail: row.detail,
  };
}

export function createSecurityEventsService(db: Executor) {
  const events = createSecurityEventsRepository(db);
  return {
    /** Records an event; `executor` puts it in the caller's database transaction. */
    async record(
      userId: string,
      type: SecurityEventType,
      client: ClientInfo | undefined,
      detail: string | null = null,
      executor: Executor = db,
    ): Promise<void> {
      const repository = executor === db ? events : createSecurityEventsRepository(executor);
      await repository.insert({
        userId,
        type,
        detail,
        ip: client?.ip ?? null,
        userAgent: client?.userAgent ?? null,
      });
      if (type === 'sign-in-failed') await repository.pruneOlderThan(userId, KEPT_EVENTS);
    },

    async list(userId: string): Promise<SecurityEvent[]> {
      return (await events.listRecent(userId, LISTED_EVENTS)).map(toSecurityEventDto);
    },
  };
}

export type SecurityEventsService = ReturnType<typeof createSecurityEventsService>;
