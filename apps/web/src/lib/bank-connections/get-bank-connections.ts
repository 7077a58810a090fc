import type { BankConnection } from '@moneta/shared/bank-connection-schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often the list is read again while a connection syncs (its progress). */
const SYNCING_POLL_MS = 1500;

/**
 * The household's bank connections (Settings shows them; an account's register says which one
 * feeds it); read again every moment while one syncs.
 */
export function useBankConnections() {
  return useQuery({
    queryKey: queryKeys.bankConnections.list,
    queryFn: () => api.get<BankConnection[]>('/bank-connections'),
    refetchInterval: (query) =>
      query.state.data?.some((connection) => connection.status === 'syncing')
        ? SYNCING_POLL_MS
        : false,
  });
}

/** The connections whose bank accounts go to `accountId`. */
export function connectionsFeeding(
  connections: readonly BankConnection[],
  accountId: string,
): BankConnection[] {
  return connections.filter((connection) =>
    connection.accounts.some((account) => account.accountId === accountId),
  );
}
