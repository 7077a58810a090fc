import {
  HOUSEHOLD_LIMITS,
  PERSONAL_HOUSEHOLD_NAME,
  roleAllows,
  type Household,
  type HouseholdMember,
  type HouseholdRole,
  type SecurityEventType,
} from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { ClientInfo } from '../../http/client-info';
import { isId } from '../../lib/ids';
import type { AccountsService } from '../accounts/accounts-service';
import type { SecurityEventsService } from '../security-events/security-events-service';
import type { UsersService } from '../users/users-service';
import type { RequestHousehold } from '../users/users-repository';
import { toHouseholdDto, toMemberDto } from './household-dto';
import {
  householdNotFound,
  lastOwner,
  memberNotFound,
  onlyHousehold,
  roleForbids,
  tooManyHouseholds,
} from './household-errors';
import { createHouseholdsRepository, type HouseholdsRepository } from './households-repository';
import { asHouseholdId } from './household-id';

export interface HouseholdsServiceDependencies {
  db: Database;
  accounts: Pick<AccountsService, 'createDefault'>;
  events: Pick<SecurityEventsService, 'record'>;
  /** The one writer of users: their default household, and the user deleted with theirs. */
  users: Pick<
    UsersService,
    'update' | 'lock' | 'repairDefaultHouseholds' | 'delete' | 'findById' | 'forget'
  >;
}

type Creator = Pick<UserRow, 'id' | 'defaultCurrency' | 'timeZone'>;

/**
 * Households and their members (docs/api.md, Households): who may see and change what, and the
 * rules that always hold — every user belongs to at least one household and at most 20, and a
 * household keeps at least one owner. Each route acts on the household in its path, checked here
 * against the caller's membership; a household the caller is not a member of is not found.
 */
export function createHouseholdsService(deps: HouseholdsServiceDependencies) {
  const { db, accounts, events, users } = deps;
  /** Drops what this instance remembers of the user's memberships (plugins/authenticate.ts). */
  const forgetMemberships = (userId: string) => users.forget(userId);
  const households = createHouseholdsRepository(db);

  /** The caller's role in the household, or 404; below `needed` → 403 naming it. */
  async function roleIn(
    repository: HouseholdsRepository,
    userId: string,
    householdId: string,
    needed: HouseholdRole,
    options: { lock?: boolean } = {},
  ): Promise<HouseholdRole> {
    if (!isId(householdId)) throw householdNotFound();
    const role = await repository.roleOf(householdId, userId, options);
    if (!role) throw householdNotFound();
    if (!roleAllows(role, needed)) throw roleForbids(needed);
    return role;
  }

  async function answer(userId: string, householdId: string): Promise<Household> {
    const row = await households.findForUser(userId, householdId);
    if (!row) throw householdNotFound();
    return toHouseholdDto(row);
  }

  /** A new household with `user` its owner and its "Main" account, in `tx`. */
  async function found(
    tx: Executor,
    user: Creator,
    values: { name: string; baseCurrency: string },
  ): Promise<string> {
    const repository = createHouseholdsRepository(tx);
    const household = await repository.insert({ ...values, timeZone: user.timeZone });
    await repository.addMember(household.id, user.id, 'owner');
    await accounts.createDefault(tx, user.id, {
      id: asHouseholdId(household.id),
      baseCurrency: household.baseCurrency,
    });
    return household.id;
  }

  /** Members who left or lost a household get another default; their lookups are forgotten. */
  async function afterLeaving(tx: Executor, userIds: string[]): Promise<void> {
    await users.repairDefaultHouseholds(tx, userIds);
  }

  async function record(
    userId: string,
    type: SecurityEventType,
    client: ClientInfo | undefined,
    detail: string,
  ): Promise<void> {
    await events.record(userId, type, client, detail);
  }

  return {
    /**
     * The personal household a sign-up makes (with its "Main" account), the user its owner and
     * it their default, in the sign-up's transaction.
     */
    async createPersonal(tx: Executor, user: Creator): Promise<string> {
      const householdId = await found(tx, user, {
        name: PERSONAL_HOUSEHOLD_NAME,
        baseCurrency: user.defaultCurrency,
      });
      await users.update(user.id, { defaultHouseholdId: householdId }, tx);
      return householdId;
    },

    async list(userId: string): Promise<Household[]> {
      return (await households.listForUser(userId)).map(toHouseholdDto);
    },

    async get(userId: string, householdId: string): Promise<Household> {
      if (!isId(householdId)) throw householdNotFound();
      return answer(userId, householdId);
    },

    async create(user: Creator, input: { name: string; baseCurrency: string }) {
      const householdId = await db.transaction(async (tx) => {
        // The user's memberships locked: two creations at once cannot both pass the limit.
        await users.lock(tx, user.id);
        const repository = createHouseholdsRepository(tx);
        if ((await repository.countForUser(user.id)) >= HOUSEHOLD_LIMITS.perUser) {
          throw tooManyHouseholds(HOUSEHOLD_LIMITS.perUser);
        }
        return found(tx, user, input);
      });
      return answer(user.id, householdId);
    },

    async update(
      userId: string,
      householdId: string,
      changes: { name?: string | undefined; baseCurrency?: string | undefined },
    ): Promise<Household> {
      await roleIn(households, userId, householdId, 'owner');
      const values = {
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.baseCurrency === undefined ? {} : { baseCurrency: changes.baseCurrency }),
      };
      if (Object.keys(values).length > 0) await households.update(householdId, values);
      // Every request remembers its household's base currency with the membership.
      if (values.baseCurrency !== undefined) {
        (await households.members(householdId)).forEach((member) =>
          forgetMemberships(member.userId),
        );
      }
      return answer(userId, householdId);
    },

    /** Deletes the household and its data (owner); never the caller's only one. */
    async delete(userId: string, householdId: string): Promise<void> {
      const memberIds = await db.transaction(async (tx) => {
        const repository = createHouseholdsRepository(tx);
        await roleIn(repository, userId, householdId, 'owner', { lock: true });
        if ((await repository.countForUser(userId)) <= 1) throw onlyHousehold();
        const members = await repository.lockMembers(householdId);
        await repository.delete(householdId);
        const ids = members.map((member) => member.userId);
        await afterLeaving(tx, ids);
        return ids;
      });
      memberIds.forEach(forgetMemberships);
    },

    /**
     * Deletes the user, and with them every household they are the only member of (and its
     * data); a household they are the only owner of beside other members → 409 LAST_OWNER, and
     * nothing is deleted. Their rows in the households that stay keep no author.
     */
    async deleteUser(userId: string): Promise<boolean> {
      const deleted = await db.transaction(async (tx) => {
        await users.lock(tx, userId);
        const repository = createHouseholdsRepository(tx);
        for (const household of await repository.listForUser(userId)) {
          const members = await repository.lockMembers(household.id);
          if (members.length === 1) {
            await repository.delete(household.id);
            continue;
          }
          const owners = members.filter((member) => member.role === 'owner');
          if (owners.length === 1 && owners[0]!.userId === userId) throw lastOwner();
        }
        return users.delete(tx, userId);
      });
      forgetMemberships(userId);
      return deleted;
    },

    /**
     * The household's base currency and time zone chosen at setup or in Settings
     * (`PUT /auth/setup`): the owner's to change, as in `PUT /households/:id`. Another currency
     * from another member is a 403; their time zone stays their own (docs/decisions.md).
     */
    async adoptSettings(
      household: RequestHousehold,
      settings: { baseCurrency: string; timeZone?: string | undefined },
    ): Promise<void> {
      const isOwner = roleAllows(household.role, 'owner');
      if (household.baseCurrency !== settings.baseCurrency && !isOwner) throw roleForbids('owner');
      const changes = {
        ...(household.baseCurrency === settings.baseCurrency
          ? {}
          : { baseCurrency: settings.baseCurrency }),
        ...(isOwner && settings.timeZone && settings.timeZone !== household.timeZone
          ? { timeZone: settings.timeZone }
          : {}),
      };
      if (Object.keys(changes).length === 0) return;
      await households.update(household.id, changes);
      (await households.members(household.id)).forEach((member) =>
        forgetMemberships(member.userId),
      );
    },

    /**
     * A sign-in's time zone becomes the user's default household's only while that household
     * has none of its own yet (UTC, what it gets when no browser said one): a member signing in
     * while travelling does not move a shared household's periods (docs/decisions.md).
     */
    async adoptTimeZone(userId: string, timeZone: string): Promise<void> {
      await households.adoptTimeZone(userId, timeZone);
      forgetMemberships(userId);
    },

    async setDefault(userId: string, householdId: string): Promise<Household> {
      await roleIn(households, userId, householdId, 'viewer');
      await users.update(userId, { defaultHouseholdId: householdId });
      forgetMemberships(userId);
      return answer(userId, householdId);
    },

    async members(userId: string, householdId: string): Promise<HouseholdMember[]> {
      await roleIn(households, userId, householdId, 'viewer');
      return (await households.members(householdId)).map(toMemberDto);
    },

    async setRole(
      userId: string,
      householdId: string,
      memberId: string,
      role: HouseholdRole,
      client: ClientInfo,
    ): Promise<HouseholdMember[]> {
      const changed = await db.transaction(async (tx) => {
        const repository = createHouseholdsRepository(tx);
        await roleIn(repository, userId, householdId, 'owner');
        const members = await repository.lockMembers(householdId);
        const member = members.find((one) => one.userId === memberId);
        if (!member) throw memberNotFound();
        if (member.role === role) return false;
        const owners = members.filter((one) => one.role === 'owner').length;
        if (member.role === 'owner' && owners <= 1) throw lastOwner();
        await repository.setRole(householdId, memberId, role);
        return true;
      });
      if (changed) {
        forgetMemberships(memberId);
        await record(memberId, 'member-role-changed', client, `${householdId}: ${role}`);
      }
      return (await households.members(householdId)).map(toMemberDto);
    },

    /**
     * An owner removes a member; any member removes themself (leaves). The last owner cannot
     * go while others stay; nobody leaves their only household. A member removed from their
     * only household gets a new personal one, so that every user keeps one.
     */
    async removeMember(
      actor: Creator,
      householdId: string,
      memberId: string,
      client: ClientInfo,
    ): Promise<void> {
      const isLeaving = memberId === actor.id;
      await db.transaction(async (tx) => {
        const repository = createHouseholdsRepository(tx);
        await roleIn(repository, actor.id, householdId, isLeaving ? 'viewer' : 'owner');
        const members = await repository.lockMembers(householdId);
        const member = members.find((one) => one.userId === memberId);
        if (!member) throw memberNotFound();
        const owners = members.filter((one) => one.role === 'owner').length;
        // The only member is its only owner: deleting the household is the way out.
        if (member.role === 'owner' && owners <= 1) throw lastOwner();
        const elsewhere = (await repository.countForUser(memberId)) - 1;
        if (elsewhere === 0 && isLeaving) throw onlyHousehold();
        await repository.removeMember(householdId, memberId);
        if (elsewhere === 0) {
          const removed = await users.findById(memberId);
          if (removed)
            await found(tx, removed, {
              name: PERSONAL_HOUSEHOLD_NAME,
              baseCurrency: removed.defaultCurrency,
            });
        }
        await afterLeaving(tx, [memberId]);
      });
      forgetMemberships(memberId);
      await record(memberId, isLeaving ? 'member-left' : 'member-removed', client, householdId);
    },
  };
}

export type HouseholdsService = ReturnType<typeof createHouseholdsService>;
