import type { ExportManifest } from '@moneta/shared';
import type { ThreadFailure } from '../../http/thread-failure';
import type { HeldRecords, NumberedRecord } from './read-export';
import type { LinkedTransaction } from './restore-checks';

/**
 * The messages between the server and the thread that reads a restore's zip
 * (read-export-off-thread.ts, restore-reading-worker.ts). The thread reads one export, then
 * ends; each question after the check names its id, answered once.
 */
export type ToRestoreReader =
  | { type: 'read'; path: string }
  /** The next batch of transactions, read again from the zip. */
  | { type: 'transactions'; id: number }
  | { type: 'file'; id: number; path: string };

export type FromRestoreReader =
  | {
      type: 'checked';
      manifest: ExportManifest;
      records: HeldRecords;
      linked: Map<string, LinkedTransaction>;
    }
  /** `records` null: no transactions are left. */
  | { type: 'transactions'; id: number; records: NumberedRecord<'transactions'>[] | null }
  /** The file's bytes (their buffer transferred). */
  | { type: 'file'; id: number; bytes: Uint8Array }
  /** `id` absent: the reading and check themselves failed. */
  | { type: 'failed'; id?: number; failure: ThreadFailure };
