import type { ImportMapping, ImportMappingReasons } from '@moneta/shared';

/**
 * A CSV import's mapping as stored on the import (`imports.mapping`, jsonb): the detector's
 * reasons ride along with it, so that they reach the import's answer by the path the mapping
 * already takes from the reader to the database. A mapping the user sends has none, and none
 * is remembered for the next file.
 */
export type StoredImportMapping = ImportMapping & { reasons?: ImportMappingReasons };

export function withReasons(
  mapping: ImportMapping,
  reasons: ImportMappingReasons,
): StoredImportMapping {
  return { ...mapping, reasons };
}

/** The mapping as the API shows it, and its reasons apart. */
export function splitReasons(stored: StoredImportMapping): {
  mapping: ImportMapping;
  reasons: ImportMappingReasons | undefined;
} {
  const { reasons, ...mapping } = stored;
  return { mapping, reasons };
}

export const withoutReasons = (stored: StoredImportMapping): ImportMapping =>
  splitReasons(stored).mapping;
