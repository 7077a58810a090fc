import type { ImportMapping, ImportMappingReasons } from '@moneta/shared';
import { mappingReasonsInEnglish, type MappingReasonCodes } from './import-messages';

/**
 * A CSV import's mapping as stored on the import (`imports.mapping`, jsonb): the detector's
 * reasons ride along with it, so that they reach the import's answer by the path the mapping
 * already takes from the reader to the database. A mapping the user sends has none, and none
 * is remembered for the next file. `reasonCodes` (for the web's languages) are the same sentences
 * as codes; a mapping stored before them has only `reasons`.
 */
export type StoredImportMapping = ImportMapping & {
  reasons?: ImportMappingReasons;
  reasonCodes?: MappingReasonCodes;
};

export function withReasons(
  mapping: ImportMapping,
  reasonCodes: MappingReasonCodes,
): StoredImportMapping {
  return { ...mapping, reasons: mappingReasonsInEnglish(reasonCodes), reasonCodes };
}

/** The mapping as the API shows it, and its reasons apart. */
export function splitReasons(stored: StoredImportMapping): {
  mapping: ImportMapping;
  reasons: ImportMappingReasons | undefined;
  reasonCodes: MappingReasonCodes | undefined;
} {
  const { reasons, reasonCodes, ...mapping } = stored;
  return { mapping, reasons, reasonCodes };
}

export const withoutReasons = (stored: StoredImportMapping): ImportMapping =>
  splitReasons(stored).mapping;
