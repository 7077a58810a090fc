import type { RecurringEngine, RecurringEngineLogger } from './recurring-engine';

/** After a run that stopped at its bound, the next one follows shortly instead of a full interval. */
const BACKLOG_DELAY_MS = 1000;

export interface RecurringScheduler {
  /** Stops the timer and waits for a run in progress (which stops after its current batch). */
  stop(): Promise<void>;
}

/**
 * Runs the recurring engine now (catching up after any downtime) and then every interval.
 * Every instance may run one: the engine's row locks keep them from doing the same work.
 */
export function startRecurringScheduler(
  engine: RecurringEngine,
  options: { intervalMs: number; logger: RecurringEngineLogger },
): RecurringScheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;

  const tick = () => {
    timer = undefined;
    running = engine
      .runDue({ shouldStop: () => isStopped })
      .then((result) => {
        if (result.transactionsCreated > 0 || result.failedRules > 0) {
          options.logger.info({ ...result }, 'Recurring transactions recorded');
        }
        return result.hasMore;
      })
      .catch((error: unknown) => {
        options.logger.error({ err: error }, 'The recurring transactions run failed');
        return false;
      })
      .then((hasMore) => {
        running = undefined;
        if (isStopped) return;
        timer = setTimeout(tick, hasMore ? BACKLOG_DELAY_MS : options.intervalMs);
        timer.unref();
      });
  };
  tick();

  return {
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
