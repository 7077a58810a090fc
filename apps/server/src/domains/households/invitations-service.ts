import {
  ErrorCode,
  HOUSEHOLD_LIMITS,
  roleAllows,
  type CreatedInvitation,
  type Household,
  type HouseholdRole,
  type Invitation,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { ClientInfo } from '../../http/client-info';
import { conflict, forbidden, notFound } from '../../http/app-error';
import { randomSecret, sha256Hex } from '../../lib/hashing';
import { isId } from '../../lib/ids';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import type { SecurityEventsService } from '../security-events/security-events-service';
import type { UsersService } from '../users/users-service';
import { toHouseholdDto, toInvitationDto } from './household-dto';
import { householdNotFound, roleForbids, tooManyHouseholds } from './household-errors';
import { createHouseholdsRepository } from './households-repository';
import { createInvitationsRepository } from './invitations-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One answer for an unknown, used, revoked or expired code: none tells which. */
const invitationNotFound = () =>
  notFound(
    'This invitation is not valid: it may have been used, revoked or have expired. Ask for a new one.',
    ErrorCode.INVITATION_NOT_FOUND,
  );

const notFoundInvitation = () => notFound('Invitation not found.', ErrorCode.NOT_FOUND);

export interface InvitationsServiceDependencies {
  db: Database;
  events: Pick<SecurityEventsService, 'record'>;
  throttle: Pick<SignInThrottle, 'invitation' | 'attempt' | 'succeeded'>;
  users: Pick<UsersService, 'lock' | 'forget'>;
}

/**
 * Invitations to a household (docs/api.md, Households): an owner makes one with a one-time code
 * of 256 random bits, shown once and stored only as its SHA-256; it is valid 7 days, can be
 * revoked, and is used once. Wrong codes are counted per user like failed sign-ins.
 */
export function createInvitationsService(deps: InvitationsServiceDependencies) {
  const { db, events, throttle, users } = deps;
  const invitations = createInvitationsRepository(db);
  const households = createHouseholdsRepository(db);

  async function asOwner(userId: string, householdId: string): Promise<void> {
    if (!isId(householdId)) throw householdNotFound();
    const role = await households.roleOf(householdId, userId);
    if (!role) throw householdNotFound();
    if (!roleAllows(role, 'owner')) throw roleForbids('owner');
  }

  return {
    async create(
      userId: string,
      householdId: string,
      input: { role: HouseholdRole; email?: string | null | undefined },
      client: ClientInfo,
    ): Promise<CreatedInvitation> {
      await asOwner(userId, householdId);
      const code = randomSecret(32);
      const row = await invitations.insert({
        householdId,
        codeHash: sha256Hex(code),
        role: input.role,
        email: input.email ?? null,
        createdBy: userId,
        expiresAt: new Date(Date.now() + HOUSEHOLD_LIMITS.invitationDays * DAY_MS),
      });
      await events.record(userId, 'invitation-created', client, `${householdId}: ${row.role}`);
      return {
        _id: row.id,
        code,
        url: `/join/${code}`,
        role: row.role,
        email: row.email,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    async list(userId: string, householdId: string): Promise<Invitation[]> {
      await asOwner(userId, householdId);
      return (await invitations.list(householdId)).map(toInvitationDto);
    },

    async revoke(
      userId: string,
      householdId: string,
      invitationId: string,
      client: ClientInfo,
    ): Promise<void> {
      await asOwner(userId, householdId);
      if (!isId(invitationId) || !(await invitations.revoke(householdId, invitationId))) {
        throw notFoundInvitation();
      }
      await events.record(userId, 'invitation-revoked', client, householdId);
    },

    /** Joins the invitation's household with its role; answers that household. */
    async accept(
      user: Pick<UserRow, 'id' | 'email'>,
      code: string,
      client: ClientInfo,
    ): Promise<Household> {
      const key = throttle.invitation(user.id);
      await throttle.attempt(key);
      const householdId = await db.transaction(async (tx) => {
        await users.lock(tx, user.id);
        const repository = createInvitationsRepository(tx);
        const invitation = await repository.findOpenForUpdate(sha256Hex(code));
        if (!invitation) throw invitationNotFound();
        if (invitation.email && invitation.email !== user.email) {
          throw forbidden(
            'This invitation is for another e-mail address. Sign in with that one to accept it.',
            ErrorCode.INVITATION_FOR_ANOTHER,
          );
        }
        const members = createHouseholdsRepository(tx);
        if (await members.roleOf(invitation.householdId, user.id)) {
          throw conflict('You are already a member of this household.', ErrorCode.ALREADY_MEMBER);
        }
        if ((await members.countForUser(user.id)) >= HOUSEHOLD_LIMITS.perUser) {
          throw tooManyHouseholds(HOUSEHOLD_LIMITS.perUser);
        }
        await members.addMember(invitation.householdId, user.id, invitation.role);
        await repository.markAccepted(invitation.id, user.id);
        return invitation.householdId;
      });
      await throttle.succeeded(key);
      users.forget(user.id);
      await events.record(user.id, 'invitation-accepted', client, householdId);
      const row = await households.findForUser(user.id, householdId);
      if (!row) throw householdNotFound();
      return toHouseholdDto(row);
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
