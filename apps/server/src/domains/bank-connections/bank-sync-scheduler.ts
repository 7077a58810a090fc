import type { FastifyBaseLogger } from 'fastify';
import type { BankConnectionsService } from './bank-connections-service';

/** Connections one look starts at most; the rest are due at the next look. */
const DUE_PER_LOOK = 10;

export interface BankSyncScheduler {
  stop(): Promise<void>;
}

/**
 * Looks for connections whose next sync is due (each connection's own time: the interval minus
 * a jitter, bank-context.ts) every `lookEveryMs`, on every instance; each sync takes its
 * connection's advisory lock, so two instances never sync one connection at once.
 */
export function startBankSyncScheduler(
  service: BankConnectionsService,
  options: { lookEveryMs: number; logger: FastifyBaseLogger },
): BankSyncScheduler {
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;
  let isStopped = false;

  const look = () => {
    timer = undefined;
    looking = service
      .syncDue(DUE_PER_LOOK)
      .then(() => undefined)
      .catch((error: unknown) =>
        options.logger.error({ err: error }, 'bank sync scheduling failed'),
      )
      .then(() => {
        looking = undefined;
        if (isStopped) return;
        timer = setTimeout(look, options.lookEveryMs);
        timer.unref();
      });
  };
  look();

  return {
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await looking;
      await service.close();
    },
  };
}
