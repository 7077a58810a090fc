import { paths } from '@/config/paths';

/**
 * The protected area's navigation, in the order of docs/architecture.md, Product rules (Accounts
 * beside Transactions, Import and its Rules after Receipts). The exchange rates open from the
 * Accounts page: the full bar must fit one line from 1280 px.
 */
export const NAV_ITEMS = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.transactions, label: 'Transactions' },
  { to: paths.accounts, label: 'Accounts' },
  { to: paths.reports, label: 'Reports' },
  { to: paths.receipts, label: 'Receipts' },
  { to: paths.import, label: 'Import' },
  { to: paths.rules, label: 'Rules' },
  { to: paths.settings, label: 'Settings' },
  { to: paths.budgets, label: 'Budgets' },
  { to: paths.recurringTransactions, label: 'Recurring Transactions' },
] as const;
