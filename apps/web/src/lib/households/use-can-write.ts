import { roleAllows, type HouseholdRole } from '@moneta/shared/household-schemas';
import { useHouseholds } from './get-households';

/**
 * The caller's role in the active household allows `needed`. Unknown (the households are read
 * before the first page, so only when that read failed) allows everything: the server refuses
 * what the role does not allow (403 ROLE_FORBIDS) whatever the screen offers.
 */
function useRoleAllows(needed: HouseholdRole): boolean {
  const role = useHouseholds().active?.role;
  return role === undefined || roleAllows(role, needed);
}

/**
 * The caller may change the active household's data: every role but `viewer`. Write controls ask
 * this one hook rather than the role; the layout's notice says why a viewer has none.
 */
export function useCanWrite(): boolean {
  return useRoleAllows('editor');
}

/**
 * The caller owns the active household: its name and base currency, members, invitations,
 * deleting it, and the base currency and time zone of Settings are theirs alone.
 */
export function useIsOwner(): boolean {
  return useRoleAllows('owner');
}
