import { parentPort } from 'node:worker_threads';
import type { ImportMapping } from '@moneta/shared';
import { EXPENSIVE_WORK_NICENESS, lowerPriorityOfThisThread } from '../../../db/cpu-priority';
import { toThreadFailure } from '../../../http/thread-failure';
import type { ReadRow } from './read-row';
import { readUpload, type ReadUploadFacts } from './read-upload';
import type { FromReader, ToReader } from './upload-protocol';

/**
 * The thread that reads uploaded bank files (read-upload-off-thread.ts): decoding, parsing and
 * mapping a 20 MB file take seconds of CPU, which on the server's own thread would stall every
 * other request. The database stays with the server: rows go back in batches to be written,
 * and the remembered mapping of a header is asked for.
 */
const port = parentPort!;
// Seconds of parsing yield the cores to the requests of everyone else whenever both want them.
lowerPriorityOfThisThread(EXPENSIVE_WORK_NICENESS);
const post = (message: FromReader) => port.postMessage(message);

interface Job {
  id: number;
  queue: Buffer[];
  isEnded: boolean;
  isCut: boolean;
  wake: (() => void) | undefined;
  answers: Map<number, { resolve(mapping: ImportMapping | undefined): void; reject(): void }>;
  nextAsk: number;
}

let current: Job | undefined;

/** The upload failed after the bytes sent: the server answers with its own error. */
class UploadCut extends Error {
  override name = 'UploadCut';
}

async function* chunksOf(job: Job): AsyncGenerator<Buffer> {
  for (;;) {
    const chunk = job.queue.shift();
    if (chunk) {
      post({ type: 'consumed', job: job.id });
      yield chunk;
      continue;
    }
    // A cut upload fails the reading after its last bytes, unless they were refused already.
    if (job.isEnded && job.isCut) throw new UploadCut();
    if (job.isEnded) return;
    await new Promise<void>((resolve) => {
      job.wake = resolve;
    });
  }
}

function ask(
  job: Job,
  question: { kind: 'mapping'; headerKey: string } | { kind: 'write'; rows: ReadRow[] },
): Promise<ImportMapping | undefined> {
  const id = job.nextAsk++;
  return new Promise((resolve, reject) => {
    job.answers.set(id, {
      resolve,
      reject: () => reject(new Error('The server could not answer.')),
    });
    post({ type: 'ask', job: job.id, id, ...question });
  });
}

function start(id: number, facts: ReadUploadFacts): void {
  const job: Job = {
    id,
    queue: [],
    isEnded: false,
    isCut: false,
    wake: undefined,
    answers: new Map(),
    nextAsk: 0,
  };
  current = job;
  readUpload(chunksOf(job), {
    ...facts,
    rememberedMapping: (headerKey) => ask(job, { kind: 'mapping', headerKey }),
    write: async (rows) => {
      await ask(job, { kind: 'write', rows });
    },
  }).then(
    (reading) => {
      current = undefined;
      post({ type: 'done', job: id, reading });
    },
    (error: unknown) => {
      current = undefined;
      post({ type: 'failed', job: id, failure: toThreadFailure(error) });
    },
  );
}

port.on('message', (message: ToReader) => {
  if (message.type === 'start') return start(message.job, message.facts);
  const job = current;
  // A message of a job that has ended (its file refused early) is left unread.
  if (!job || job.id !== message.job) return;
  if (message.type === 'chunk') {
    job.queue.push(
      Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength),
    );
  } else if (message.type === 'end') {
    job.isEnded = true;
    job.isCut = message.isCut;
  } else {
    const waiting = job.answers.get(message.id);
    job.answers.delete(message.id);
    if (message.ok) waiting?.resolve(message.mapping);
    else waiting?.reject();
    return;
  }
  job.wake?.();
  job.wake = undefined;
});
