import { addDays } from '@moneta/shared';
import type { RatesLoader, RatesLoaderLogger } from './rates-loader';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RatesScheduler {
  /** Stops the timer, aborts a download in progress and waits for the run to end. */
  stop(): Promise<void>;
}

/**
 * Loads the rates in the background (never holding up the start): at once when none is kept or
 * the newest is older than yesterday (a server restarted daily still refreshes), then every day.
 * Every instance may run one: the loader's lock lets one store a file at a time.
 */
export function startRatesScheduler(
  loader: RatesLoader,
  options: { logger: RatesLoaderLogger; now?: () => Date; intervalMs?: number },
): RatesScheduler {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  let running: Promise<void> = Promise.resolve();

  const schedule = (delayMs: number) => {
    if (isStopped) return;
    timer = setTimeout(() => {
      running = run(loader.load());
    }, delayMs);
    timer.unref();
  };
  const run = async (work: Promise<unknown>) => {
    await work.catch((error: unknown) =>
      options.logger.warn({ err: error }, 'The exchange rates run failed'),
    );
    schedule(options.intervalMs ?? DAY_MS);
  };

  const first = loader
    .newestDate()
    .then((newest) => {
      const yesterday = addDays(now().toISOString().slice(0, 10), -1);
      return newest === undefined || newest < yesterday ? loader.load() : undefined;
    })
    .catch((error: unknown) =>
      options.logger.warn({ err: error }, 'The exchange rates could not be checked'),
    );
  running = run(first);

  return {
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      loader.abort();
      await running;
    },
  };
}
