/** Every route path of the web app, in one place. */
export const paths = {
  home: '/',
  contact: '/contact',
  login: '/login',
  register: '/register',
  setup: '/setup',
  dashboard: '/dashboard',
  transactions: '/transactions',
  accounts: '/accounts',
  account: '/accounts/:accountId',
  receipts: '/receipts',
  import: '/import',
  rules: '/rules',
  rates: '/rates',
  settings: '/settings',
  /** Where the bank's consent page sends the person back to (the Bank connections section). */
  bankConnections: '/settings/bank-connections',
  budgets: '/budgets',
  recurringTransactions: '/recurring-transactions',
  reports: '/reports',
  tags: '/tags',
  trash: '/transactions/trash',
  household: '/settings/household',
  join: '/join/:code',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The page of one account (its register). */
export function accountPath(accountId: string): string {
  return `/accounts/${encodeURIComponent(accountId)}`;
}

/** The page that accepts an invitation (its link, as the server makes it: `/join/<code>`). */
export function joinPath(code: string): string {
  return `/join/${encodeURIComponent(code)}`;
}

/** The Transactions page's filters as its URL query names them (reload and back keep them). */
export const TRANSACTION_FILTER_KEYS = {
  search: 'q',
  type: 'type',
  category: 'category',
  from: 'from',
  to: 'to',
  account: 'account',
  tag: 'tag',
  member: 'member',
} as const;

export type TransactionListLink = Partial<
  Record<keyof typeof TRANSACTION_FILTER_KEYS, string | undefined>
>;

/**
 * The transactions list filtered as given, e.g. a report's cell: one category's expenses of one
 * month. Empty filters are left out.
 */
export function transactionsPath(filters: TransactionListLink): string {
  const query = new URLSearchParams();
  for (const [name, key] of Object.entries(TRANSACTION_FILTER_KEYS)) {
    const value = filters[name as keyof TransactionListLink];
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `${paths.transactions}?${text}` : paths.transactions;
}

/** The Reports page's range as its URL names it: a preset, or `custom` with both dates. */
export const REPORT_RANGE_KEYS = { preset: 'range', from: 'from', to: 'to' } as const;

/**
 * The Reports page over a range: 'this-year' or 'last-year', custom dates, or without one its
 * default (the last 12 whole months).
 */
export function reportsPath(
  range?: { preset: 'this-year' | 'last-year' } | { from: string; to: string },
): string {
  if (!range) return paths.reports;
  const query = new URLSearchParams();
  if ('preset' in range) {
    query.set(REPORT_RANGE_KEYS.preset, range.preset);
  } else {
    query.set(REPORT_RANGE_KEYS.preset, 'custom');
    query.set(REPORT_RANGE_KEYS.from, range.from);
    query.set(REPORT_RANGE_KEYS.to, range.to);
  }
  return `${paths.reports}?${query.toString()}`;
}
