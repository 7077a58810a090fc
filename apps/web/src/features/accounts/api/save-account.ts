import type { Account, ValidAccountInput } from '@moneta/shared/account-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export function createAccount(input: ValidAccountInput): Promise<Account> {
  return api.post<Account>('/accounts', input);
}

export function updateAccount(id: string, input: ValidAccountInput): Promise<Account> {
  return api.put<Account>(`/accounts/${encodeURIComponent(id)}`, input);
}

/**
 * Creates an account, or updates (renames, archives, restores) the one whose id is given. An
 * archived account stops being the default, which new transactions then go to.
 */
export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ValidAccountInput }) =>
      id ? updateAccount(id, input) : createAccount(input),
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.accountWrite),
  });
}
