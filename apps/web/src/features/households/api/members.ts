import type { HouseholdMember, HouseholdRole } from '@moneta/shared/household-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { switchHousehold } from '@/lib/households/get-households';
import { queryKeys } from '@/lib/query-keys';

const membersPath = (householdId: string) =>
  `/households/${encodeURIComponent(householdId)}/members`;

function useRefreshHouseholds() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.households.all });
}

/** Gives a member another role (owner). */
export function useSetMemberRole(householdId: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: HouseholdRole }) =>
      api.put<HouseholdMember[]>(`${membersPath(householdId)}/${encodeURIComponent(userId)}`, {
        role,
      }),
    onSuccess: refresh,
  });
}

/** Removes a member (owner). */
export function useRemoveMember(householdId: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({
    mutationFn: (userId: string) =>
      api.delete<{ message: string }>(`${membersPath(householdId)}/${encodeURIComponent(userId)}`),
    onSuccess: refresh,
  });
}

/** Leaves the household: the app moves to the default household. */
export function useLeaveHousehold(householdId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete<{ message: string }>(`${membersPath(householdId)}/${encodeURIComponent(userId)}`),
    onSuccess: () => switchHousehold(queryClient, null),
  });
}
