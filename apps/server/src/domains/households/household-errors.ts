import { ErrorCode, type HouseholdRole } from '@moneta/shared';
import { conflict, forbidden, notFound } from '../../http/app-error';

/** A household that does not exist and one the caller is not a member of answer alike. */
export const householdNotFound = () =>
  notFound('Household not found.', ErrorCode.HOUSEHOLD_NOT_FOUND);

const NEEDED: Record<HouseholdRole, string> = {
  owner: 'an owner of the household',
  editor: 'an owner or editor of the household',
  viewer: 'a member of the household',
};

/** 403 naming the role the action needs. */
export const roleForbids = (needed: HouseholdRole) =>
  forbidden(`Only ${NEEDED[needed]} can do this.`, ErrorCode.ROLE_FORBIDS);

export const lastOwner = () =>
  conflict(
    'A household needs at least one owner: make another member an owner first.',
    ErrorCode.LAST_OWNER,
  );

export const onlyHousehold = () =>
  conflict(
    'This is your only household: you always belong to at least one.',
    ErrorCode.ONLY_HOUSEHOLD,
  );

export const tooManyHouseholds = (limit: number) =>
  conflict(`You can belong to at most ${limit} households.`, ErrorCode.TOO_MANY_HOUSEHOLDS);

export const memberNotFound = () =>
  notFound('No such member in this household.', ErrorCode.MEMBER_NOT_FOUND);
