import { ErrorCode } from '@moneta/shared';
import type { Session } from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import type { SessionRow } from '../../db/schema';
import type { ClientInfo } from '../../http/client-info';
import { notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { createRecentLookup } from '../../lib/recent-lookup';
import { SESSION_LIFETIME_MS, type TokenService } from '../auth/token-service';
import type { SecurityEventsService } from '../security-events/security-events-service';
import { createSessionsRepository } from './sessions-repository';

/**
 * How long a looked-up session serves further requests. An ended session's token is refused on
 * this instance at once and on every other one within this time (docs/architecture.md, Security:
 * within 1 s).
 */
const RECENT_SESSION_TTL_MS = 1000;
/** last_seen_at is written when it is older than this, not on every request. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

export interface SessionsServiceOptions {
  tokens: TokenService;
  events: SecurityEventsService;
  recentTtlMs?: number | undefined;
}

function toSessionDto(row: SessionRow, currentId: string | undefined): Session {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    userAgent: row.userAgent,
    ip: row.ip,
    current: row.id === currentId,
  };
}

export function createSessionsService(db: Database, options: SessionsServiceOptions) {
  const sessions = createSessionsRepository(db);
  const { tokens, events } = options;

  const recent = createRecentLookup(
    async (id: string) => {
      const row = await sessions.findById(id);
      // Advisory: a failed write only leaves the time a little older.
      if (row && Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
        sessions.touch(id).catch(() => undefined);
      }
      return row;
    },
    { ttlMs: options.recentTtlMs ?? RECENT_SESSION_TTL_MS },
  );

  const forgetAll = (ids: string[]) => ids.forEach((id) => recent.forget(id));

  return {
    /** Starts a session and answers its token. `executor` puts it in the caller's transaction. */
    async start(userId: string, client: ClientInfo, executor: Executor = db): Promise<string> {
      const repository = executor === db ? sessions : createSessionsRepository(executor);
      await repository.deleteExpired(userId);
      const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
      const row = await repository.insert({ userId, expiresAt, ...client });
      return tokens.issue({ userId, sessionId: row.id, expiresAt });
    },

    /** The session, as of at most a second ago, if it has not ended or expired. */
    async findRecent(id: string): Promise<SessionRow | undefined> {
      const row = await recent.get(id);
      return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
    },

    async list(userId: string, currentId: string | undefined): Promise<Session[]> {
      return (await sessions.listActive(userId)).map((row) => toSessionDto(row, currentId));
    },

    /** Ends one of the user's sessions (logout, or from the list); another's id is a 404. */
    async end(userId: string, id: string, client: ClientInfo, isLogout = false): Promise<void> {
      if (!isId(id) || !(await sessions.delete(userId, id))) {
        throw notFound('Session not found.', ErrorCode.SESSION_NOT_FOUND);
      }
      recent.forget(id);
      await events.record(userId, isLogout ? 'signed-out' : 'session-ended', client);
    },

    /**
     * Ends every session of the user but `keepId` (none: all of them): "sign out everywhere
     * else", a password change or reset. Answers how many active sessions ended.
     */
    async endAllBut(
      userId: string,
      keepId: string | undefined,
      client: ClientInfo | undefined,
    ): Promise<number> {
      const ended = await sessions.deleteAllBut(userId, keepId);
      forgetAll(ended);
      if (ended.length > 0) {
        await events.record(userId, 'session-ended', client, `${ended.length} ended at once`);
      }
      return ended.length;
    },

    /**
     * Ends every session of the user in the caller's transaction and records nothing: the caller
     * records why (the owner's password reset). Answers how many active sessions ended.
     */
    async endAllIn(tx: Executor, userId: string): Promise<number> {
      const ended = await createSessionsRepository(tx).deleteAllBut(userId, undefined);
      forgetAll(ended);
      return ended.length;
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
