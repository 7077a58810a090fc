/** Every route path of the web app, in one place. */
export const paths = {
  home: '/',
  contact: '/contact',
  login: '/login',
  register: '/register',
  setup: '/setup',
  dashboard: '/dashboard',
  transactions: '/transactions',
  receipts: '/receipts',
  settings: '/settings',
  budgets: '/budgets',
  recurringTransactions: '/recurring-transactions',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
