import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ReceiptLine } from './receipt-lines';
import type { OcrJob, OcrRequest, OcrResponse, OcrWorkerSettings } from './ocr-protocol';
import { ReceiptReadError } from './receipt-read-error';

export interface OcrPoolOptions extends OcrWorkerSettings {
  /** Worker processes, each reading one receipt at a time. */
  size: number;
  /** Receipts that may wait for a worker; one more is refused as 'busy'. */
  queueLimit: number;
  /** A receipt not read by then is abandoned and its worker killed ('timeout'). */
  timeoutMs: number;
  /** A worker resident above this many bytes after a receipt is replaced by a fresh one. */
  recycleRssBytes: number;
}

export interface OcrResult {
  source: 'ocr' | 'pdf-text';
  lines: ReceiptLine[];
  /** A PDF's page 1 as a PNG. */
  pagePng?: Buffer;
}

interface PendingJob {
  job: OcrJob;
  resolve: (result: OcrResult) => void;
  reject: (error: Error) => void;
}

interface Worker {
  process: ChildProcess;
  current?: { id: number; pending: PendingJob; timer: NodeJS.Timeout };
}

// In development and tests the sources run through tsx; the built server has ocr-worker.js
// beside it (the build bundles ocr-worker.ts as its own entry point).
function workerEntry(): { path: string; execArgv: string[] } {
  const isTypeScript = import.meta.url.endsWith('.ts');
  const path = fileURLToPath(
    new URL(isTypeScript ? './ocr-worker.ts' : './ocr-worker.js', import.meta.url),
  );
  return { path, execArgv: isTypeScript ? ['--import', import.meta.resolve('tsx')] : [] };
}

/**
 * A small pool of long-lived OCR worker processes with a bounded queue. Workers start on the
 * first receipt (server start stays fast), keep their models loaded, and are replaced when one
 * is killed for taking too long or dies.
 */
export function createOcrPool(options: OcrPoolOptions) {
  const workers: Worker[] = [];
  const queue: PendingJob[] = [];
  let nextId = 1;
  let isClosed = false;
  const entry = workerEntry();

  function spawnWorker(): Worker {
    const child = fork(entry.path, [], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: {
        ...process.env,
        MONETA_OCR_SETTINGS: JSON.stringify({
          threads: options.threads,
          maxImageSide: options.maxImageSide,
          detectionMaxPixels: options.detectionMaxPixels,
        } satisfies OcrWorkerSettings),
      },
    });
    const worker: Worker = { process: child };
    child.on('message', (response: OcrResponse) => {
      const current = worker.current;
      if (!current || current.id !== response.id) return;
      clearTimeout(current.timer);
      worker.current = undefined;
      if (response.ok) {
        const { source, lines, pagePng } = response;
        current.pending.resolve({
          source,
          lines,
          ...(pagePng
            ? { pagePng: Buffer.from(pagePng.buffer, pagePng.byteOffset, pagePng.byteLength) }
            : {}),
        });
      } else current.pending.reject(new ReceiptReadError(response.reason, response.message));
      // Memory a receipt made the worker take (pdfjs after a PDF, onnxruntime's arena after a
      // very large page) stays resident: past the limit the worker ends and the next receipt
      // starts a fresh one.
      if (response.rss > options.recycleRssBytes) {
        workers.splice(workers.indexOf(worker), 1);
        child.kill();
      }
      dispatch();
    });
    child.on('exit', () => {
      const index = workers.indexOf(worker);
      if (index >= 0) workers.splice(index, 1);
      const current = worker.current;
      if (current) {
        clearTimeout(current.timer);
        worker.current = undefined;
        current.pending.reject(
          new ReceiptReadError('unreadable', 'The receipt could not be read.'),
        );
      }
      dispatch();
    });
    workers.push(worker);
    return worker;
  }

  function dispatch() {
    while (!isClosed && queue.length > 0) {
      let worker = workers.find((w) => !w.current && w.process.connected);
      if (!worker && workers.length < options.size) worker = spawnWorker();
      if (!worker) return;
      const pending = queue.shift();
      if (!pending) return;
      const id = nextId++;
      const assigned = worker;
      const timer = setTimeout(() => {
        assigned.current = undefined;
        pending.reject(new ReceiptReadError('timeout', 'Reading the receipt took too long.'));
        // A stuck receipt must not hold the worker: kill it, a fresh one takes its place.
        assigned.process.kill('SIGKILL');
      }, options.timeoutMs);
      assigned.current = { id, pending, timer };
      assigned.process.send({ id, job: pending.job } satisfies OcrRequest);
    }
  }

  return {
    run(job: OcrJob): Promise<OcrResult> {
      if (isClosed)
        return Promise.reject(new ReceiptReadError('busy', 'The receipt reader is stopped.'));
      const idle = workers.filter((w) => !w.current).length + (options.size - workers.length);
      if (queue.length - idle >= options.queueLimit) {
        return Promise.reject(
          new ReceiptReadError('busy', 'Too many receipts are being read; try again shortly.'),
        );
      }
      return new Promise<OcrResult>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        dispatch();
      });
    },
    /** Process ids of the running workers (the benchmark adds up their memory). */
    workerPids(): number[] {
      return workers.flatMap((w) => (w.process.pid === undefined ? [] : [w.process.pid]));
    },
    async close(): Promise<void> {
      isClosed = true;
      for (const pending of queue.splice(0)) {
        pending.reject(new ReceiptReadError('busy', 'The receipt reader is stopped.'));
      }
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.process.exitCode !== null || w.process.signalCode !== null) return resolve();
              w.process.once('exit', () => resolve());
              w.process.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

export type OcrPool = ReturnType<typeof createOcrPool>;
