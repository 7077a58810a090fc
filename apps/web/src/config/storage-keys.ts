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
  /** The locale last used on this device, so the next visit's first page is in it (lib/i18n). */
  locale: 'locale',
  /** Rows per page of the transaction list (10, 25, 50 or 100). */
  transactionsPerPage: 'transactionsPerPage',
} as const;
