import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { multipartFile } from '../support/receipt-files';
import { createTestApp, type SignedUpUser, type TestContext } from '../test-app';

/**
 * A test file's app whose restores keep their uploads in a folder of the file's own, so that a
 * test can see the folder empty after each restore. Registers the file's beforeAll and afterAll.
 */
export function restoreTestApp(name: string) {
  let context: TestContext | undefined;
  let uploads: string | undefined;
  beforeAll(async () => {
    uploads = await mkdtemp(join(tmpdir(), `${name}-`));
    context = await createTestApp({ restoreUploadRoot: uploads });
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    if (uploads) await rm(uploads, { recursive: true, force: true });
  });
  return {
    get context(): TestContext {
      return context!;
    },
    get uploads(): string {
      return uploads!;
    },
    /** POST /api/export/restore of `zip` as `user`. */
    restore(user: SignedUpUser, zip: Buffer) {
      const body = multipartFile('file', 'moneta-export.zip', 'application/zip', zip);
      return context!.app.inject({
        method: 'POST',
        url: '/api/export/restore',
        payload: body.payload,
        headers: { ...body.headers, ...user.headers },
      });
    },
  };
}
