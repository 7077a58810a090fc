import type {
  BankAccountMapping,
  BankConnection,
  BankConnectionInput,
} from '@moneta/shared/bank-connection-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export { useBankConnections } from '@/lib/bank-connections/get-bank-connections';

/** Enable Banking's banks of a country (once the household's application is set). */
export function useEnableBankingBanks(country: string | null) {
  return useQuery({
    queryKey: queryKeys.bankConnections.banks(country ?? ''),
    queryFn: () =>
      api.get<{ name: string; country: string; maxConsentDays: number }[]>(
        `/bank-connections/enablebanking/banks?country=${encodeURIComponent(country ?? '')}`,
      ),
    enabled: country !== null,
    retry: false,
  });
}

function useRefreshConnections() {
  const queryClient = useQueryClient();
  return () => void invalidateFamilies(queryClient, [queryKeys.bankConnections.all]);
}

/** A sync or a new mapping moves transactions, accounts and everything read from them. */
export function useRefreshLedger() {
  const queryClient = useQueryClient();
  return () =>
    void invalidateFamilies(queryClient, [...refreshAfter.transactionSave, queryKeys.imports.all]);
}

export function useConnectBank() {
  const refresh = useRefreshConnections();
  return useMutation({
    mutationFn: (input: BankConnectionInput) =>
      api.post<BankConnection | { connection: BankConnection; authorisationUrl: string }>(
        '/bank-connections',
        input,
      ),
    onSuccess: refresh,
  });
}

export function useSetEnableBankingApp() {
  return useMutation({
    mutationFn: (input: { applicationId: string; privateKey: string }) =>
      api.put<{ applicationId: string; active: boolean; countries: string[] }>(
        '/bank-connections/enablebanking/app',
        input,
      ),
  });
}

export function useMapBankAccount(connectionId: string) {
  const refresh = useRefreshConnections();
  const refreshLedger = useRefreshLedger();
  return useMutation({
    mutationFn: ({
      providerAccountId,
      mapping,
    }: {
      providerAccountId: string;
      mapping: BankAccountMapping;
    }) =>
      api.put<BankConnection>(
        `/bank-connections/${encodeURIComponent(connectionId)}/accounts/${encodeURIComponent(providerAccountId)}`,
        mapping,
      ),
    onSuccess: () => {
      refresh();
      refreshLedger();
    },
  });
}

/** One transaction of the difference, so that Moneta counts what the bank says. */
export function useAdjustBalance(connectionId: string) {
  const refresh = useRefreshConnections();
  const refreshLedger = useRefreshLedger();
  return useMutation({
    mutationFn: (providerAccountId: string) =>
      api.post<BankConnection>(
        `/bank-connections/${encodeURIComponent(connectionId)}/accounts/${encodeURIComponent(providerAccountId)}/adjustment`,
      ),
    onSuccess: () => {
      refresh();
      refreshLedger();
    },
  });
}

/** A new consent at the bank for the same connection: the answer is the bank's page. */
export function useRenewConsent() {
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ connection: BankConnection; authorisationUrl: string }>(
        `/bank-connections/${encodeURIComponent(id)}/renew`,
      ),
  });
}

export function useSyncBankConnection() {
  const refresh = useRefreshConnections();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<BankConnection>(`/bank-connections/${encodeURIComponent(id)}/sync`),
    onSuccess: refresh,
  });
}

export function useDeleteBankConnection() {
  const refresh = useRefreshConnections();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ message: string }>(`/bank-connections/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}
