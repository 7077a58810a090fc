import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type CreatedApiToken,
  ErrorCode,
  type ValidApiTokenInput,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import type { ApiTokenRow, UserRow } from '../../db/schema';
import type { ClientInfo } from '../../http/client-info';
import { notFound } from '../../http/app-error';
import { randomSecret, sha256Hex } from '../../lib/hashing';
import { isId } from '../../lib/ids';
import { createRecentLookup } from '../../lib/recent-lookup';
import { householdNotFound } from '../households/household-errors';
import { asHouseholdId } from '../households/household-id';
import { createHouseholdsReader } from '../households/households-reader';
import type { SecurityEventsService } from '../security-events/security-events-service';
import { createApiTokensRepository } from './api-tokens-repository';

/** A revoked token is refused on this instance at once, on every other one within this time. */
const RECENT_TOKEN_TTL_MS = 1000;
const LAST_USED_RESOLUTION_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

function toApiTokenDto(row: ApiTokenRow): ApiToken {
  return {
    _id: row.id,
    name: row.name,
    scope: row.scope,
    householdId: row.householdId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function isApiToken(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_PREFIX);
}

export function createApiTokensService(
  db: Database,
  options: { events: SecurityEventsService; recentTtlMs?: number | undefined },
) {
  const tokens = createApiTokensRepository(db);
  const { events } = options;
  const recent = createRecentLookup(
    async (tokenHash: string) => {
      const row = await tokens.findByHash(tokenHash);
      const lastUsed = row?.lastUsedAt?.getTime() ?? 0;
      if (row && Date.now() - lastUsed > LAST_USED_RESOLUTION_MS) {
        tokens.touch(row.id).catch(() => undefined);
      }
      return row;
    },
    { ttlMs: options.recentTtlMs ?? RECENT_TOKEN_TTL_MS },
  );

  return {
    /** Creates a token; the answer is the only place its secret ever appears. */
    async create(
      user: Pick<UserRow, 'id' | 'defaultHouseholdId'>,
      input: ValidApiTokenInput,
      client: ClientInfo,
    ): Promise<CreatedApiToken> {
      const userId = user.id;
      // The household named in the body, else the request's header, else the user's default.
      const householdId = input.householdId ?? user.defaultHouseholdId;
      const role = householdId && (await createHouseholdsReader(db).roleOf(householdId, userId));
      if (!householdId || !role) throw householdNotFound();
      const token = `${API_TOKEN_PREFIX}${randomSecret()}`;
      const row = await tokens.insert({
        userId,
        householdId: asHouseholdId(householdId),
        name: input.name,
        scope: input.scope,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
      });
      await events.record(userId, 'token-created', client, `${row.name} (${row.scope})`);
      return { ...toApiTokenDto(row), token };
    },

    async list(userId: string): Promise<ApiToken[]> {
      return (await tokens.list(userId)).map(toApiTokenDto);
    },

    async revoke(userId: string, id: string, client: ClientInfo): Promise<void> {
      const row = isId(id) ? await tokens.delete(userId, id) : undefined;
      if (!row) throw notFound('Token not found.', ErrorCode.TOKEN_NOT_FOUND);
      recent.forget(row.tokenHash);
      await events.record(userId, 'token-revoked', client, row.name);
    },

    /** The token's row, as of at most a second ago, if it exists and has not expired. */
    async findRecent(bearer: string): Promise<ApiTokenRow | undefined> {
      const row = await recent.get(sha256Hex(bearer));
      return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
