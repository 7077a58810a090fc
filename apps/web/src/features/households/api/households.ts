import type { Household, HouseholdInput, HouseholdUpdate } from '@moneta/shared/household-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { switchHousehold, switchToNewHousehold } from '@/lib/households/get-households';
import { queryKeys } from '@/lib/query-keys';

function useRefreshHouseholds() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.households.all });
}

/** Makes a household (the user its owner, with a Main account) and moves to it. */
export function useCreateHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HouseholdInput) => api.post<Household>('/households', input),
    onSuccess: (household) => switchToNewHousehold(queryClient, household),
  });
}

/** Renames a household (owner). */
export function useRenameHousehold() {
  const refresh = useRefreshHouseholds();
  return useMutation({
    mutationFn: ({ id, ...update }: HouseholdUpdate & { id: string }) =>
      api.put<Household>(`/households/${encodeURIComponent(id)}`, update),
    onSuccess: refresh,
  });
}

/** Deletes a household and all of its data (owner); the app moves to the default household. */
export function useDeleteHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ message: string }>(`/households/${encodeURIComponent(id)}`),
    onSuccess: () => switchHousehold(queryClient, null),
  });
}
