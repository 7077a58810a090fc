import type { TagList } from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { TransactionsService } from '../transactions/transactions-service';
import { createTagsRepository } from './tags-repository';

/**
 * Tags (docs/api.md, Tags): read here; renamed, merged and deleted through the transactions
 * service, the one writer of the transactions that carry them.
 */
export function createTagsService(db: Executor, transactions: TransactionsService) {
  const repository = createTagsRepository(db);
  return {
    async list(userId: string): Promise<TagList> {
      return { tags: await repository.counts(userId) };
    },

    rename: (userId: string, from: string, to: string) => transactions.renameTag(userId, from, to),

    remove: (userId: string, tag: string) => transactions.removeTag(userId, tag),
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
