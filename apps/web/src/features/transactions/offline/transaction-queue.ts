import { IDEMPOTENCY_KEY_HEADER } from '@moneta/shared/idempotency';
import type { Transaction, ValidTransactionInput } from '@moneta/shared/transaction-schemas';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { api, ApiError, ClientErrorCode } from '@/lib/api-client';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * Transactions added while offline wait here, on this device, until they can be sent
 * (docs/architecture.md, Web app). Each keeps the Idempotency-Key it was first sent with, so
 * sending it again — after a lost answer, from a second tab, at the next start — records it once.
 * Kept in localStorage: the entries are a few small JSON objects, read synchronously to draw the
 * pending rows (see docs/decisions.md).
 */
export type QueuedTransaction = {
  /** The Idempotency-Key: the same for every attempt. */
  key: string;
  /** Whose it is: only that user's session sends it. */
  userId: string;
  input: ValidTransactionInput;
  queuedAt: string;
};

/** Told when the queue changes in this tab; the `storage` event tells about the others. */
const CHANGE_EVENT = 'moneta:transaction-queue';

function read(): QueuedTransaction[] {
  try {
    const value: unknown = JSON.parse(readStorage(STORAGE_KEYS.transactionQueue) ?? '[]');
    return Array.isArray(value) ? (value as QueuedTransaction[]) : [];
  } catch {
    return [];
  }
}

function write(queue: QueuedTransaction[]): void {
  writeStorage(STORAGE_KEYS.transactionQueue, JSON.stringify(queue));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** A fresh key; crypto.randomUUID exists only in secure contexts (not on plain-HTTP LAN hosts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** POST /transactions with its key: the same key and body never record twice. */
export function sendTransaction(input: ValidTransactionInput, key: string): Promise<Transaction> {
  return api.post<Transaction>('/transactions', input, { [IDEMPOTENCY_KEY_HEADER]: key });
}

/** Whether a failure means the request may not have reached the server (worth sending again). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.code === ClientErrorCode.NETWORK_ERROR;
}

export function queueTransaction(
  userId: string,
  input: ValidTransactionInput,
  key: string = newIdempotencyKey(),
): QueuedTransaction {
  const entry = { key, userId, input, queuedAt: new Date().toISOString() };
  write([...read().filter((queued) => queued.key !== key), entry]);
  return entry;
}

export function queuedTransactions(userId: string): QueuedTransaction[] {
  return read().filter((queued) => queued.userId === userId);
}

/** The raw stored queue: a stable snapshot for useSyncExternalStore. */
export function queueSnapshot(): string {
  return readStorage(STORAGE_KEYS.transactionQueue) ?? '[]';
}

function remove(key: string): void {
  write(read().filter((queued) => queued.key !== key));
}

export function subscribeToQueue(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.transactionQueue) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export type FlushResult = {
  sent: Transaction[];
  /** Refused by the server (an archived account, say): dropped, with the server's reason. */
  refused: { entry: QueuedTransaction; error: ApiError }[];
  /** Still waiting: the network is down again, or the server failed. */
  waiting: number;
};

/** A 4xx that sending again cannot change; a lost session or a busy server can. */
function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  );
}

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends the user's queued transactions, oldest first, each with its own key. A network failure
 * or a server error stops the round and keeps the rest for the next one; a refusal (4xx) would
 * be refused again, so that entry is dropped and reported. One round at a time per tab.
 */
export function flushTransactionQueue(
  userId: string,
  send: typeof sendTransaction = sendTransaction,
): Promise<FlushResult> {
  flushing ??= (async () => {
    const result: FlushResult = { sent: [], refused: [], waiting: 0 };
    const queue = queuedTransactions(userId);
    for (const [index, entry] of queue.entries()) {
      try {
        result.sent.push(await send(entry.input, entry.key));
        remove(entry.key);
      } catch (error) {
        if (isRefusal(error)) {
          remove(entry.key);
          result.refused.push({ entry, error });
          continue;
        }
        result.waiting = queue.length - index;
        break;
      }
    }
    return result;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
