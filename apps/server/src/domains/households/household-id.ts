/**
 * A household's id, told apart from a user's id by the compiler. Both are uuids held in strings,
 * so a user id passed where the owner of the money data belongs would compile and then read
 * nothing, or another household's rows. Repositories and services that own money data take a
 * `HouseholdId`; it is made only where a household is known to be the caller's (the request's
 * active household, a membership just checked, a row read back from the database).
 */
export type HouseholdId = string & { readonly __brand: 'HouseholdId' };

export const asHouseholdId = (id: string): HouseholdId => id as HouseholdId;

/**
 * The household a read or write acts on, with what its figures depend on: the base currency
 * totals are in and the time zone periods are counted in (both the household's, not a member's).
 */
export interface ActiveHousehold {
  id: HouseholdId;
  baseCurrency: string;
  timeZone: string;
}
