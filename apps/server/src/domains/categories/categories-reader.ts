import type { Executor } from '../../db/database';
import { createCategoriesRepository, type CategoriesRepository } from './categories-repository';

/**
 * What other domains may read of the user's categories, on any executor (their own database
 * transaction included): the repository's reads, never its writes (docs/architecture.md, One
 * writer per entity).
 */
export type CategoriesReader = Pick<CategoriesRepository, 'exists'>;

export function createCategoriesReader(executor: Executor): CategoriesReader {
  return createCategoriesRepository(executor);
}
