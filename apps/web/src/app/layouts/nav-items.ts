import { paths } from '@/config/paths';

/**
 * The protected area's navigation, in the order of docs/architecture.md, Product rules (Accounts
 * beside Transactions, Import and its Rules after Receipts). The exchange rates open from the
 * Accounts page: the full bar must fit one line from 1280 px.
 */
export const NAV_ITEMS = [
  { to: paths.dashboard, labelKey: 'nav.dashboard' },
  { to: paths.transactions, labelKey: 'nav.transactions' },
  { to: paths.accounts, labelKey: 'nav.accounts' },
  { to: paths.reports, labelKey: 'nav.reports' },
  { to: paths.receipts, labelKey: 'nav.receipts' },
  { to: paths.import, labelKey: 'nav.import' },
  { to: paths.rules, labelKey: 'nav.rules' },
  { to: paths.settings, labelKey: 'nav.settings' },
  { to: paths.budgets, labelKey: 'nav.budgets' },
  { to: paths.recurringTransactions, labelKey: 'nav.recurringTransactions' },
] as const;
