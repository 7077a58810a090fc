import type { Executor } from '../../db/database';
import { createRatesRepository, type RatesRepository } from './rates-repository';

/**
 * What other domains may read of the exchange rates, on any executor (their own database
 * transaction included): an amount converted at its day's rate, never a write
 * (docs/architecture.md, One writer per entity).
 */
export type RatesReader = Pick<RatesRepository, 'convert'>;

export function createRatesReader(executor: Executor): RatesReader {
  return createRatesRepository(executor);
}
