/** Keys of what the app keeps in localStorage (docs/architecture.md, Product rules). */
export const STORAGE_KEYS = {
  token: 'token',
  theme: 'theme',
  /** The account last chosen in the transaction form, offered first next time. */
  lastAccountId: 'lastAccountId',
  /** The account receipts were last charged to, chosen again for the next upload. */
  lastReceiptAccountId: 'lastReceiptAccountId',
  /** The dashboard's period (features/dashboard/utils/dashboard-period.ts). */
  dashboardPeriod: 'dashboardPeriod',
  /** The signed-in user as last seen, so the app still opens while the device is offline. */
  lastUser: 'lastUser',
  /** Transactions added offline, waiting to be sent (features/transactions/offline). */
  transactionQueue: 'transactionQueue',
  /** Rows per page of the transaction list (10, 25, 50 or 100). */
  transactionsPerPage: 'transactionsPerPage',
  /** The locale last used on this device, so the next visit's first page is in it (lib/i18n). */
  locale: 'locale',
  /** Each user's active household on this device, by user id (lib/households). */
  activeHouseholds: 'activeHouseholds',
} as const;

/** Keys of what the app keeps in sessionStorage: for this tab, until it closes. */
export const SESSION_STORAGE_KEYS = {
  /** An invitation's code opened while signed out, taken up again after sign-in or sign-up. */
  pendingJoinCode: 'pendingJoinCode',
} as const;
