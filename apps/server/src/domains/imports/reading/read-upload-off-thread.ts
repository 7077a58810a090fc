import type { Worker } from 'node:worker_threads';
import { fromThreadFailure, type ThreadFailure } from '../../../http/thread-failure';
import { spawnWorker } from '../../../lib/worker-thread';
import type { ReadUploadOptions, UploadReading } from './read-upload';
import type { FromReader, ToReader } from './upload-protocol';

/** Files read at once; more wait for a thread. */
const MAX_THREADS = 4;
/** Threads kept for the next file, and for how long. */
const KEEP_IDLE = 2;
const IDLE_MS = 60_000;
/** Chunks sent ahead of the reader: the file is never held whole on either side. */
const CHUNKS_AHEAD = 8;

interface ReaderThread {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
  /** Called when the thread dies under a job. */
  onDeath?: (error: Error) => void;
}

// The reading runs as read-upload-worker.ts in development and tests, as the bundled
// import-worker.js in the built server.
function spawn(): ReaderThread {
  const worker = spawnWorker(
    new URL('./read-upload-worker.ts', import.meta.url),
    'import-worker.js',
    import.meta.url,
  );
  const thread: ReaderThread = { worker };
  const die = (error: Error) => {
    forgetIdle(thread);
    thread.onDeath?.(error);
  };
  worker.on('error', die);
  worker.on('exit', (code) => die(new Error(`The file reader stopped (exit ${code}).`)));
  return thread;
}

const idle: ReaderThread[] = [];
const waiting: Array<(thread: ReaderThread) => void> = [];
let busy = 0;
let nextJob = 1;

function forgetIdle(thread: ReaderThread): void {
  const index = idle.indexOf(thread);
  if (index >= 0) idle.splice(index, 1);
}

function acquire(): Promise<ReaderThread> {
  const reused = idle.pop();
  if (reused) {
    clearTimeout(reused.idleTimer);
    reused.worker.ref();
    busy++;
    return Promise.resolve(reused);
  }
  if (busy < MAX_THREADS) {
    busy++;
    return Promise.resolve(spawn());
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(thread: ReaderThread, isReusable: boolean): void {
  thread.onDeath = undefined;
  if (!isReusable) void thread.worker.terminate();
  const next = waiting.shift();
  if (next) return next(isReusable ? thread : spawn());
  busy--;
  if (!isReusable) return;
  if (idle.length >= KEEP_IDLE) {
    void thread.worker.terminate();
    return;
  }
  // An idle thread does not keep the process alive, and ends after a while unused.
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => {
    forgetIdle(thread);
    void thread.worker.terminate();
  }, IDLE_MS);
  thread.idleTimer.unref();
  idle.push(thread);
}

const errorOf = (failure: ThreadFailure) => fromThreadFailure(failure, 'Reading the file');

/**
 * readUpload (read-upload.ts) on a thread of its own (docs/reliability.md: no request holds the event
 * loop), with the same contract: the bytes go to the thread as they arrive, a few chunks
 * ahead; the rows come back in batches to `write`, in order, each written before the thread
 * goes on. A refusal comes back as the same AppError; a failure of `write` as itself.
 */
export async function readUploadOffThread(
  chunks: AsyncIterable<Buffer>,
  options: ReadUploadOptions,
): Promise<UploadReading> {
  const thread = await acquire();
  const job = nextJob++;
  const post = (message: ToReader, transfer: ArrayBuffer[] = []) =>
    thread.worker.postMessage(message, transfer);
  let isSettled = false;
  let isReusable = false;
  let ahead = 0;
  let makeRoom: (() => void) | undefined;
  let ownError: unknown;
  /** The upload's own failure (too large, cut short), after the bytes the thread has. */
  let uploadError: unknown;

  try {
    return await new Promise<UploadReading>((resolve, reject) => {
      const settle = (outcome: () => void) => {
        if (isSettled) return;
        isSettled = true;
        thread.worker.off('message', onMessage);
        makeRoom?.();
        outcome();
      };
      thread.onDeath = (error) => settle(() => reject(error));

      const answer = async (message: Extract<FromReader, { type: 'ask' }>) => {
        try {
          if (message.kind === 'mapping') {
            const mapping = await options.rememberedMapping(message.headerKey);
            post({ type: 'answer', job, id: message.id, ok: true, mapping });
          } else {
            await options.write(message.rows);
            post({ type: 'answer', job, id: message.id, ok: true });
          }
        } catch (error) {
          ownError ??= error;
          if (!isSettled) post({ type: 'answer', job, id: message.id, ok: false });
        }
      };
      const onMessage = (message: FromReader) => {
        if (message.job !== job) return;
        if (message.type === 'consumed') {
          ahead--;
          makeRoom?.();
        } else if (message.type === 'ask') {
          void answer(message);
        } else if (message.type === 'done') {
          isReusable = true;
          settle(() => (uploadError ? reject(uploadError) : resolve(message.reading)));
        } else {
          isReusable = true;
          // A refusal of bytes before the upload failed comes first, as readUpload reads in order.
          const refusal = message.failure.kind === 'app' ? errorOf(message.failure) : undefined;
          settle(() => reject(ownError ?? refusal ?? uploadError ?? errorOf(message.failure)));
        }
      };
      thread.worker.on('message', onMessage);
      post({
        type: 'start',
        job,
        facts: { monthFirst: options.monthFirst, isCardAccount: options.isCardAccount ?? false },
      });

      const pump = async () => {
        // Pulled by hand, never `return`ed: a refused file's rest is left to the caller,
        // as readUpload leaves it.
        const source = chunks[Symbol.asyncIterator]();
        for (;;) {
          while (ahead >= CHUNKS_AHEAD && !isSettled) {
            await new Promise<void>((resume) => {
              makeRoom = resume;
            });
            makeRoom = undefined;
          }
          if (isSettled) return;
          const next = await source.next();
          if (isSettled) return;
          if (next.done) return post({ type: 'end', job, isCut: false });
          const bytes = new Uint8Array(next.value);
          ahead++;
          post({ type: 'chunk', job, bytes }, [bytes.buffer]);
        }
      };
      // The upload failing (too large, cut short): the thread reads what it has and then fails,
      // so that a refusal of an earlier line still wins, as when reading in order.
      pump().catch((error: unknown) => {
        uploadError = error;
        if (!isSettled) post({ type: 'end', job, isCut: true });
      });
    });
  } finally {
    release(thread, isReusable);
  }
}
