import { useHouseholds } from './get-households';

/**
 * The caller's role in the active household. Unknown (until the households arrive, or when their
 * read failed) hides nothing: the server refuses what the role does not allow (403 ROLE_FORBIDS)
 * whatever the screen offers.
 */
const useRole = () => useHouseholds().active?.role;

/**
 * The caller may change the active household's data: every role but `viewer`. Write controls ask
 * this one hook rather than the role; the layout's notice says why a viewer has none.
 */
export function useCanWrite(): boolean {
  return useRole() !== 'viewer';
}

/**
 * The caller owns the active household: its name and base currency, members, invitations,
 * deleting it, and the base currency and time zone of Settings are theirs alone.
 */
export function useIsOwner(): boolean {
  const role = useRole();
  return role === undefined || role === 'owner';
}
