import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statements';
import { apiTokens, type ApiTokenRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export type NewApiToken = Pick<
  ApiTokenRow,
  'userId' | 'householdId' | 'name' | 'scope' | 'tokenHash' | 'expiresAt'
>;

export function createApiTokensRepository(db: Executor) {
  return {
    async insert(token: NewApiToken): Promise<ApiTokenRow> {
      const [row] = await db
        .insert(apiTokens)
        .values({ id: newId(), ...token })
        .returning();
      return row!;
    },

    /** Every request with an API token asks this (at most once a second per token): prepared. */
    async findByHash(tokenHash: string): Promise<ApiTokenRow | undefined> {
      const statement = preparedStatement(db, 'api_token_by_hash', (name) =>
        db
          .select()
          .from(apiTokens)
          .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
          .limit(1)
          .prepare(name),
      );
      const [row] = await statement.execute({ tokenHash });
      return row;
    },

    async touch(id: string): Promise<void> {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(apiTokens.id, id));
    },

    async list(userId: string): Promise<ApiTokenRow[]> {
      return db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, userId))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
    },

    async delete(userId: string, id: string): Promise<ApiTokenRow | undefined> {
      const [row] = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
        .returning();
      return row;
    },
  };
}
