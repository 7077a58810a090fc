import { paths } from '@/config/paths';

/**
 * The protected area's navigation, in the order of docs/architecture.md, Product rules (Accounts
 * beside Transactions, Import and its Rules after Receipts, then the exchange Rates).
 */
export const NAV_ITEMS = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.transactions, label: 'Transactions' },
  { to: paths.accounts, label: 'Accounts' },
  { to: paths.receipts, label: 'Receipts' },
  { to: paths.import, label: 'Import' },
  { to: paths.rules, label: 'Rules' },
  { to: paths.rates, label: 'Rates' },
  { to: paths.settings, label: 'Settings' },
  { to: paths.budgets, label: 'Budgets' },
  { to: paths.recurringTransactions, label: 'Recurring Transactions' },
] as const;
