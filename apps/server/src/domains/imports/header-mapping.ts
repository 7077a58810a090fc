import type { ImportMapping } from '@moneta/shared';
import type { Executor } from '../../db/database';
import { createImportRowsRepository } from './import-rows-repository';
import {
  DETECTION_RECORDS,
  detectMapping,
  isBlankRecord,
  type MappingPreferences,
} from './reading/csv-mapping';

/**
 * The mapping detected for a CSV import's header moved to line `skipRows + 1` (its cells
 * `columns`), from the records kept after it, as an upload detects it: the columns the old
 * header named mean nothing under another one.
 */
export async function mappingForHeader(
  db: Executor,
  importId: string,
  header: { skipRows: number; columns: string[] },
  preferences: MappingPreferences,
): Promise<ImportMapping> {
  const records = await createImportRowsRepository(db).cells(importId, {
    after: header.skipRows,
    limit: DETECTION_RECORDS,
  });
  const rows = records.map((record) => record.cells).filter((cells) => !isBlankRecord(cells));
  const { mapping } = detectMapping(
    { headerIndex: header.skipRows, columns: header.columns },
    rows,
    preferences,
  );
  return { ...mapping, skipRows: header.skipRows };
}
