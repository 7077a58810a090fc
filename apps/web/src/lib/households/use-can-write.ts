import { useHouseholds } from './get-households';

/**
 * The caller may change the active household's data: every role but `viewer` (the server answers
 * a viewer's writes 403 ROLE_FORBIDS). Write controls ask this one hook rather than the role, and
 * the layout's notice says why they are missing. True until the households are known: the
 * server still refuses what a viewer tries meanwhile.
 */
export function useCanWrite(): boolean {
  return useHouseholds().active?.role !== 'viewer';
}

/**
 * The caller owns the active household: its name and base currency, members, invitations,
 * deleting it, and the base currency and time zone of Settings are theirs alone.
 */
export function useIsOwner(): boolean {
  return useHouseholds().active?.role === 'owner';
}
