import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { passkeys, type PasskeyRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export type NewPasskey = Pick<
  PasskeyRow,
  'userId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'name'
>;

export function createPasskeysRepository(db: Executor) {
  return {
    async insert(passkey: NewPasskey): Promise<PasskeyRow> {
      const [row] = await db
        .insert(passkeys)
        .values({ id: newId(), ...passkey })
        .returning();
      return row!;
    },

    async list(userId: string): Promise<PasskeyRow[]> {
      return db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
    },

    async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.credentialId, credentialId))
        .limit(1);
      return row;
    },

    async recordUse(id: string, counter: number): Promise<void> {
      await db
        .update(passkeys)
        .set({ counter, lastUsedAt: sql`now()` })
        .where(eq(passkeys.id, id));
    },

    async delete(userId: string, id: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning();
      return row;
    },
  };
}
