import type { ImportMapping } from '@moneta/shared';
import type { ThreadFailure } from '../../../http/thread-failure';
import type { ReadRow } from './read-row';
import type { ReadUploadFacts, UploadReading } from './read-upload';

/**
 * The messages between the server and the thread that reads an uploaded bank file
 * (read-upload-off-thread.ts, read-upload-worker.ts). Each names its job: a worker reads one
 * file at a time and is then given the next.
 */
export type ToReader =
  | { type: 'start'; job: number; facts: ReadUploadFacts }
  /** The next bytes of the file (its buffer transferred). */
  | { type: 'chunk'; job: number; bytes: Uint8Array }
  /** The file ends; `isCut`: its upload failed here (too large, cut short) after these bytes. */
  | { type: 'end'; job: number; isCut: boolean }
  /** The answer to an `ask`: the remembered mapping, or that a batch was written. */
  | { type: 'answer'; job: number; id: number; ok: boolean; mapping?: ImportMapping | undefined };

export type FromReader =
  /** A chunk was taken from the queue: the server may send another. */
  | { type: 'consumed'; job: number }
  | { type: 'ask'; job: number; id: number; kind: 'mapping'; headerKey: string }
  | { type: 'ask'; job: number; id: number; kind: 'write'; rows: ReadRow[] }
  | { type: 'done'; job: number; reading: UploadReading }
  | { type: 'failed'; job: number; failure: ThreadFailure };
