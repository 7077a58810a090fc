import type { Database } from '../../db/database';
import { EcbFileError, readEcbFile } from './ecb-file';
import { createEcbRatesRepository } from './ecb-rates-repository';

/** The full history zip is 0.6 MB (2026); a download far larger is not the ECB's file. */
const MAX_DOWNLOAD_BYTES = 32 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 120_000;

export interface RatesLoaderLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export type RatesLoadResult =
  | { status: 'loaded'; rates: number; written: number; newest: string; seconds: number }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; reason: string };

class DownloadError extends Error {}

/** The file's bytes, refused when the answer is not 200 or grows past MAX_DOWNLOAD_BYTES. */
async function download(url: string, signal: AbortSignal): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]),
    });
  } catch (error) {
    throw new DownloadError(`the download failed: ${(error as Error).message}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new DownloadError(`the server answered ${response.status} ${response.statusText}`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_DOWNLOAD_BYTES) {
        throw new DownloadError(`the file is larger than ${MAX_DOWNLOAD_BYTES} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    throw new DownloadError(`the download broke off: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the ECB's rates from `url` and stores them (docs/currencies.md). The whole file is read and
 * checked before anything is written, and written in one transaction, so a failed or malformed
 * download leaves the rates as they were; the reason is logged and returned, never thrown.
 */
export function createRatesLoader(
  db: Database,
  options: { url: string; logger: RatesLoaderLogger },
) {
  const { url, logger } = options;
  const stopping = new AbortController();

  return {
    async load(): Promise<RatesLoadResult> {
      const started = performance.now();
      try {
        const rates = readEcbFile(await download(url, stopping.signal));
        const written = await db.transaction(async (tx) => {
          const repository = createEcbRatesRepository(tx);
          if (!(await repository.tryLock())) return undefined;
          return repository.store(rates);
        });
        if (written === undefined) {
          return { status: 'skipped', reason: 'another instance is storing rates' };
        }
        const newest = rates.dates.reduce((latest, date) => (date > latest ? date : latest));
        const result = {
          status: 'loaded' as const,
          rates: rates.dates.length,
          written,
          newest,
          seconds: (performance.now() - started) / 1000,
        };
        logger.info({ url, ...result }, 'Exchange rates loaded');
        return result;
      } catch (error) {
        const reason =
          error instanceof DownloadError || error instanceof EcbFileError
            ? error.message
            : `storing them failed: ${(error as Error).message}`;
        logger.warn({ url, reason }, 'Exchange rates not loaded; the rates kept are unchanged');
        return { status: 'failed', reason };
      }
    },

    /** The newest day with an ECB rate; undefined while none is kept. */
    newestDate(): Promise<string | undefined> {
      return createEcbRatesRepository(db).newestDate();
    },

    /** Aborts a download in progress (the server is closing). */
    abort(): void {
      stopping.abort();
    },
  };
}

export type RatesLoader = ReturnType<typeof createRatesLoader>;
