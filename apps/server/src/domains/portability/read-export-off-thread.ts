import { fromThreadFailure } from '../../http/thread-failure';
import { spawnWorker } from '../../lib/worker-thread';
import type { CheckedExport, NumberedRecord } from './read-export';
import type { FromRestoreReader, ToRestoreReader } from './restore-reading-protocol';

type Answer = Extract<FromRestoreReader, { id?: number }>;

/** A checked export whose zip is read by a thread of its own; `close` ends the thread. */
export interface ExportReading extends CheckedExport {
  close(): Promise<void>;
}

/**
 * readExport (read-export.ts) on a thread of its own at a lower CPU priority, as the bank files'
 * reading: the server's thread only writes. A refusal comes back as the same AppError. The
 * thread is the restore's alone (a restore is heavy work, two at most on a server), and ends
 * with `close` or when it fails.
 */
export async function readExportOffThread(path: string): Promise<ExportReading> {
  const worker = spawnWorker(
    new URL('./restore-reading-worker.ts', import.meta.url),
    'restore-worker.js',
    import.meta.url,
  );
  const what = 'Reading the export';
  const pending = new Map<number, (answer: Answer) => void>();
  let nextId = 1;
  let death: Error | undefined;
  const die = (error: Error) => {
    death ??= error;
    for (const settle of pending.values()) {
      settle({ type: 'failed', failure: { kind: 'other', name: death.name } });
    }
    pending.clear();
  };
  worker.on('error', die);
  worker.on('exit', (code) => die(new Error(`The export reader stopped (exit ${code}).`)));

  const ask = (question: ToRestoreReader & { id: number }) =>
    new Promise<Answer>((resolve) => {
      if (death) return resolve({ type: 'failed', failure: { kind: 'other', name: death.name } });
      pending.set(question.id, resolve);
      worker.postMessage(question);
    });

  try {
    const checked = await new Promise<Extract<FromRestoreReader, { type: 'checked' }>>(
      (resolve, reject) => {
        worker.on('message', (message: FromRestoreReader) => {
          if (message.type === 'checked') return resolve(message);
          if (message.id === undefined) {
            if (message.type === 'failed') reject(fromThreadFailure(message.failure, what));
            return;
          }
          const settle = pending.get(message.id);
          pending.delete(message.id);
          settle?.(message);
        });
        worker.once('exit', () => reject(death));
        worker.postMessage({ type: 'read', path } satisfies ToRestoreReader);
      },
    );
    return {
      manifest: checked.manifest,
      records: checked.records,
      linked: checked.linked,
      async *transactionBatches(): AsyncGenerator<NumberedRecord<'transactions'>[]> {
        for (;;) {
          const answer = await ask({ type: 'transactions', id: nextId++ });
          if (answer.type === 'failed') throw fromThreadFailure(answer.failure, what);
          if (answer.type !== 'transactions' || answer.records === null) return;
          yield answer.records;
        }
      },
      async fileBytes(filePath) {
        const answer = await ask({ type: 'file', id: nextId++, path: filePath });
        if (answer.type === 'failed') throw fromThreadFailure(answer.failure, what);
        if (answer.type !== 'file') throw new Error(`${what} failed.`);
        return Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
      },
      close: async () => {
        await worker.terminate();
      },
    };
  } catch (error) {
    await worker.terminate();
    throw error;
  }
}
