import type { RegisterPage } from '@moneta/shared/account-schemas';
import { TRANSACTIONS_PAGE_SIZE } from '@moneta/shared/limits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getRegister(accountId: string, page: number): Promise<RegisterPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(TRANSACTIONS_PAGE_SIZE) });
  return api.get<RegisterPage>(`/accounts/${encodeURIComponent(accountId)}/register?${query}`);
}

export const registerQueryOptions = (accountId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.accounts.register(accountId, page),
    queryFn: () => getRegister(accountId, page),
    placeholderData: keepPreviousData,
  });

/** One page of an account's transactions and transfers, newest first. */
export function useRegister(accountId: string, page: number, { enabled = true } = {}) {
  return useQuery({ ...registerQueryOptions(accountId, page), enabled });
}
