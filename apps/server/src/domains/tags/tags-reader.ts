import type { Executor } from '../../db/database';
import { createTagsRepository } from './tags-repository';

/**
 * What other domains may read of the household's tags, on any executor (their own database
 * transaction included): how the household already spells a tag (docs/architecture.md, One writer
 * per entity).
 */
export type TagsReader = Pick<ReturnType<typeof createTagsRepository>, 'spellings'>;

export function createTagsReader(executor: Executor): TagsReader {
  return createTagsRepository(executor);
}
