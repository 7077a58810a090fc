import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { householdInvitations, type HouseholdInvitationRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export type NewInvitation = Pick<
  HouseholdInvitationRow,
  'householdId' | 'codeHash' | 'role' | 'email' | 'createdBy' | 'expiresAt'
>;

/** SQL of household invitations; only the code's hash is ever stored or compared. */
export function createInvitationsRepository(db: Executor) {
  return {
    async insert(invitation: NewInvitation): Promise<HouseholdInvitationRow> {
      const [row] = await db
        .insert(householdInvitations)
        .values({ id: newId(), ...invitation })
        .returning();
      return row!;
    },

    async list(householdId: string): Promise<HouseholdInvitationRow[]> {
      return db
        .select()
        .from(householdInvitations)
        .where(eq(householdInvitations.householdId, householdId))
        .orderBy(desc(householdInvitations.createdAt), desc(householdInvitations.id));
    },

    /** Revokes an invitation still open; false when there is none such. */
    async revoke(householdId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(householdInvitations)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(householdInvitations.householdId, householdId),
            eq(householdInvitations.id, id),
            isNull(householdInvitations.acceptedAt),
            isNull(householdInvitations.revokedAt),
          ),
        )
        .returning({ id: householdInvitations.id });
      return rows.length > 0;
    },

    /**
     * The invitation with this code's hash that can still be used (not accepted, not revoked,
     * not expired), locked until the transaction ends: two accepts of one code cannot both pass.
     */
    async findOpenForUpdate(codeHash: string): Promise<HouseholdInvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(householdInvitations)
        .where(
          and(
            eq(householdInvitations.codeHash, codeHash),
            isNull(householdInvitations.acceptedAt),
            isNull(householdInvitations.revokedAt),
            sql`${householdInvitations.expiresAt} > now()`,
          ),
        )
        .for('update');
      return row;
    },

    async markAccepted(id: string, userId: string): Promise<void> {
      await db
        .update(householdInvitations)
        .set({ acceptedAt: sql`now()`, acceptedBy: userId })
        .where(eq(householdInvitations.id, id));
    },
  };
}
