import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode, type RestoreResult } from '@moneta/shared';
import type { Database } from '../../db/database';
import { badRequest, conflict } from '../../http/app-error';
import type { MultipartPart } from '../../http/multipart-upload';
import { createAccountsReader } from '../accounts/accounts-reader';
import type { TransactionsService } from '../transactions/transactions-service';
import { createExportRepository } from './export-repository';
import { readExport } from './read-export';
import { createUploadDirectory } from './restore-uploads';
import { writeExport } from './restore-writer';
import { defaultHouseholdOf } from '../households/default-household';

const notEmpty = () =>
  conflict(
    'A restore needs an account without transactions or transfers: sign up anew, or delete them first.',
    ErrorCode.RESTORE_TARGET_NOT_EMPTY,
  );

/** Streams the part named `file` to a private temporary file; the other parts are skipped. */
async function saveUpload(parts: AsyncIterable<MultipartPart>, path: string): Promise<void> {
  let isSaved = false;
  for await (const part of parts) {
    if (part.kind !== 'file') continue;
    if (part.name !== 'file' || isSaved) {
      part.skip();
      continue;
    }
    await pipeline(Readable.from(part.chunks), createWriteStream(path, { mode: 0o600 }));
    isSaved = true;
  }
  if (!isSaved) {
    throw badRequest('Send the export as the multipart field "file".', ErrorCode.NO_FILE);
  }
}

/**
 * Restores a Moneta export into the signed-in user's account (docs/export-format.md), all or
 * nothing: the zip is saved to a temporary file (removed on every way out), read and checked
 * whole as a stream, then written in one database transaction. The account must hold no transactions or transfers (409), checked before
 * the upload is read and again under lock.
 */
export function createRestoreService(
  db: Database,
  dependencies: {
    transactions: TransactionsService;
    /** Forgets a remembered user whose settings the restore changed (recent-users.ts). */
    forgetUser: (id: string) => void;
    /** Where uploads are kept while they are read (restore-uploads.ts): the system's by default. */
    uploadRoot?: string | undefined;
  },
) {
  return {
    /**
     * `asHeavyWork` runs the reading and writing as the household's heavy job; the upload is
     * received before it, so a slow sender holds none of the server's heavy-work places.
     */
    async restore(
      userId: string,
      parts: AsyncIterable<MultipartPart>,
      asHeavyWork: <T>(work: () => Promise<T>) => Promise<T>,
    ): Promise<RestoreResult> {
      if (await createExportRepository(db).holdsLedger(userId)) throw notEmpty();
      const directory = await createUploadDirectory(dependencies.uploadRoot ?? tmpdir());
      try {
        const path = join(directory, 'export.zip');
        await saveUpload(parts, path);
        return await asHeavyWork(() => restoreFile(userId, path));
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  };

  async function restoreFile(userId: string, path: string): Promise<RestoreResult> {
    const file = await open(path, 'r');
    try {
      const read = await readExport(path, file);
      const counts = await db.transaction(async (tx) => {
        await createAccountsReader(tx).lockAll((await defaultHouseholdOf(tx, userId)).id);
        if (await createExportRepository(tx).holdsLedger(userId)) throw notEmpty();
        return writeExport(tx, userId, read, dependencies.transactions);
      });
      dependencies.forgetUser(userId);
      return { formatVersion: read.manifest.version, counts };
    } finally {
      await file.close();
    }
  }
}

export type RestoreService = ReturnType<typeof createRestoreService>;
