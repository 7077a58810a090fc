import { ErrorCode } from '@moneta/shared';
import type { FastifyRequest } from 'fastify';
import { finished, Readable } from 'node:stream';
import type pg from 'pg';
import { AppError } from './app-error';
import { heavyWorkKey, runAsHeavy } from './work-scope';

export interface HeavyWorkOptions {
  /** Heavy jobs the server runs at once. */
  perServer: number;
  /**
   * Where the cross-instance lock is taken (a PostgreSQL advisory lock, held on a connection of
   * this pool while the job runs); without it, one instance's own count is the only rule.
   */
  lockPool?: pg.Pool | undefined;
}

/** When a person may try again after the server-wide limit refused their job. */
const SERVER_BUSY_RETRY_SECONDS = 30;

const busyForYou = () =>
  new AppError(
    409,
    ErrorCode.BUSY,
    'Your earlier restore, import or export is still running. Please try again when it has finished.',
  );

const busyForServer = () =>
  new AppError(
    409,
    ErrorCode.BUSY,
    'The server is busy with other restores, imports and exports. Please try again in a minute.',
    SERVER_BUSY_RETRY_SECONDS,
  );

/**
 * A bank file past this size is read as heavy work: staging and classifying its rows is
 * seconds of database work, which at the ordinary priority took the cores from every other
 * user's requests while a 20 MB file was read (docs/reliability.md). A smaller one (a month's
 * statement is a few kilobytes) is read at once, beside the household's other work.
 */
export const HEAVY_UPLOAD_BYTES = 1024 * 1024;

/** Whether the request's body is past HEAVY_UPLOAD_BYTES, or of a size it does not give. */
export function isHeavyUpload(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length']);
  return !Number.isFinite(length) || length > HEAVY_UPLOAD_BYTES;
}

/**
 * Heavy work (docs/reliability.md: a restore, an import's commit, a full export, later bank sync): one
 * job at a time per household (heavyWorkKey), at most `perServer` at once on this server. A
 * second job of the same household is refused with 409 BUSY instead of waiting behind the
 * first; the server-wide limit answers 409 BUSY with Retry-After. Across instances, a
 * household's job holds a PostgreSQL advisory lock (try-lock, never a wait). Its statements
 * run on the heavy pool, with their longer time limit (db/fair-pool.ts).
 */
export function createHeavyWork(options: HeavyWorkOptions) {
  const running = new Set<string>();
  /** Advisory locks of ended jobs being given back: the household's next job waits for it. */
  const unlocking = new Map<string, Promise<void>>();

  /** Claims the household's slot, or throws BUSY; the returned function gives it back. */
  async function begin(request: FastifyRequest): Promise<() => void> {
    const key = heavyWorkKey(request);
    await unlocking.get(key);
    if (running.has(key)) throw busyForYou();
    if (running.size >= options.perServer) throw busyForServer();
    running.add(key);
    let lock: pg.PoolClient | undefined;
    try {
      lock = await takeLock(key);
    } catch (error) {
      running.delete(key);
      throw error;
    }
    let isEnded = false;
    return () => {
      if (isEnded) return;
      isEnded = true;
      running.delete(key);
      if (!lock) return;
      const unlocked = releaseLock(lock, key).finally(() => unlocking.delete(key));
      unlocking.set(key, unlocked);
    };
  }

  async function takeLock(key: string): Promise<pg.PoolClient | undefined> {
    if (!options.lockPool) return undefined;
    const client = await options.lockPool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_lock(hashtextextended('moneta-heavy-work:' || $1, 0)) AS locked",
        [key],
      );
      if (rows[0]?.locked) return client;
    } catch (error) {
      client.release();
      throw error;
    }
    client.release();
    throw busyForYou();
  }

  async function releaseLock(client: pg.PoolClient, key: string): Promise<void> {
    try {
      await client.query(
        "SELECT pg_advisory_unlock(hashtextextended('moneta-heavy-work:' || $1, 0))",
        [key],
      );
      client.release();
    } catch {
      // A connection that cannot unlock is closed: PostgreSQL drops its locks with it.
      client.release(true);
    }
  }

  return {
    /** Runs `work` as the household's heavy job. */
    async run<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
      const end = await begin(request);
      try {
        return await runAsHeavy(work);
      } finally {
        end();
      }
    },
    /** Starts a download as the household's heavy job; it ends when the stream does. */
    async stream<T>(request: FastifyRequest, start: () => T | Promise<T>): Promise<T> {
      const end = await begin(request);
      let result: T;
      try {
        result = await runAsHeavy(start);
      } catch (error) {
        end();
        throw error;
      }
      // At the stream's end, before the answer's last bytes leave: a client that reads the
      // download and at once asks for the next one is not refused.
      if (result instanceof Readable) {
        result.once('end', end);
        finished(result, () => end());
      } else {
        end();
      }
      return result;
    },
    /** Households with heavy work under way on this server (tests, the benchmark). */
    get runningCount() {
      return running.size;
    },
  };
}

export type HeavyWork = ReturnType<typeof createHeavyWork>;
