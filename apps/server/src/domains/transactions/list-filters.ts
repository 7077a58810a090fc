/**
 * The list's filters as SQL: which filter combination a request uses (each one a prepared
 * statement of its own), the WHERE of each, and the conditions of the requests no prepared
 * statement covers (a tag, a search with operators).
 */
import {
  type AmountComparison,
  parseSearch,
  type SearchTerm,
  type TransactionFilters,
} from '@moneta/shared';
import { eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import type { HouseholdId } from '../households/household-id';

/** Escapes LIKE wildcards so that a search for "50%" means the text "50%". */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export const placeholder = sql.placeholder;

const COMPARISONS: Record<AmountComparison, SQL> = {
  '>': sql.raw('>'),
  '>=': sql.raw('>='),
  '<': sql.raw('<'),
  '<=': sql.raw('<='),
  '=': sql.raw('='),
};

/** One term of a search with operators (packages/shared search-query.ts) as a condition. */
function termCondition(householdId: HouseholdId, term: SearchTerm): SQL {
  switch (term.kind) {
    case 'words':
    case 'phrase':
      return sql`${transactions.searchText} LIKE ${likePattern(term.value)}`;
    case 'exclude':
      return sql`${transactions.searchText} NOT LIKE ${likePattern(term.value)}`;
    case 'amount':
      return sql`${transactions.costCents} ${COMPARISONS[term.comparison]} ${term.cents}`;
    case 'amountOrText':
      return sql`(${transactions.costCents} = ${term.cents} OR ${transactions.searchText} LIKE ${likePattern(term.value)})`;
    case 'account':
      return sql`${transactions.accountId} IN (SELECT a.id FROM accounts AS a
        WHERE a.household_id = ${householdId} AND strpos(lower(a.name), lower(${term.value})) > 0)`;
    // Like the category filter, a split transaction is in each of its parts' categories. The
    // parts' ids as an array (read once) let PostgreSQL OR two index scans — the category's rows
    // by transactions_household_category_key_idx, the parts' transactions by id — where `IN` would
    // test each of the household's rows against them.
    case 'category':
      return sql`(lower(${transactions.category}) = lower(${term.value}) OR ${transactions.id} = ANY(ARRAY(
        SELECT s.transaction_id FROM transaction_splits AS s
        WHERE s.household_id = ${householdId} AND lower(s.category) = lower(${term.value}))))`;
    case 'tag':
      return tagCondition(term.value);
    case 'before':
      return sql`${transactions.addedOn} < ${term.date}::date`;
    case 'after':
      return sql`${transactions.addedOn} > ${term.date}::date`;
  }
}

/** Rows carrying a tag, ignoring case: the GIN index on moneta_tag_keys(tags) (migration 0027). */
function tagCondition(tag: string): SQL {
  return sql`(${transactions.tags} <> '{}'::text[] AND moneta_tag_keys(${transactions.tags}) @> ARRAY[lower(${tag})]::text[])`;
}

/**
 * The conditions of a request the prepared statements below do not cover: a tag filter, the
 * member who entered the rows, or a search with operators. Undefined for every other request (a plain search keeps its tuned
 * statements untouched). The values are bound, not prepared: the forms of such searches are
 * too many to prepare each.
 */
export function extendedConditions(
  householdId: HouseholdId,
  filters: Partial<TransactionFilters>,
): SQL[] | undefined {
  const parsed = filters.search ? parseSearch(filters.search) : undefined;
  if (!filters.tag && !filters.createdBy && (!parsed || parsed.isPlain)) return undefined;
  const { search: _search, tag: _tag, createdBy: _createdBy, ...rest } = filters;
  const values = filterValues(householdId, rest);
  const conditions = filterConditions(activeFilters(rest), 'index', (key) => values[key]);
  if (filters.tag) conditions.push(tagCondition(filters.tag));
  if (filters.createdBy) conditions.push(eq(transactions.createdBy, filters.createdBy));
  if (parsed && !parsed.isPlain) {
    conditions.push(...parsed.terms.map((term) => termCondition(householdId, term)));
  } else if (filters.search) {
    conditions.push(sql`${transactions.searchText} LIKE ${likePattern(filters.search)}`);
  }
  return conditions;
}

/** Which filters a request uses: each combination is a prepared statement of its own. */
export interface ActiveFilters {
  search: boolean;
  isIncome: boolean;
  category: boolean;
  startDate: boolean;
  endDate: boolean;
  accountId: boolean;
}

export function activeFilters(filters: Partial<TransactionFilters>): ActiveFilters {
  return {
    search: Boolean(filters.search),
    isIncome: filters.isIncome !== undefined,
    category: Boolean(filters.category),
    startDate: Boolean(filters.startDate),
    endDate: Boolean(filters.endDate),
    accountId: Boolean(filters.accountId),
  };
}

/** A statement name per filter combination, e.g. `transactions_page_10100` for a search by type. */
export function statementName(prefix: string, active: ActiveFilters): string {
  return `${prefix}_${Object.values(active).map(Number).join('')}`;
}

/**
 * Every filter makes the best plan depend on its value (how rare the term, the category, the
 * kind; how wide the range), so only the unfiltered list keeps one plan for all.
 */
export function planWithValues(active: ActiveFilters) {
  return { planWithValues: Object.values(active).some(Boolean) };
}

/** The values of the placeholders that filterConditions and countQuery use. */
export function filterValues(householdId: HouseholdId, filters: Partial<TransactionFilters>) {
  return {
    householdId,
    pattern: filters.search ? likePattern(filters.search) : undefined,
    isIncome: filters.isIncome,
    category: filters.category,
    startDate: filters.startDate,
    endDate: filters.endDate,
    accountId: filters.accountId,
  };
}

/**
 * How a search finds its page. `index`: PostgreSQL chooses, planning with the term. `walk`: in
 * list order through the list index, testing each entry (the match is written so that the
 * trigram index cannot serve it); best when matches are common. `lookup`: the matches from the
 * trigram index, then sorted (the order is written so that the list index cannot serve it);
 * best when they are rare. Fixing the plan by the query's form lets both be named statements.
 */
export type SearchPlan = 'index' | 'walk' | 'lookup';

type FilterKey = keyof ReturnType<typeof filterValues>;

/**
 * The WHERE of a filter combination. Values are placeholders of a prepared statement, or (with
 * `valueOf`) the values themselves, for a query that is not prepared.
 */
export function filterConditions(
  active: ActiveFilters,
  plan: SearchPlan = 'index',
  valueOf: (key: FilterKey) => unknown = placeholder,
): SQL[] {
  const value = valueOf as (key: FilterKey) => ReturnType<typeof placeholder>;
  const conditions: SQL[] = [eq(transactions.householdId, value('householdId'))];
  if (active.search && plan === 'walk')
    conditions.push(sql`(${transactions.searchText} || '') LIKE ${value('pattern')}`);
  else if (active.search) conditions.push(sql`${transactions.searchText} LIKE ${value('pattern')}`);
  if (active.isIncome) conditions.push(eq(transactions.isIncome, value('isIncome')));
  // A split transaction is in each of its parts' categories (docs/api.md, Transactions): the household's
  // parts of the category are read once (a hashed subplan), not probed per row.
  if (active.category) {
    conditions.push(
      sql`(${transactions.category} = ${value('category')} OR ${transactions.id} IN (
        SELECT s.transaction_id FROM transaction_splits AS s
        WHERE s.household_id = ${value('householdId')} AND s.category = ${value('category')}))`,
    );
  }
  if (active.startDate) conditions.push(gte(transactions.addedOn, value('startDate')));
  if (active.endDate) conditions.push(lte(transactions.addedOn, value('endDate')));
  if (active.accountId) conditions.push(eq(transactions.accountId, value('accountId')));
  return conditions;
}
