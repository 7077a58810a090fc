ALTER TABLE "transaction_search_counts" DROP CONSTRAINT "transaction_search_counts_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "transaction_search_counts_search_idx";
--> statement-breakpoint
-- Hand-written (keep at the end so that the part above can be generated again).
-- Both the key and the trigram index cost a bank file's commit one more entry or check per row:
-- the counts trigger (0005) inserts one row per transaction when the notes (references) all
-- differ. The user of a count is always a transaction's user, checked by the transaction's own
-- key; a search's count reads the user's rows through the primary key. A deleted user's search
-- counts go with the user, as the foreign key's cascade did, once per statement.
CREATE FUNCTION transaction_search_counts_after_users_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM transaction_search_counts WHERE user_id IN (SELECT id FROM old_users);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER transaction_search_counts_users_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_users FOR EACH STATEMENT EXECUTE FUNCTION transaction_search_counts_after_users_delete();
