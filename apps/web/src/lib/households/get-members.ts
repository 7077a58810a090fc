import type { HouseholdMember } from '@moneta/shared/household-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useHouseholds } from './get-households';

export function getMembers(householdId: string): Promise<HouseholdMember[]> {
  return api.get<HouseholdMember[]>(`/households/${encodeURIComponent(householdId)}/members`);
}

export const membersQueryOptions = (householdId: string) =>
  queryOptions({
    queryKey: queryKeys.households.members(householdId),
    queryFn: () => getMembers(householdId),
  });

export function useMembers(householdId: string) {
  return useQuery(membersQueryOptions(householdId));
}

/** A member's name by user id: the e-mail, the one name the server knows a member by. */
export type MemberNames = ReadonlyMap<string, string>;

/**
 * The active household's members by user id, when it has more than one: who entered a row, and
 * the Member filters, are then worth showing. Undefined in a household of one (nothing asked) and
 * until the list arrives. One query, shared by every screen that names members.
 */
export function useMemberNames(): MemberNames | undefined {
  const { active } = useHouseholds();
  const isShared = active !== undefined && active.memberCount > 1;
  const members = useQuery({
    ...membersQueryOptions(active?._id ?? ''),
    enabled: isShared,
    select: (list): MemberNames => new Map(list.map((member) => [member.userId, member.email])),
  });
  return isShared ? members.data : undefined;
}
