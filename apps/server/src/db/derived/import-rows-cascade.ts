/**
 * An import's rows go with it (a deleted account or user takes its imports along), as a foreign
 * key's cascade would, but once per statement instead of a key check per inserted import row
 * (import_rows has no foreign key for that reason). First made by migration 0012; this file is
 * the current definition (docs/database.md).
 */
export const importRowsCascadeDefinitions = `
CREATE OR REPLACE FUNCTION import_rows_after_imports_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM import_rows WHERE import_id IN (SELECT id FROM old_imports);
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER import_rows_imports_delete AFTER DELETE ON imports
  REFERENCING OLD TABLE AS old_imports FOR EACH STATEMENT EXECUTE FUNCTION import_rows_after_imports_delete();
`;
