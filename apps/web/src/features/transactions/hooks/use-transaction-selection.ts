import type { Transaction } from '@moneta/shared/transaction-schemas';
import { useState } from 'react';
import { getMatchingIds } from '../api/register-actions';
import type { TransactionFilterValues } from '../api/get-transactions';

/** The API changes at most this many rows in one call. */
export const MAX_BULK = 1000;

/**
 * The rows ticked on the Transactions page. The selection belongs to one set of filters: it holds
 * across pages (select on page 1 and on page 2, then act on both), and a change of filters clears
 * it (docs/decisions.md). "All matching" stands for every row the filters select, looked up when
 * an action runs.
 */
export function useTransactionSelection(
  filters: TransactionFilterValues,
  transactions: Transaction[],
  total: number,
) {
  const filtersKey = JSON.stringify(filters);
  const [selection, setSelection] = useState({
    key: filtersKey,
    ids: new Set<string>(),
    isAllMatching: false,
  });
  const isSelectionCurrent = selection.key === filtersKey;
  const selectedIds = isSelectionCurrent ? selection.ids : new Set<string>();
  const isAllMatching = isSelectionCurrent && selection.isAllMatching;

  // Two selected rows that can be one transfer: an expense and an income of one amount in two
  // accounts.
  const selectedRows = transactions.filter((transaction) => selectedIds.has(transaction._id));
  const pair =
    selectedRows.length === 2 &&
    selectedRows[0]!.isIncome !== selectedRows[1]!.isIncome &&
    selectedRows[0]!.accountId !== selectedRows[1]!.accountId &&
    selectedRows[0]!.cost === selectedRows[1]!.cost
      ? selectedRows
      : null;

  return {
    selectedIds,
    isAllMatching,
    selectedCount: isAllMatching ? total : selectedIds.size,
    pair,
    clear: () => setSelection({ key: filtersKey, ids: new Set(), isAllMatching: false }),
    selectAllMatching: () =>
      setSelection({ key: filtersKey, ids: selectedIds, isAllMatching: true }),
    /** Ticking rows on this page: the ones of other pages stay selected. */
    selectOnPage: (pageRows: Transaction[], ids: Iterable<string>) => {
      const onPage = new Set(pageRows.map((row) => row._id));
      const kept = isAllMatching ? [] : [...selectedIds].filter((id) => !onPage.has(id));
      setSelection({ key: filtersKey, ids: new Set([...kept, ...ids]), isAllMatching: false });
    },
    /** The ids an action on the selection reaches. */
    collectIds: async (): Promise<string[]> =>
      isAllMatching ? getMatchingIds(filters, MAX_BULK) : [...selectedIds],
  };
}

export type TransactionSelection = ReturnType<typeof useTransactionSelection>;
