import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * What a change to the ledger moves: the transaction lists, totals and charts, the accounts'
 * balances and registers, the budgets' spending, and the categories (the server creates one it
 * did not know yet, such as "Other Income" for a first income), and the reports made of them.
 */
const ledger = [
  queryKeys.transactions.all,
  queryKeys.tags.all,
  queryKeys.reports.all,
  queryKeys.accounts.all,
  queryKeys.budgets.all,
  queryKeys.categories.all,
] as const;

/**
 * The query families each kind of write changes, declared once here because the server changes
 * several things at once and the feature that writes must refresh what other features show. A
 * mutation passes its entry to `invalidateFamilies`; a new write gets its own entry, even when it
 * changes what another one does, so that each can change alone.
 */
export const refreshAfter = {
  /** Adding or editing a transaction, online or from the offline queue. */
  transactionSave: ledger,
  /** Deleting transactions: a receipt whose expense goes shows it as deleted. */
  transactionDelete: [
    queryKeys.transactions.all,
    queryKeys.tags.all,
    queryKeys.reports.all,
    queryKeys.accounts.all,
    queryKeys.budgets.all,
    queryKeys.receipts.all,
  ],
  /**
   * A transfer moves two balances, the registers and the transaction list (which shows its
   * legs), and so net worth; never totals, charts or budgets.
   */
  transferWrite: [queryKeys.accounts.all, queryKeys.transactions.all, queryKeys.reports.all],
  /** Transactions turned into a transfer leave the totals, charts and budgets. */
  transferFromTransactions: ledger,
  /** An account's opening balance, currency or removal moves net worth. */
  accountWrite: [queryKeys.accounts.all, queryKeys.reports.all],
  /**
   * Deleting a custom category: the server moves its transactions and recurring rules to
   * Miscellaneous and deletes its budgets.
   */
  categoryDelete: [
    queryKeys.categories.all,
    queryKeys.transactions.all,
    queryKeys.reports.all,
    queryKeys.budgets.all,
    queryKeys.recurring.all,
  ],
  /** A custom category added on its own (Manage Categories). */
  categoryCreate: [queryKeys.categories.all],
  /**
   * A rename or merge moves transactions, budgets, rules and recurring rules to the new name:
   * every list, total, chart and budget that shows a category.
   */
  categoryChange: [...ledger, queryKeys.recurring.all, queryKeys.rules.all, queryKeys.imports.all],
  /** Hiding or showing a category changes what the pickers offer, nothing else. */
  categoryVisibility: [queryKeys.categories.all],
  /**
   * A transaction's files; deleting a receipt's file deletes the receipt (the Receipts list
   * shows it no more).
   */
  attachmentWrite: (transactionId: string) => [
    queryKeys.attachments.list(transactionId),
    queryKeys.receipts.all,
  ],
  /** A category the server did not know yet becomes one of the user's own. */
  budgetSave: [queryKeys.budgets.all, queryKeys.categories.all],
  budgetDelete: [queryKeys.budgets.all],
  /** Saving a recurring transaction records its occurrences due up to today. */
  recurringSave: [queryKeys.recurring.all, ...ledger],
  /** The transactions it recorded stay, no longer marked as recurring. */
  recurringDelete: [queryKeys.recurring.all, queryKeys.transactions.all],
  /** Uploading a receipt records its expense; correcting the reading changes that expense. */
  receiptWrite: [queryKeys.receipts.all, ...ledger],
  /** Nothing is created by an upload: only the history gains a preview. */
  importUpload: [queryKeys.imports.list],
  /** Another column mapping reads the rows again, and the history shows their counts. */
  importMapping: (importId: string) => [queryKeys.imports.rowsOf(importId), queryKeys.imports.list],
  /** A commit or an undo adds or removes many transactions at once. */
  importCommit: [queryKeys.imports.all, ...ledger],
  /**
   * Suggestions and the categories of rows already previewed depend on the rules; a category
   * named in a saved rule may be a new one.
   */
  ruleSave: [queryKeys.rules.all, queryKeys.imports.all, queryKeys.categories.all],
  /** Deleting or moving a rule changes which rule decides suggestions and previewed rows. */
  ruleOrder: [queryKeys.rules.all, queryKeys.imports.all],
  /** Applying a rule recategorises the existing transactions it decides. */
  ruleApply: ledger,
  /**
   * A rate of the user's own converts every amount of its currency and day on read: totals,
   * charts, budgets, balances and each transaction's base amount change with it.
   */
  rateWrite: [
    queryKeys.rates.all,
    queryKeys.transactions.all,
    queryKeys.reports.all,
    queryKeys.accounts.all,
    queryKeys.budgets.all,
  ],
  sessionChange: [queryKeys.security.sessions, queryKeys.security.events],
  tokenChange: [queryKeys.security.tokens, queryKeys.security.events],
  twoFactorChange: [queryKeys.security.twoFactor, queryKeys.security.events],
  passkeyChange: [queryKeys.security.passkeys, queryKeys.security.events],
  /** The server ends every session and records the change. */
  passwordChange: [queryKeys.security.all],
} satisfies Record<string, readonly QueryKey[] | ((id: string) => readonly QueryKey[])>;
