import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Database } from '../../src/db/database';
import { createRatesLoader } from '../../src/domains/rates/rates-loader';

/**
 * The ECB's files for tests and benchmarks: ../shared/rates beside the repository (CI clones
 * the repository beside it), eurofxref-hist.zip there covering 1999-01-04 to 2026-04-13.
 */
export const SHARED_RATES_DIR = resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  '..',
  'shared',
  'rates',
);
export const HISTORY_ZIP = join(SHARED_RATES_DIR, 'eurofxref-hist.zip');

export interface RatesFileServer {
  /** The address of a file: one of SHARED_RATES_DIR's, or of `extra`. */
  url(name: string): string;
  /** How many times each path was asked for. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A local HTTP server (127.0.0.1, a free port) serving SHARED_RATES_DIR and `extra` files by
 * name, 404 for anything else: the loader's real download-and-parse path runs against it.
 */
export async function startRatesFileServer(
  extra: Record<string, string | Uint8Array> = {},
): Promise<RatesFileServer> {
  const requests = new Map<string, number>();
  const server = createServer((request, response) => {
    const name = decodeURIComponent((request.url ?? '/').split('?')[0]!.slice(1));
    requests.set(name, (requests.get(name) ?? 0) + 1);
    const send = (status: number, body: string | Uint8Array) => {
      response.writeHead(status, { 'content-type': 'application/octet-stream' });
      response.end(body);
    };
    if (name in extra) return send(200, extra[name]!);
    if (!/^[\w.-]+$/.test(name)) return send(404, 'not found');
    readFile(join(SHARED_RATES_DIR, name)).then(
      (content) => send(200, content),
      () => send(404, 'not found'),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    requests,
    close: () =>
      new Promise<void>((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };
}

/**
 * The ECB's whole history (the shared zip, served by `files`) loaded into the database as the
 * rates loader loads it at start; answers the loader's outcome.
 */
export function loadRatesHistory(db: Database, files: RatesFileServer) {
  return createRatesLoader(db, {
    url: files.url('eurofxref-hist.zip'),
    logger: { info: () => undefined, warn: () => undefined },
  }).load();
}
