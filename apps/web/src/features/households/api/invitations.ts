import type {
  CreatedInvitation,
  Household,
  Invitation,
  InvitationInput,
} from '@moneta/shared/household-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { switchToNewHousehold } from '@/lib/households/get-households';
import { queryKeys } from '@/lib/query-keys';

const invitationsPath = (householdId: string) =>
  `/households/${encodeURIComponent(householdId)}/invitations`;

/** The household's invitations, without their codes (owner). */
export function useInvitations(householdId: string, isOwner: boolean) {
  return useQuery({
    queryKey: queryKeys.households.invitations(householdId),
    queryFn: () => api.get<Invitation[]>(invitationsPath(householdId)),
    enabled: isOwner,
  });
}

function useRefreshInvitations(householdId: string) {
  const queryClient = useQueryClient();
  return () =>
    void queryClient.invalidateQueries({
      queryKey: queryKeys.households.invitations(householdId),
    });
}

/** Makes an invitation; its answer holds the only copy of the code. */
export function useCreateInvitation(householdId: string) {
  const refresh = useRefreshInvitations(householdId);
  return useMutation({
    mutationFn: (input: InvitationInput) =>
      api.post<CreatedInvitation>(invitationsPath(householdId), input),
    onSuccess: refresh,
  });
}

export function useRevokeInvitation(householdId: string) {
  const refresh = useRefreshInvitations(householdId);
  return useMutation({
    mutationFn: (invitationId: string) =>
      api.delete<{ message: string }>(
        `${invitationsPath(householdId)}/${encodeURIComponent(invitationId)}`,
      ),
    onSuccess: refresh,
  });
}

/** Joins the household an invitation's code names, and moves to it. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<Household>('/invitations/accept', { code }),
    onSuccess: (household) => switchToNewHousehold(queryClient, household),
  });
}
