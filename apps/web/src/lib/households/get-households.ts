import type { Household } from '@moneta/shared/household-schemas';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { knownUser, refreshSessionUser } from '@/lib/auth/get-user';
import { HOUSEHOLD_DATA_FAMILIES, queryKeys } from '@/lib/query-keys';
import { activeHouseholdId, setActiveHousehold, useActiveHouseholdId } from './active-household';

export function getHouseholds(): Promise<Household[]> {
  return api.get<Household[]>('/households');
}

export const householdsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.households.list, queryFn: getHouseholds });

/**
 * The user's households and the one the app acts on: the chosen one while the user still belongs
 * to it, else the default.
 */
export function useHouseholds() {
  const query = useQuery(householdsQueryOptions());
  const queryClient = useQueryClient();
  const chosen = useActiveHouseholdId();
  const households = query.data;
  const isGone =
    chosen !== null && households !== undefined && !households.some(({ _id }) => _id === chosen);
  // Left, removed or deleted since it was chosen: the requests would all be refused (404).
  useEffect(() => {
    if (isGone) void switchHousehold(queryClient, null);
  }, [isGone, queryClient]);
  const active =
    households?.find((household) => household._id === chosen) ??
    households?.find((household) => household.isDefault) ??
    households?.[0];
  return { ...query, households, active };
}

/**
 * Moves to a household the user has just made or joined: it is put in the list at once, which
 * would otherwise not know it until read again and take it for one the user left.
 */
export async function switchToNewHousehold(queryClient: QueryClient, household: Household) {
  queryClient.setQueryData<Household[]>(queryKeys.households.list, (households) =>
    households && !households.some(({ _id }) => _id === household._id)
      ? [...households, household]
      : households,
  );
  await switchHousehold(queryClient, household._id);
}

/**
 * Makes another household the active one: what the screens show of the old one is dropped (not
 * merely marked stale, so it never shows under the new name) and read again, and the user
 * (whose base currency is the household's) is asked for anew.
 */
export async function switchHousehold(queryClient: QueryClient, householdId: string | null) {
  const user = knownUser();
  if (!user || activeHouseholdId() === householdId) return;
  setActiveHousehold(user._id, householdId);
  for (const queryKey of HOUSEHOLD_DATA_FAMILIES) queryClient.removeQueries({ queryKey });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.households.all }),
    refreshSessionUser(),
  ]);
}
