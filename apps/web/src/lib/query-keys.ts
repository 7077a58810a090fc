import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Every kind of list the app reads categories as (docs/api.md, General rules). */
export type CategoryKind = 'expense' | 'income' | 'all';

/**
 * Every query key of the app, in one place, because the server changes several things at once
 * (a recurring rule records transactions, deleting a category moves transactions and removes
 * budgets) and the feature that makes the change must refresh what other features show. Each
 * family has its own first element, so invalidating a family's `all` reaches each of its queries
 * and nothing else.
 */
export const queryKeys = {
  transactions: {
    all: ['transactions'] as const,
    list: <Params extends object>(params: Params) => ['transactions', 'list', params] as const,
    /** Totals over a period (`null` ends: all time). */
    summary: (period: { from: string | null; to: string | null }) =>
      ['transactions', 'summary', period] as const,
    /** Chart data over a window of days. */
    charts: (window: { from: string; to: string }) => ['transactions', 'charts', window] as const,
  },
  categories: {
    all: ['categories'] as const,
    list: (kind: CategoryKind) => ['categories', kind] as const,
    /** Every category with its built-in, hidden and transaction count (Manage Categories). */
    managed: ['categories', 'managed'] as const,
  },
  budgets: {
    all: ['budgets'] as const,
    list: (month: { month: number; year: number }) => ['budgets', 'list', month] as const,
    /** The month's totals row and its income. */
    summary: (month: { month: number; year: number }) => ['budgets', 'summary', month] as const,
    /**
     * Savings goals, shown on the Budgets page: in this family so that whatever refreshes the
     * budgets' spending (a transaction saved or deleted) refreshes linked accounts' savings too.
     */
    goals: ['budgets', 'goals'] as const,
  },
  recurring: {
    all: ['recurring'] as const,
    list: ['recurring', 'list'] as const,
    upcoming: (days: number) => ['recurring', 'upcoming', days] as const,
  },
  receipts: {
    all: ['receipts'] as const,
    list: ['receipts', 'list'] as const,
  },
  /** The files one transaction holds (its Details dialog). */
  attachments: {
    all: ['attachments'] as const,
    list: (transactionId: string) => ['attachments', transactionId] as const,
  },
  /** Accounts with their balances, and each account's register (transactions and transfers). */
  accounts: {
    all: ['accounts'] as const,
    list: ['accounts', 'list'] as const,
    register: (accountId: string, page: number) =>
      ['accounts', 'register', accountId, page] as const,
  },
  /** The household's bank connections (Settings), and Enable Banking's banks of a country. */
  bankConnections: {
    all: ['bank-connections'] as const,
    list: ['bank-connections', 'list'] as const,
    banks: (country: string) => ['bank-connections', 'banks', country] as const,
  },
  /** Account security (Settings): sessions, two-factor, passkeys, API tokens, events. */
  security: {
    all: ['security'] as const,
    sessions: ['security', 'sessions'] as const,
    twoFactor: ['security', 'two-factor'] as const,
    passkeys: ['security', 'passkeys'] as const,
    tokens: ['security', 'tokens'] as const,
    events: ['security', 'events'] as const,
  },
  /**
   * Bank-file imports: the history, one import (its preview), and pages of its rows. A commit or
   * an undo also moves transactions, accounts and categories (see the imports feature).
   */
  imports: {
    all: ['imports'] as const,
    list: ['imports', 'list'] as const,
    detail: (importId: string) => ['imports', 'detail', importId] as const,
    /** Every page of one import's rows, whatever the filter. */
    rowsOf: (importId: string) => ['imports', 'rows', importId] as const,
    rows: (importId: string, params: { page: number; status: string }) =>
      ['imports', 'rows', importId, params] as const,
  },
  /** Categorisation rules (in the order they are tried) and the form's suggestion. */
  rules: {
    all: ['rules'] as const,
    list: ['rules', 'list'] as const,
    suggestion: (name: string, isIncome: boolean) => ['rules', 'suggest', name, isIncome] as const,
  },
  /** The reports (cash flow, categories, net worth, payees), each by its query. */
  reports: {
    all: ['reports'] as const,
    report: (name: string, query: Record<string, string>) => ['reports', name, query] as const,
  },
  /** Exchange rates in the base currency: the ECB's and the user's own, by currency and window. */
  rates: {
    all: ['rates'] as const,
    list: (params: { currency: string; to?: string }) => ['rates', 'list', params] as const,
  },
  /** The tags in use with their counts (GET /tags). */
  tags: { all: ['tags'] as const },
  /** Searches saved by name (GET /filters). */
  savedFilters: { all: ['savedFilters'] as const },
  /** The user's households, and one household's members and invitations. */
  households: {
    all: ['households'] as const,
    list: ['households', 'list'] as const,
    members: (householdId: string) => ['households', 'members', householdId] as const,
    invitations: (householdId: string) => ['households', 'invitations', householdId] as const,
  },
};

/**
 * The families that hold one household's data: switching household drops them (another
 * household's would show for a moment otherwise). The user's own (security, saved searches) and
 * the list of households stay.
 */
export const HOUSEHOLD_DATA_FAMILIES: readonly QueryKey[] = [
  queryKeys.transactions.all,
  queryKeys.categories.all,
  queryKeys.budgets.all,
  queryKeys.recurring.all,
  queryKeys.receipts.all,
  queryKeys.attachments.all,
  queryKeys.accounts.all,
  queryKeys.imports.all,
  queryKeys.rules.all,
  queryKeys.reports.all,
  queryKeys.rates.all,
  queryKeys.tags.all,
];

/**
 * Marks every query of these families stale after a change: those on screen refetch now, the
 * others when they are next shown.
 */
export async function invalidateFamilies(
  queryClient: QueryClient,
  families: readonly QueryKey[],
): Promise<void> {
  await Promise.all(families.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
