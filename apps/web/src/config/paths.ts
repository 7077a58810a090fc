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
  budgets: '/budgets',
  recurringTransactions: '/recurring-transactions',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The page of one account (its register). */
export function accountPath(accountId: string): string {
  return `/accounts/${encodeURIComponent(accountId)}`;
}
