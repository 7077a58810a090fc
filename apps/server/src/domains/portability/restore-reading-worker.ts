import { open } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { EXPENSIVE_WORK_NICENESS, lowerPriorityOfThisThread } from '../../db/cpu-priority';
import { toThreadFailure } from '../../http/thread-failure';
import { readExport, type NumberedRecord } from './read-export';
import type { FromRestoreReader, ToRestoreReader } from './restore-reading-protocol';

/**
 * The thread that reads a restore's zip (read-export-off-thread.ts): inflating entries and
 * parsing and checking a million records take seconds of CPU, which on the server's own thread
 * would hold every other request (docs/reliability.md). The database stays with the server:
 * the checked records go to it, then the transactions batch by batch and the files it asks for.
 */
const port = parentPort!;
// Seconds of reading yield the cores to the requests of everyone else whenever both want them.
lowerPriorityOfThisThread(EXPENSIVE_WORK_NICENESS);
const post = (message: FromRestoreReader, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

let batches: AsyncIterator<NumberedRecord<'transactions'>[]> | undefined;
let read: Awaited<ReturnType<typeof readExport>> | undefined;

async function answer(message: ToRestoreReader): Promise<void> {
  if (message.type === 'read') {
    const file = await open(message.path, 'r');
    // Read, the file stays open for the writer's questions: the thread ends with the restore,
    // and the file with it. Refused, it is closed here.
    read = await readExport(message.path, file).catch(async (error: unknown) => {
      await file.close();
      throw error;
    });
    const { manifest, records, linked } = read;
    return post({ type: 'checked', manifest, records, linked });
  }
  if (!read) throw new Error('The export was not read.');
  if (message.type === 'transactions') {
    batches ??= read.transactionBatches()[Symbol.asyncIterator]();
    const next = await batches.next();
    return post({ type: 'transactions', id: message.id, records: next.done ? null : next.value });
  }
  const bytes = new Uint8Array(await read.fileBytes(message.path));
  post({ type: 'file', id: message.id, bytes }, [bytes.buffer as ArrayBuffer]);
}

port.on('message', (message: ToRestoreReader) => {
  answer(message).catch((error: unknown) => {
    const id = message.type === 'read' ? undefined : message.id;
    post({ type: 'failed', ...(id === undefined ? {} : { id }), failure: toThreadFailure(error) });
  });
});
