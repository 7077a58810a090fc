import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Adds files to a zip being streamed; each call returns once its bytes are on their way. */
export interface ZipWriter {
  /** A whole file: stored as is (`store`, for JPEG, PNG, PDF: compressed already) or deflated. */
  file(name: string, content: Uint8Array, options?: { store?: boolean }): Promise<void>;
  /** A JSON Lines file written batch by batch: one JSON value a line. */
  lines(name: string, batches: AsyncIterable<unknown[]>): Promise<number>;
}

const encoder = new TextEncoder();
/** fflate's default; level 9 cost twice the time for a few percent on JSON. */
const DEFLATE_LEVEL = 6;

class StreamClosed extends Error {
  constructor() {
    super('The download was closed before the zip was written.');
  }
}

/** Resolves when `output` takes writes again; throws when it was closed (the client left). */
function drained(output: PassThrough): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      if (output.destroyed) reject(new StreamClosed());
      else resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });
}

/**
 * A zip written by `produce` as a stream: fflate makes each chunk as a file is pushed, and
 * `produce` waits whenever the reader (the HTTP response) is behind, so memory holds about
 * one batch and one chunk whatever the zip's size. A reader that goes away makes the pending
 * write throw inside `produce`, which ends its work (and its database transaction).
 */
export function streamZip(produce: (zip: ZipWriter) => Promise<void>): Readable {
  const output = new PassThrough({ highWaterMark: 1024 * 1024 });
  const mtime = new Date();
  let pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });

  async function flush(): Promise<void> {
    if (failure) throw failure;
    const chunks = pending;
    pending = [];
    for (const chunk of chunks) {
      if (output.destroyed) throw new StreamClosed();
      if (!output.write(chunk)) await drained(output);
    }
  }

  const writer: ZipWriter = {
    async file(name, content, options = {}) {
      const entry = options.store
        ? new ZipPassThrough(name)
        : new ZipDeflate(name, { level: DEFLATE_LEVEL });
      entry.mtime = mtime;
      zip.add(entry);
      entry.push(content, true);
      await flush();
    },
    async lines(name, batches) {
      const entry = new ZipDeflate(name, { level: DEFLATE_LEVEL });
      entry.mtime = mtime;
      zip.add(entry);
      let count = 0;
      for await (const batch of batches) {
        if (batch.length === 0) continue;
        count += batch.length;
        entry.push(encoder.encode(batch.map((value) => `${JSON.stringify(value)}\n`).join('')));
        await flush();
      }
      entry.push(new Uint8Array(0), true);
      await flush();
      return count;
    },
  };

  produce(writer)
    .then(async () => {
      zip.end();
      await flush();
      output.end();
    })
    .catch((error: unknown) => {
      if (!output.destroyed)
        output.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return output;
}
