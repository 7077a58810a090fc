import type { Household, HouseholdMember, Invitation } from '@moneta/shared';
import type { HouseholdInvitationRow } from '../../db/schema';
import type { MemberHousehold, MemberRow } from './households-repository';

export function toHouseholdDto(row: MemberHousehold): Household {
  return {
    _id: row.id,
    name: row.name,
    baseCurrency: row.baseCurrency,
    role: row.role,
    memberCount: row.memberCount,
    isDefault: row.isDefault,
  };
}

export function toMemberDto(row: MemberRow): HouseholdMember {
  return {
    userId: row.userId,
    email: row.email,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  };
}

export function toInvitationDto(row: HouseholdInvitationRow): Invitation {
  return {
    _id: row.id,
    role: row.role,
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
