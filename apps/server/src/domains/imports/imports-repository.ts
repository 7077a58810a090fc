import type { ImportMapping } from '@moneta/shared';
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { importMappings, imports, type ImportRecord } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { HouseholdId } from '../households/household-id';
import { withoutReasons } from './reading/mapping-reasons';

export type NewImport = Pick<
  ImportRecord,
  'userId' | 'accountId' | 'fileName' | 'format' | 'encoding'
> & { householdId: HouseholdId } & Partial<
    Pick<ImportRecord, 'connectionId' | 'createdBy' | 'updatedBy'>
  >;
export type ImportChanges = Partial<
  Pick<
    ImportRecord,
    | 'accountId'
    | 'format'
    | 'status'
    | 'encoding'
    | 'delimiter'
    | 'columns'
    | 'mapping'
    | 'headerKey'
    | 'firstRow'
    | 'rowCount'
    | 'newCount'
    | 'duplicateCount'
    | 'problemCount'
    | 'transferCount'
    | 'transferPairCount'
    | 'createdCount'
    | 'committedAt'
    | 'statements'
    | 'updatedBy'
  >
>;

/** An upload that has not finished in this long was cut off (a crash): its rows go. */
const STALE_UPLOAD_MINUTES = 60;

/** Imports that the API shows: not the internal `uploading` state. */
const visible = ne(imports.status, 'uploading');

export function createImportsRepository(db: Executor) {
  return {
    async insert(values: NewImport): Promise<ImportRecord> {
      const [row] = await db
        .insert(imports)
        .values({
          id: newId(),
          status: 'uploading',
          createdBy: values.userId,
          updatedBy: values.userId,
          ...values,
        })
        .returning();
      return row!;
    },

    async update(id: string, changes: ImportChanges): Promise<ImportRecord> {
      const [row] = await db.update(imports).set(changes).where(eq(imports.id, id)).returning();
      return row!;
    },

    async delete(id: string): Promise<void> {
      await db.delete(imports).where(eq(imports.id, id));
    },

    /** Removes uploads cut off long ago (with their rows); another upload may be under way. */
    async deleteStaleUploads(): Promise<void> {
      await db
        .delete(imports)
        .where(
          and(
            eq(imports.status, 'uploading'),
            lt(imports.createdAt, sql`now() - make_interval(mins => ${STALE_UPLOAD_MINUTES})`),
          ),
        );
    },

    async find(householdId: HouseholdId, id: string): Promise<ImportRecord | undefined> {
      const [row] = await db
        .select()
        .from(imports)
        .where(and(eq(imports.householdId, householdId), eq(imports.id, id), visible));
      return row;
    },

    /** The import, locked until the end of the transaction (commit, undo, new mapping). */
    async lock(householdId: HouseholdId, id: string): Promise<ImportRecord | undefined> {
      const [row] = await db
        .select()
        .from(imports)
        .where(and(eq(imports.householdId, householdId), eq(imports.id, id), visible))
        .for('update');
      return row;
    },

    /** The household's imports, newest first. */
    async list(householdId: HouseholdId, limit: number): Promise<ImportRecord[]> {
      return db
        .select()
        .from(imports)
        .where(and(eq(imports.householdId, householdId), visible))
        .orderBy(desc(imports.createdAt), desc(imports.id))
        .limit(limit);
    },

    async findMapping(
      householdId: HouseholdId,
      headerKey: string,
    ): Promise<ImportMapping | undefined> {
      const [row] = await db
        .select({ mapping: importMappings.mapping })
        .from(importMappings)
        .where(
          and(eq(importMappings.householdId, householdId), eq(importMappings.headerKey, headerKey)),
        );
      return row && withoutReasons(row.mapping);
    },

    /**
     * Remembers the household's mapping for a header (`userId` confirmed it): the next file with
     * it needs no changes.
     */
    async saveMapping(
      { householdId, userId }: { householdId: HouseholdId; userId: string },
      headerKey: string,
      chosen: ImportMapping,
    ): Promise<void> {
      // The detector's reasons were for that file: the next one is told it is remembered.
      const mapping = withoutReasons(chosen);
      await db
        .insert(importMappings)
        .values({ userId, householdId, headerKey, mapping })
        .onConflictDoUpdate({
          target: [importMappings.householdId, importMappings.headerKey],
          set: { mapping, updatedAt: sql`now()` },
        });
    },
  };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;
