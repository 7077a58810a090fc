import { isCalendarDate } from '@moneta/shared/calendar-date';
import { useCallback, useMemo } from 'react';
import { TRANSACTION_FILTER_KEYS } from '@/config/paths';
import { useQueuedSearchParams } from '@/hooks/use-queued-search-params';
import type { TransactionFilterValues } from '../api/get-transactions';

/** The URL query keys of the list's state, so reload and back keep it (and links build it). */
const KEYS = TRANSACTION_FILTER_KEYS satisfies Record<keyof TransactionFilterValues, string>;

export type FilterName = keyof TransactionFilterValues;

function readType(value: string | null): TransactionFilterValues['type'] {
  return value === 'income' || value === 'expense' ? value : '';
}

function readDate(value: string | null): string {
  return value && isCalendarDate(value) ? value : '';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The list's filters as a query string holds them (also read before the first render). */
export function readTransactionFilters(params: URLSearchParams): TransactionFilterValues {
  return {
    search: params.get(KEYS.search) ?? '',
    type: readType(params.get(KEYS.type)),
    category: params.get(KEYS.category) ?? '',
    from: readDate(params.get(KEYS.from)),
    to: readDate(params.get(KEYS.to)),
    account: params.get(KEYS.account) ?? '',
    tag: params.get(KEYS.tag) ?? '',
    member: params.get(KEYS.member) ?? '',
  };
}

/** The list's page number as a query string holds it. */
export const readTransactionPage = (params: URLSearchParams) => readPage(params.get('page'));

/**
 * The Transactions page's filters and page number, kept in the query string. Changing any
 * filter goes back to page 1 (docs/architecture.md, Product rules).
 */
export function useTransactionFilters() {
  const [params, update] = useQueuedSearchParams();

  const filters = useMemo(() => readTransactionFilters(params), [params]);
  const page = readPage(params.get('page'));

  const setFilter = useCallback(
    (name: FilterName, value: string) => {
      update(
        (next) => {
          if (value) next.set(KEYS[name], value);
          else next.delete(KEYS[name]);
          next.delete('page');
        },
        // Typing in the search box should not fill the history with every word.
        { replace: name === 'search' },
      );
    },
    [update],
  );

  const clearFilters = useCallback(
    () =>
      update((next) => {
        for (const key of [...next.keys()]) next.delete(key);
      }),
    [update],
  );

  const setPage = useCallback(
    (nextPage: number) => {
      update((next) => {
        if (nextPage > 1) next.set('page', String(nextPage));
        else next.delete('page');
      });
    },
    [update],
  );

  return { filters, page, setFilter, clearFilters, setPage };
}
