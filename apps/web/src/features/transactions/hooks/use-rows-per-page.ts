import { TRANSACTIONS_PAGE_SIZE } from '@moneta/shared/limits';
import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '@/config/storage-keys';

/**
 * The page sizes the list offers (docs/api.md, `GET /api/transactions`): the product's 10 first.
 */
export const ROWS_PER_PAGE_CHOICES = [TRANSACTIONS_PAGE_SIZE, 25, 50, 100] as const;

/** The rows per page this device last chose (the product's 10 by default). */
export function readStoredRowsPerPage(): number {
  try {
    const stored = Number(localStorage.getItem(STORAGE_KEYS.transactionsPerPage));
    return (ROWS_PER_PAGE_CHOICES as readonly number[]).includes(stored)
      ? stored
      : TRANSACTIONS_PAGE_SIZE;
  } catch {
    return TRANSACTIONS_PAGE_SIZE;
  }
}

/** Rows per page of the transaction list, remembered on this device. */
export function useRowsPerPage() {
  const [rowsPerPage, setRows] = useState(readStoredRowsPerPage);
  const setRowsPerPage = useCallback((rows: number) => {
    setRows(rows);
    try {
      localStorage.setItem(STORAGE_KEYS.transactionsPerPage, String(rows));
    } catch {
      // Storage full or blocked: the choice holds for this visit.
    }
  }, []);
  return { rowsPerPage, setRowsPerPage };
}
