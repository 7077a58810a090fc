/**
 * The transaction list: which rows a page holds and how many match, for every filter
 * combination, and the keyset batches the CSV export streams. Reads only; the writes live in
 * transactions-repository.ts.
 */
import {
  type AmountComparison,
  parseSearch,
  type RateSource,
  type SearchTerm,
  type TransactionFilters,
} from '@moneta/shared';
import { and, desc, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import { convertedCents, rowRate } from '../../db/base-amount-sql';
import type { Executor } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statements';
import {
  accountBalances,
  accounts,
  transactionSearchCounts,
  transactionTotals,
  transactions,
  type TransactionRow,
} from '../../db/schema';
import { SAME_CURRENCY, type BaseAmount } from './base-amounts-repository';
import type { SplitPart } from './transaction-splits-repository';

/** One side of a transfer as the list with transfers shows it. */
export interface TransferLeg {
  transferId: string;
  /** true: the leg into `accountId`; false: the leg out of it. */
  isIncome: boolean;
  accountId: string;
  otherAccountId: string;
  date: string;
  /** In `currency`, the leg's account's. */
  amountCents: number;
  currency: string;
  /** The leg in the base currency (see BaseAmount). */
  baseAmount: BaseAmount;
  note: string | null;
  importId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Position of a row in the list order, for keyset paging through large results. */
export interface ListCursor {
  addedOn: string;
  createdAt: Date;
  id: string;
}

const LIST_ORDER = [
  desc(transactions.addedOn),
  desc(transactions.createdAt),
  desc(transactions.id),
];

/** Escapes LIKE wildcards so that a search for "50%" means the text "50%". */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const placeholder = sql.placeholder;

const COMPARISONS: Record<AmountComparison, SQL> = {
  '>': sql.raw('>'),
  '>=': sql.raw('>='),
  '<': sql.raw('<'),
  '<=': sql.raw('<='),
  '=': sql.raw('='),
};

/** One term of a search with operators (packages/shared search-query.ts) as a condition. */
function termCondition(userId: string, term: SearchTerm): SQL {
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
        WHERE a.user_id = ${userId} AND strpos(lower(a.name), lower(${term.value})) > 0)`;
    // Like the category filter, a split transaction is in each of its parts' categories. The
    // parts' ids as an array (read once) let PostgreSQL OR two index scans — the category's rows
    // by transactions_user_category_key_idx, the parts' transactions by id — where `IN` would
    // test each of the user's rows against them.
    case 'category':
      return sql`(lower(${transactions.category}) = lower(${term.value}) OR ${transactions.id} = ANY(ARRAY(
        SELECT s.transaction_id FROM transaction_splits AS s
        WHERE s.user_id = ${userId} AND lower(s.category) = lower(${term.value}))))`;
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
 * The conditions of a request the prepared statements below do not cover: a tag filter, or a
 * search with operators. Undefined for every other request (a plain search keeps its tuned
 * statements untouched). The values are bound, not prepared: the forms of such searches are
 * too many to prepare each.
 */
function extendedConditions(
  userId: string,
  filters: Partial<TransactionFilters>,
): SQL[] | undefined {
  const parsed = filters.search ? parseSearch(filters.search) : undefined;
  if (!filters.tag && (!parsed || parsed.isPlain)) return undefined;
  const { search: _search, tag: _tag, ...rest } = filters;
  const values = filterValues(userId, rest);
  const conditions = filterConditions(activeFilters(rest), 'index', (key) => values[key]);
  if (filters.tag) conditions.push(tagCondition(filters.tag));
  if (parsed && !parsed.isPlain) {
    conditions.push(...parsed.terms.map((term) => termCondition(userId, term)));
  } else if (filters.search) {
    conditions.push(sql`${transactions.searchText} LIKE ${likePattern(filters.search)}`);
  }
  return conditions;
}

/** Which filters a request uses: each combination is a prepared statement of its own. */
interface ActiveFilters {
  search: boolean;
  isIncome: boolean;
  category: boolean;
  startDate: boolean;
  endDate: boolean;
  accountId: boolean;
}

function activeFilters(filters: Partial<TransactionFilters>): ActiveFilters {
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
function statementName(prefix: string, active: ActiveFilters): string {
  return `${prefix}_${Object.values(active).map(Number).join('')}`;
}

/**
 * Every filter makes the best plan depend on its value (how rare the term, the category, the
 * kind; how wide the range), so only the unfiltered list keeps one plan for all.
 */
function planWithValues(active: ActiveFilters) {
  return { planWithValues: Object.values(active).some(Boolean) };
}

/** The values of the placeholders that filterConditions and countQuery use. */
function filterValues(userId: string, filters: Partial<TransactionFilters>) {
  return {
    userId,
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
type SearchPlan = 'index' | 'walk' | 'lookup';

type FilterKey = keyof ReturnType<typeof filterValues>;

/**
 * The WHERE of a filter combination. Values are placeholders of a prepared statement, or (with
 * `valueOf`) the values themselves, for a query that is not prepared.
 */
function filterConditions(
  active: ActiveFilters,
  plan: SearchPlan = 'index',
  valueOf: (key: FilterKey) => unknown = placeholder,
): SQL[] {
  const value = valueOf as (key: FilterKey) => ReturnType<typeof placeholder>;
  const conditions: SQL[] = [eq(transactions.userId, value('userId'))];
  if (active.search && plan === 'walk')
    conditions.push(sql`(${transactions.searchText} || '') LIKE ${value('pattern')}`);
  else if (active.search) conditions.push(sql`${transactions.searchText} LIKE ${value('pattern')}`);
  if (active.isIncome) conditions.push(eq(transactions.isIncome, value('isIncome')));
  // A split transaction is in each of its parts' categories (docs/api.md, Transactions): the user's
  // parts of the category are read once (a hashed subplan), not probed per row.
  if (active.category) {
    conditions.push(
      sql`(${transactions.category} = ${value('category')} OR ${transactions.id} IN (
        SELECT s.transaction_id FROM transaction_splits AS s
        WHERE s.user_id = ${value('userId')} AND s.category = ${value('category')}))`,
    );
  }
  if (active.startDate) conditions.push(gte(transactions.addedOn, value('startDate')));
  if (active.endDate) conditions.push(lte(transactions.addedOn, value('endDate')));
  if (active.accountId) conditions.push(eq(transactions.accountId, value('accountId')));
  return conditions;
}

/**
 * Counts kept by triggers answer every filter but dates and accounts: transaction_totals the
 * type and category, transaction_search_counts a search too, account_balances an account alone.
 * Date ranges and an account with other filters count the rows themselves.
 */
function countQuery(db: Executor, active: ActiveFilters) {
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
          eq(accounts.userId, placeholder('userId')),
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
  const conditions: SQL[] = [eq(table.userId, placeholder('userId'))];
  if (active.search) {
    conditions.push(sql`${transactionSearchCounts.searchText} LIKE ${placeholder('pattern')}`);
  }
  if (active.isIncome) conditions.push(eq(table.isIncome, placeholder('isIncome')));
  if (active.category) conditions.push(eq(table.category, placeholder('category')));
  // transaction_totals counts a split transaction once in each category it touches: without a
  // category filter, take off its extra ones (one empty index probe for a user without splits).
  const extraSplitCounts =
    table === transactionTotals && !active.category
      ? sql` - (SELECT count(DISTINCT (s.transaction_id, s.category)) - count(DISTINCT s.transaction_id)
          FROM transaction_splits AS s
          ${active.isIncome ? sql`JOIN transactions AS st ON st.id = s.transaction_id AND st.is_income = ${placeholder('isIncome')}` : sql``}
          WHERE s.user_id = ${placeholder('userId')})`
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
function pageQuery(db: Executor, active: ActiveFilters, plan: SearchPlan = 'index') {
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

/** Index entries a search may walk in list order before its matches are looked up instead. */
const SEARCH_WALK_LIMIT = 20_000;

export function createTransactionListRepository(db: Executor) {
  /** Rows matching extended conditions, in list order: ids first, as pageQuery does. */
  async function extendedPage(
    conditions: SQL[],
    page: { limit: number; offset: number },
  ): Promise<TransactionRow[]> {
    const pageIds = db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(...conditions))
      .orderBy(...LIST_ORDER)
      .limit(page.limit)
      .offset(page.offset)
      .as('page_ids');
    return db
      .select(getTableColumns(transactions))
      .from(transactions)
      .innerJoin(pageIds, eq(transactions.id, pageIds.id))
      .orderBy(...LIST_ORDER);
  }

  async function extendedCount(conditions: SQL[]): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
      .from(transactions)
      .where(and(...conditions));
    return row?.total ?? 0;
  }

  /**
   * A search's page and count without planning on every request: the kept counts say how many
   * transactions match and how many the user has, which decides how far a walk in list order
   * would go to fill the page; then the walk or the lookup runs as a named statement.
   */
  async function searchPageWithCount(
    userId: string,
    filters: Partial<TransactionFilters>,
    page: { limit: number; offset: number },
  ): Promise<{ rows: TransactionRow[]; total: number }> {
    const active = activeFilters(filters);
    const values = filterValues(userId, filters);
    const counts = preparedStatement(
      db,
      statementName('transactions_search_count', active),
      (name) =>
        db
          .select({
            total: sql<number>`(${countQuery(db, active)})`.mapWith(Number),
            all: sql<number>`coalesce(sum(${transactionTotals.transactionCount}), 0)::int`.mapWith(
              Number,
            ),
          })
          .from(transactionTotals)
          .where(eq(transactionTotals.userId, placeholder('userId')))
          .prepare(name),
    );
    const [count] = await counts.execute(values);
    const total = count?.total ?? 0;
    if (total === 0 || page.offset >= total) return { rows: [], total };
    const walkLength = ((page.offset + page.limit) * (count?.all ?? 0)) / total;
    const plan = walkLength <= SEARCH_WALK_LIMIT ? 'walk' : 'lookup';
    const statement = preparedStatement(
      db,
      statementName(`transactions_search_${plan}`, active),
      (name) => pageQuery(db, active, plan).prepare(name),
    );
    return { rows: await statement.execute({ ...values, ...page }), total };
  }

  return {
    /** One page of the list, newest first. */
    async page(
      userId: string,
      filters: Partial<TransactionFilters>,
      page: { limit: number; offset: number },
    ): Promise<TransactionRow[]> {
      const extended = extendedConditions(userId, filters);
      if (extended) return extendedPage(extended, page);
      const active = activeFilters(filters);
      const statement = preparedStatement(
        db,
        statementName('transactions_page', active),
        (name) => pageQuery(db, active).prepare(name),
        planWithValues(active),
      );
      return statement.execute({ ...filterValues(userId, filters), ...page });
    },

    /**
     * A page and the count of all matches in one statement: one round trip per list request
     * instead of two. The count is one row; the page joins it, so an empty page (beyond the
     * last) still brings the count, as a row of nulls. The plain list's statement also brings
     * each row's split parts (`parts`; an index probe per row), so that splits cost the list no
     * round trip of its own; the other shapes leave `parts` out.
     */
    async pageWithCount(
      userId: string,
      filters: Partial<TransactionFilters>,
      page: { limit: number; offset: number },
    ): Promise<{
      rows: TransactionRow[];
      total: number;
      parts?: ReadonlyMap<string, SplitPart[]>;
    }> {
      const extended = extendedConditions(userId, filters);
      if (extended) {
        const total = await extendedCount(extended);
        return { rows: total > page.offset ? await extendedPage(extended, page) : [], total };
      }
      const active = activeFilters(filters);
      if (active.search && !active.startDate && !active.endDate && !active.accountId)
        return searchPageWithCount(userId, filters, page);
      const statement = preparedStatement(
        db,
        statementName('transactions_page_count', active),
        (name) => {
          const counted = countQuery(db, active).as('counted');
          const pageRows = pageQuery(db, active).as('page_rows');
          const columns = getTableColumns(transactions);
          const rowColumns = Object.fromEntries(
            Object.keys(columns).map((key) => [key, pageRows[key as keyof typeof columns]]),
          ) as { [Key in keyof typeof columns]: (typeof pageRows)[Key] };
          const parts = sql<SplitPart[] | null>`(
            SELECT jsonb_agg(jsonb_build_object('category', s.category,
              'amountCents', s.amount_cents, 'note', s.note) ORDER BY s.position)
            FROM transaction_splits AS s WHERE s.transaction_id = ${pageRows.id})`;
          return db
            .select({ total: counted.total, ...rowColumns, splitParts: parts.as('split_parts') })
            .from(counted)
            .leftJoin(pageRows, sql`true`)
            .orderBy(desc(pageRows.addedOn), desc(pageRows.createdAt), desc(pageRows.id))
            .prepare(name);
        },
        planWithValues(active),
      );
      const result = await statement.execute({ ...filterValues(userId, filters), ...page });
      const parts = new Map<string, SplitPart[]>();
      const rows = result.flatMap(({ total: _total, splitParts, ...row }) => {
        if (row.id === null) return [];
        if (splitParts) parts.set(row.id, splitParts);
        return [row as TransactionRow];
      });
      return { rows, total: result[0]?.total ?? 0, parts };
    },

    /**
     * The first `count` rows in list order (a page of the list with transfer legs takes the
     * first offset + limit of each, then merges them).
     */
    async head(
      userId: string,
      filters: Partial<TransactionFilters>,
      count: number,
    ): Promise<TransactionRow[]> {
      const extended = extendedConditions(userId, filters);
      if (extended) return extendedPage(extended, { limit: count, offset: 0 });
      const values = filterValues(userId, filters);
      return db
        .select()
        .from(transactions)
        .where(and(...filterConditions(activeFilters(filters), 'index', (key) => values[key])))
        .orderBy(...LIST_ORDER)
        .limit(count);
    },

    /**
     * The transfer legs the filters select (docs/transfers.md), the first `count` in list order,
     * and how many there are: each transfer is a leg out of one account (an expense's direction,
     * on its date) and a leg into the other (an income's, on the day it arrived). A category
     * filter selects none (a transfer has no category); a search looks in the note.
     */
    async transferLegs(
      userId: string,
      base: string,
      filters: Partial<TransactionFilters>,
      count: number,
    ): Promise<{ legs: TransferLeg[]; total: number }> {
      // A transfer has no tags, amounts of one direction or category: a search with operators
      // or a tag lists transactions only (docs/decisions.md).
      if (extendedConditions(userId, filters)) return { legs: [], total: 0 };
      if (filters.category) return { legs: [], total: 0 };
      const conditions: SQL[] = [];
      if (filters.search)
        conditions.push(sql`lower(coalesce(note, '')) LIKE ${likePattern(filters.search)}`);
      if (filters.isIncome !== undefined) conditions.push(sql`is_income = ${filters.isIncome}`);
      if (filters.startDate) conditions.push(sql`day >= ${filters.startDate}::date`);
      if (filters.endDate) conditions.push(sql`day <= ${filters.endDate}::date`);
      if (filters.accountId) conditions.push(sql`account_id = ${filters.accountId}::uuid`);
      const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
      const result = await db.execute<{
        transfer_id: string;
        is_income: boolean;
        account_id: string;
        other_account_id: string;
        day: string;
        amount_cents: string | number;
        currency: string;
        base_cents: string | number | null;
        rate: string | null;
        rate_date: string | null;
        source: RateSource | null;
        note: string | null;
        import_id: string | null;
        created_at: string;
        updated_at: string;
        total: number;
      }>(sql`
        WITH legs AS (
          SELECT id AS transfer_id, false AS is_income, from_account_id AS account_id,
            to_account_id AS other_account_id, date AS day, amount_cents, note,
            from_import_id AS import_id, created_at, updated_at
          FROM transfers WHERE user_id = ${userId}
          UNION ALL
          SELECT id, true, to_account_id, from_account_id, coalesce(to_date, date),
            coalesce(to_amount_cents, amount_cents), note, to_import_id, created_at, updated_at
          FROM transfers WHERE user_id = ${userId}
        ), page AS (
          SELECT transfer_id, is_income, account_id, other_account_id, day, amount_cents, note,
            import_id, created_at, updated_at, count(*) OVER ()::int AS total
          FROM legs ${where}
          ORDER BY day DESC, created_at DESC, transfer_id DESC, is_income
          LIMIT ${count}
        )
        SELECT page.transfer_id, page.is_income, page.account_id, page.other_account_id,
          page.day::text AS day, page.amount_cents, a.currency,
          ${convertedCents(sql`page.amount_cents`, sql`r.rate`, base)} AS base_cents,
          r.rate, r.rate_date::text AS rate_date, r.source, page.note, page.import_id,
          page.created_at, page.updated_at, page.total
        FROM page JOIN accounts AS a ON a.id = page.account_id
        LEFT JOIN LATERAL ${rowRate(
          { userId: sql`a.user_id`, currency: sql`a.currency`, day: sql`page.day` },
          base,
        )} AS r ON true
        ORDER BY page.day DESC, page.created_at DESC, page.transfer_id DESC, page.is_income`);
      return {
        legs: result.rows.map((row) => ({
          transferId: row.transfer_id,
          isIncome: row.is_income,
          accountId: row.account_id,
          otherAccountId: row.other_account_id,
          date: row.day,
          amountCents: Number(row.amount_cents),
          currency: row.currency,
          baseAmount:
            row.currency === base
              ? SAME_CURRENCY
              : {
                  baseCents: row.base_cents === null ? null : Number(row.base_cents),
                  rate: row.rate === null ? null : Number(row.rate),
                  rateDate: row.rate_date,
                  source: row.source ?? 'none',
                },
          note: row.note,
          importId: row.import_id,
          createdAt: new Date(row.created_at),
          updatedAt: new Date(row.updated_at),
        })),
        total: result.rows[0]?.total ?? 0,
      };
    },

    /** How many transactions match the filters (the kept counts answer most combinations). */
    async count(userId: string, filters: Partial<TransactionFilters>): Promise<number> {
      const extended = extendedConditions(userId, filters);
      if (extended) return extendedCount(extended);
      const active = activeFilters(filters);
      const statement = preparedStatement(
        db,
        statementName('transactions_count', active),
        (name) => countQuery(db, active).prepare(name),
        planWithValues(active),
      );
      const [row] = await statement.execute(filterValues(userId, filters));
      return row?.total ?? 0;
    },

    /** The next batch after `cursor` in list order: constant memory however many rows. */
    async batchAfter(
      userId: string,
      filters: Partial<TransactionFilters>,
      cursor: ListCursor | undefined,
      size: number,
    ): Promise<TransactionRow[]> {
      const extended = extendedConditions(userId, filters);
      if (extended) {
        if (cursor) {
          extended.push(
            sql`(${transactions.addedOn}, ${transactions.createdAt}, ${transactions.id}) < (${cursor.addedOn}::date, ${cursor.createdAt}, ${cursor.id}::uuid)`,
          );
        }
        return db
          .select()
          .from(transactions)
          .where(and(...extended))
          .orderBy(...LIST_ORDER)
          .limit(size);
      }
      const active = activeFilters(filters);
      const name = statementName(
        cursor ? 'transactions_batch_after' : 'transactions_batch',
        active,
      );
      const statement = preparedStatement(
        db,
        name,
        (name) => {
          const conditions = filterConditions(active);
          if (cursor) {
            // A row comparison in the index's own order: the scan starts right after the cursor
            // (the equivalent OR of three cases is only a filter, rescanning every earlier row).
            conditions.push(
              sql`(${transactions.addedOn}, ${transactions.createdAt}, ${transactions.id}) < (${placeholder('afterAddedOn')}, ${placeholder('afterCreatedAt')}, ${placeholder('afterId')})`,
            );
          }
          return db
            .select()
            .from(transactions)
            .where(and(...conditions))
            .orderBy(...LIST_ORDER)
            .limit(placeholder('size'))
            .prepare(name);
        },
        planWithValues(active),
      );
      return statement.execute({
        ...filterValues(userId, filters),
        afterAddedOn: cursor?.addedOn,
        afterCreatedAt: cursor?.createdAt,
        afterId: cursor?.id,
        size,
      });
    },
  };
}

export type TransactionListRepository = ReturnType<typeof createTransactionListRepository>;
