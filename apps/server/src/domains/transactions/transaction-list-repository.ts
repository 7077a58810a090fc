/**
 * The transaction list: which rows a page holds and how many match, for every filter
 * combination, the transfer legs among them, and the keyset batches the CSV export streams.
 * Reads only; the writes live in transactions-repository.ts.
 *
 * `select` picks how a request's filters are read, once: a tag or a search with operators by
 * bound conditions (extended-list.ts), every other combination by its prepared statements
 * (prepared-list.ts).
 */
import type { TransactionFilters } from '@moneta/shared';
import type { Executor } from '../../db/database';
import { createExtendedList } from './extended-list';
import type { FilteredList, ListWindow } from './filtered-list';
import { extendedConditions } from './list-filters';
import { createPreparedList } from './prepared-list';
import type { HouseholdId } from '../households/household-id';

export function createTransactionListRepository(db: Executor) {
  function select(householdId: HouseholdId, filters: Partial<TransactionFilters>): FilteredList {
    const extended = extendedConditions(householdId, filters);
    return extended
      ? createExtendedList(db, extended)
      : createPreparedList(db, householdId, filters);
  }

  return {
    select,

    page: (householdId: HouseholdId, filters: Partial<TransactionFilters>, page: ListWindow) =>
      select(householdId, filters).page(page),

    pageWithCount: (
      householdId: HouseholdId,
      filters: Partial<TransactionFilters>,
      page: ListWindow,
    ) => select(householdId, filters).pageWithCount(page),
  };
}

export type TransactionListRepository = ReturnType<typeof createTransactionListRepository>;
