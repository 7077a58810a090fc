import { CHANGE_DOMAINS, type ChangeDomain } from '@moneta/shared';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { CHANGE_CHANNEL } from '../../db/derived/change-notifications';

/** A household's change, as the database announced it. */
export interface Change {
  householdId: string;
  domain: ChangeDomain;
}

export interface ChangeListenerOptions {
  /** Settings of the one connection that listens (never one of the pool's). */
  connection: pg.ClientConfig;
  logger?: FastifyBaseLogger | undefined;
  /** Each change announced, as it arrives. */
  onChange(change: Change): void;
  /**
   * The connection came back after it was lost: changes made meanwhile were not heard, so
   * whoever listens should assume everything changed.
   */
  onReconnect(): void;
}

/** Waits before reconnecting: doubling from 1 s to 30 s while the database stays away. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

const isDomain = (value: string): value is ChangeDomain =>
  (CHANGE_DOMAINS as readonly string[]).includes(value);

/** `<household id>:<domain>` (db/derived/change-notifications.ts), or undefined. */
export function parseChange(payload: string | undefined): Change | undefined {
  const separator = payload?.lastIndexOf(':') ?? -1;
  if (!payload || separator < 1) return undefined;
  const domain = payload.slice(separator + 1);
  return isDomain(domain) ? { householdId: payload.slice(0, separator), domain } : undefined;
}

/**
 * The server's one LISTEN connection on `moneta_changes`, apart from the request pool (a pooled
 * connection is handed to other requests and would stop listening). Every instance holds its
 * own, so a change written through any instance reaches the streams of all. Opened by the first
 * `start()`, kept until `stop()`, reconnected when the database goes away.
 */
export function createChangeListener(options: ChangeListenerOptions) {
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = RECONNECT_FIRST_MS;
  let isStopped = false;
  let hasConnectedBefore = false;

  function scheduleReconnect(): void {
    if (isStopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (client) return;
      connecting = connect().catch(() => scheduleReconnect());
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  }

  function lost(lostClient: pg.Client, error?: Error): void {
    if (client !== lostClient) return;
    client = undefined;
    connecting = undefined;
    if (error) options.logger?.warn({ err: error }, 'The live-changes connection was lost');
    void lostClient.end().catch(() => undefined);
    scheduleReconnect();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client(options.connection);
    next.on('notification', (message) => {
      const change = parseChange(message.payload);
      if (change) options.onChange(change);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (isStopped) {
      await next.end();
      return;
    }
    client = next;
    retryMs = RECONNECT_FIRST_MS;
    if (hasConnectedBefore) options.onReconnect();
    hasConnectedBefore = true;
  }

  return {
    /** Listens from now on; settles once listening, so a stream opened after misses nothing. */
    async start(): Promise<void> {
      if (isStopped || client) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      connecting ??= connect().catch((error: unknown) => {
        connecting = undefined;
        throw error;
      });
      await connecting;
    },

    async stop(): Promise<void> {
      isStopped = true;
      clearTimeout(retryTimer);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}

export type ChangeListener = ReturnType<typeof createChangeListener>;
