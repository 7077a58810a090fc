import { PassThrough } from 'node:stream';
import {
  CHANGE_DOMAINS,
  ErrorCode,
  LIVE_CHANGE_LIMITS,
  type ChangeDomain,
  type ChangeEvent,
} from '@moneta/shared';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { AppError, appErrorWithin, notFound } from '../../http/app-error';
import type { HouseholdsService } from '../households/households-service';
import { createChangeListener, type Change } from './change-listener';

export interface LiveChangesServiceDependencies {
  /**
   * Settings of the LISTEN connection (a pool's, on a connection of its own); without them
   * (tests that build the app without its pools) no stream can be opened.
   */
  connection: pg.ClientConfig | undefined;
  /** Whether a stream's member still belongs to its household, asked on every membership change. */
  households: Pick<HouseholdsService, 'get'>;
  logger?: FastifyBaseLogger | undefined;
}

/** One open stream: a member's screen, watching one household. */
interface ChangeStream {
  userId: string;
  householdId: string;
  body: PassThrough;
  /** Domains changed since the last event sent, sent together when the coalescing wait ends. */
  pending: Set<ChangeDomain>;
  flushTimer: NodeJS.Timeout | undefined;
}

const tooManyStreams = () =>
  new AppError(
    429,
    ErrorCode.TOO_MANY_REQUESTS,
    `At most ${LIVE_CHANGE_LIMITS.streamsPerUser} live-change streams may be open at once. Close another tab or device's first.`,
    Math.ceil(LIVE_CHANGE_LIMITS.retryMs / 1000),
  );

const notListening = () => notFound('Live changes are not available on this server.');

const changeEvent = (domains: ChangeDomain[]) =>
  `event: change\ndata: ${JSON.stringify({ domains } satisfies ChangeEvent)}\n\n`;

/**
 * Live changes (docs/api.md, Live changes): each member's open stream hears of every change to
 * its household's data, as the database announced it (db/derived/change-notifications.ts)
 * through this instance's one LISTEN connection. Changes arriving within 250 ms go as one event;
 * a comment every 25 s keeps idle proxies from closing the stream. A membership change makes
 * every stream of that household ask again whether its member still belongs: a removed member's
 * stream ends at once.
 */
export function createLiveChangesService(deps: LiveChangesServiceDependencies) {
  const byHousehold = new Map<string, Set<ChangeStream>>();
  const streamsOfUser = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;

  function flush(stream: ChangeStream): void {
    stream.flushTimer = undefined;
    if (stream.pending.size === 0) return;
    const domains = CHANGE_DOMAINS.filter((domain) => stream.pending.has(domain));
    stream.pending.clear();
    stream.body.write(changeEvent(domains));
  }

  function queue(stream: ChangeStream, domains: readonly ChangeDomain[]): void {
    for (const domain of domains) stream.pending.add(domain);
    stream.flushTimer ??= setTimeout(() => flush(stream), LIVE_CHANGE_LIMITS.coalesceMs);
  }

  function forget(stream: ChangeStream): void {
    const streams = byHousehold.get(stream.householdId);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) byHousehold.delete(stream.householdId);
    const count = (streamsOfUser.get(stream.userId) ?? 1) - 1;
    if (count > 0) streamsOfUser.set(stream.userId, count);
    else streamsOfUser.delete(stream.userId);
    clearTimeout(stream.flushTimer);
    if (byHousehold.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  function close(stream: ChangeStream): void {
    forget(stream);
    stream.body.end();
  }

  /** Ends the streams of members who no longer belong to the household. */
  async function checkMembers(householdId: string): Promise<void> {
    for (const stream of byHousehold.get(householdId) ?? []) {
      try {
        await deps.households.get(stream.userId, householdId);
      } catch (error) {
        if (appErrorWithin(error)?.statusCode === 404) close(stream);
        else deps.logger?.warn({ err: error }, 'A live-change stream’s membership check failed');
      }
    }
  }

  function onChange({ householdId, domain }: Change): void {
    for (const stream of byHousehold.get(householdId) ?? []) queue(stream, [domain]);
    if (domain === 'households') void checkMembers(householdId);
  }

  /** Changes made while the connection was lost were not heard: every screen refreshes all. */
  function onReconnect(): void {
    for (const [householdId, streams] of byHousehold) {
      for (const stream of streams) queue(stream, CHANGE_DOMAINS);
      void checkMembers(householdId);
    }
  }

  const { connection } = deps;
  const listener =
    connection && createChangeListener({ connection, logger: deps.logger, onChange, onReconnect });

  function startHeartbeat(): void {
    heartbeat ??= setInterval(() => {
      for (const streams of byHousehold.values()) {
        for (const stream of streams) stream.body.write(': heartbeat\n\n');
      }
    }, LIVE_CHANGE_LIMITS.heartbeatMs);
    heartbeat.unref();
  }

  return {
    /**
     * Opens a stream of the household's changes for a member (whose membership the request's
     * authentication checked). Settles once this instance listens, so no change committed after
     * it is missed; the body ends when the member is removed, and closing it frees everything.
     */
    async open(userId: string, householdId: string): Promise<PassThrough> {
      if ((streamsOfUser.get(userId) ?? 0) >= LIVE_CHANGE_LIMITS.streamsPerUser) {
        throw tooManyStreams();
      }
      if (!listener) throw notListening();
      await listener.start();
      if ((streamsOfUser.get(userId) ?? 0) >= LIVE_CHANGE_LIMITS.streamsPerUser) {
        throw tooManyStreams();
      }
      const stream: ChangeStream = {
        userId,
        householdId,
        body: new PassThrough(),
        pending: new Set(),
        flushTimer: undefined,
      };
      let streams = byHousehold.get(householdId);
      if (!streams) byHousehold.set(householdId, (streams = new Set()));
      streams.add(stream);
      streamsOfUser.set(userId, (streamsOfUser.get(userId) ?? 0) + 1);
      stream.body.on('close', () => forget(stream));
      stream.body.write(`retry: ${LIVE_CHANGE_LIMITS.retryMs}\n: listening\n\n`);
      startHeartbeat();
      return stream.body;
    },

    /** Ends every stream and the LISTEN connection (the app closing). */
    async stop(): Promise<void> {
      for (const streams of [...byHousehold.values()]) {
        for (const stream of [...streams]) close(stream);
      }
      await listener?.stop();
    },
  };
}

export type LiveChangesService = ReturnType<typeof createLiveChangesService>;
