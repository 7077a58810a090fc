/**
 * The list's prepared statements by filter combination: the count of matches (from the counts
 * the triggers keep where they answer) and one page in list order.
 */
import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  accountBalances,
  accounts,
  transactionSearchCounts,
  transactionTotals,
  transactions,
} from '../../db/schema';
import { type ActiveFilters, filterConditions, placeholder, type SearchPlan } from './list-filters';

/** The list order: newest date first, then the newest made, then by id. */
export const LIST_ORDER = [
  desc(transactions.addedOn),
  desc(transactions.createdAt),
  desc(transactions.id),
];

/**
 * Counts kept by triggers answer every filter but dates and accounts: transaction_totals the
 * type and category, transaction_search_counts a search too, account_balances an account alone.
 * Date ranges and an account with other filters count the rows themselves.
 */
export function countQuery(db: Executor, active: ActiveFilters) {
  const isAccountOnly =
    active.accountId && Object.values({ ...active, accountId: false }).every((on) => !on);
  if (isAccountOnly) {
    return db
      .select({
        total: sql<number>`coalesce(sum(${accountBalances.transactionCount}), 0)::int`
          .mapWith(Number)
          .as('total'),
      })
      .from(accountBalances)
      .innerJoin(accounts, eq(accounts.id, accountBalances.accountId))
      .where(
        and(
          eq(accountBalances.accountId, placeholder('accountId')),
          eq(accounts.householdId, placeholder('householdId')),
        ),
      );
  }
  // transaction_search_counts keys a transaction by its own category only, so a search within a
  // category (which also finds split transactions by their parts) counts its rows.
  if (
    active.startDate ||
    active.endDate ||
    active.accountId ||
    (active.search && active.category)
  ) {
    return db
      .select({ total: sql<number>`count(*)::int`.mapWith(Number).as('total') })
      .from(transactions)
      .where(and(...filterConditions(active)));
  }
  const table = active.search ? transactionSearchCounts : transactionTotals;
  const conditions: SQL[] = [eq(table.householdId, placeholder('householdId'))];
  if (active.search) {
    conditions.push(sql`${transactionSearchCounts.searchText} LIKE ${placeholder('pattern')}`);
  }
  if (active.isIncome) conditions.push(eq(table.isIncome, placeholder('isIncome')));
  if (active.category) conditions.push(eq(table.category, placeholder('category')));
  // transaction_totals counts a split transaction once in each category it touches: without a
  // category filter, take off its extra ones (one empty index probe for a household without splits).
  const extraSplitCounts =
    table === transactionTotals && !active.category
      ? sql` - (SELECT count(DISTINCT (s.transaction_id, s.category)) - count(DISTINCT s.transaction_id)
          FROM transaction_splits AS s
          ${active.isIncome ? sql`JOIN transactions AS st ON st.id = s.transaction_id AND st.is_income = ${placeholder('isIncome')}` : sql``}
          WHERE s.household_id = ${placeholder('householdId')})`
      : sql``;
  return db
    .select({
      total: sql<number>`(coalesce(sum(${table.transactionCount}), 0)${extraSplitCounts})::int`
        .mapWith(Number)
        .as('total'),
    })
    .from(table)
    .where(and(...conditions));
}

/** The list order as an expression no index provides (`added_on + 0`): see SearchPlan. */
const LOOKUP_ORDER = [
  desc(sql`${transactions.addedOn} + 0`),
  desc(transactions.createdAt),
  desc(transactions.id),
];

/** One page of ids in list order, then their rows. */
export function pageQuery(db: Executor, active: ActiveFilters, plan: SearchPlan = 'index') {
  // Deferred join: the page's ids come from an index-only scan, so a deep page (offset
  // 5,000) skips rows in the index instead of fetching each one from the table.
  const pageIds = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(...filterConditions(active, plan)))
    .orderBy(...(plan === 'lookup' ? LOOKUP_ORDER : LIST_ORDER))
    .limit(placeholder('limit'))
    .offset(placeholder('offset'))
    .as('page_ids');
  return db
    .select(getTableColumns(transactions))
    .from(transactions)
    .innerJoin(pageIds, eq(transactions.id, pageIds.id))
    .orderBy(...LIST_ORDER);
}
