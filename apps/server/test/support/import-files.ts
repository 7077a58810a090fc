import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../../src/http/types';
import type { SignedUpUser } from '../test-app';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'imports');

/** A bank file from test/fixtures/imports. */
export function importFixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

/** A multipart body with text fields and one file, in the given order (as FormData sends it). */
export function multipartBody(
  parts: Array<
    { field: string; value: string } | { field: string; fileName: string; bytes: Buffer }
  >,
) {
  const boundary = `----moneta${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/imports with the file (and an account, sent before the file unless told). */
export function uploadImport(
  app: App,
  user: SignedUpUser,
  fileName: string,
  bytes: Buffer,
  options: { accountId?: string; accountAfterFile?: boolean } = {},
) {
  const file = { field: 'file', fileName, bytes };
  const account = options.accountId ? [{ field: 'accountId', value: options.accountId }] : [];
  const { payload, headers } = multipartBody(
    options.accountAfterFile ? [file, ...account] : [...account, file],
  );
  return app.inject({
    method: 'POST',
    url: '/api/imports',
    payload,
    headers: { ...headers, ...user.headers },
  });
}
