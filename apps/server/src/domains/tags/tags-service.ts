import type { TagList } from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { TransactionsService } from '../transactions/transactions-service';
import { createTagsRepository } from './tags-repository';
import type { HouseholdId } from '../households/household-id';

/**
 * Tags (docs/api.md, Tags): read here; renamed, merged and deleted through the transactions
 * service, the one writer of the transactions that carry them.
 */
export function createTagsService(db: Executor, transactions: TransactionsService) {
  const repository = createTagsRepository(db);
  return {
    async list(householdId: HouseholdId): Promise<TagList> {
      return { tags: await repository.counts(householdId) };
    },

    rename: (householdId: HouseholdId, from: string, to: string) =>
      transactions.renameTag(householdId, from, to),

    remove: (householdId: HouseholdId, tag: string) => transactions.removeTag(householdId, tag),
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
