import type { Transaction } from '@moneta/shared/transaction-schemas';
import { useReducer } from 'react';

/** The one dialog the Transactions page shows at a time, with what it is about. */
export type TransactionsDialog =
  | { kind: 'none' }
  /** Add (no transaction) or edit. */
  | { kind: 'form'; transaction: Transaction | null }
  | { kind: 'transfer' }
  | { kind: 'details'; transaction: Transaction }
  | { kind: 'categories' }
  | { kind: 'deleteOne'; transaction: Transaction }
  /** The ids asked about, kept while the dialog is open (a refresh clears the selection). */
  | { kind: 'deleteMany'; ids: string[] }
  /** One row to turn into a transfer, or a pair to join into one. */
  | { kind: 'convert'; transactions: Transaction[] }
  | { kind: 'deleteTransfer'; leg: Transaction }
  | { kind: 'bulkEdit'; count: number; error: string | null };

type DialogAction =
  | { type: 'open'; dialog: Exclude<TransactionsDialog, { kind: 'none' }> }
  | { type: 'close' }
  | { type: 'bulkEditError'; error: string | null };

const CLOSED: TransactionsDialog = { kind: 'none' };

function dialogReducer(state: TransactionsDialog, action: DialogAction): TransactionsDialog {
  switch (action.type) {
    case 'open':
      return action.dialog;
    case 'close':
      return CLOSED;
    case 'bulkEditError':
      // A failure that comes back after the dialog was closed has nowhere to show.
      return state.kind === 'bulkEdit' ? { ...state, error: action.error } : state;
  }
}

/** What the open dialog is about, when it is the one of that kind; else null (closed). */
export function dialogOf<Kind extends TransactionsDialog['kind']>(
  dialog: TransactionsDialog,
  kind: Kind,
): Extract<TransactionsDialog, { kind: Kind }> | null {
  return dialog.kind === kind ? (dialog as Extract<TransactionsDialog, { kind: Kind }>) : null;
}

/** Which of the page's dialogs is open: opening one closes any other. */
export function useTransactionsDialogs() {
  const [dialog, dispatch] = useReducer(dialogReducer, CLOSED);
  return {
    dialog,
    open: (next: Exclude<TransactionsDialog, { kind: 'none' }>) =>
      dispatch({ type: 'open', dialog: next }),
    close: () => dispatch({ type: 'close' }),
    setBulkEditError: (error: string | null) => dispatch({ type: 'bulkEditError', error }),
  };
}

export type TransactionsDialogs = ReturnType<typeof useTransactionsDialogs>;
