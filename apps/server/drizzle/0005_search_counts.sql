CREATE TABLE "transaction_search_counts" (
	"user_id" uuid NOT NULL,
	"is_income" boolean NOT NULL,
	"category" text NOT NULL,
	"search_hash" text NOT NULL,
	"search_text" text NOT NULL,
	"transaction_count" bigint NOT NULL,
	CONSTRAINT "transaction_search_counts_user_id_is_income_category_search_hash_pk" PRIMARY KEY("user_id","is_income","category","search_hash")
);
--> statement-breakpoint
ALTER TABLE "transaction_search_counts" ADD CONSTRAINT "transaction_search_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_search_counts_search_idx" ON "transaction_search_counts" USING gin ("user_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_user_day_idx" ON "transactions" USING btree ("user_id","added_on","is_income","category","cost_cents");--> statement-breakpoint
-- Keeps transaction_search_counts exact, like transaction_totals (0002): one aggregate per
-- statement through transition tables, rows locked in one order so that concurrent writers
-- cannot deadlock, and groups that reach zero removed. One function serves the three triggers
-- (as in PostgreSQL's own audit example): an update subtracts its old rows and adds its new ones.
CREATE FUNCTION transaction_search_counts_after_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE transaction_search_counts AS counts
    SET transaction_count = counts.transaction_count - gone.removed_count
    FROM (
      SELECT user_id, is_income, category, md5(search_text) AS search_hash, count(*) AS removed_count
      FROM old_rows GROUP BY user_id, is_income, category, search_text
    ) AS gone
    WHERE counts.user_id = gone.user_id AND counts.is_income = gone.is_income
      AND counts.category = gone.category AND counts.search_hash = gone.search_hash;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO transaction_search_counts AS counts
      (user_id, is_income, category, search_hash, search_text, transaction_count)
    SELECT user_id, is_income, category, md5(search_text), search_text, count(*) FROM new_rows
    GROUP BY user_id, is_income, category, search_text
    ORDER BY user_id, is_income, category, md5(search_text)
    ON CONFLICT (user_id, is_income, category, search_hash) DO UPDATE
      SET transaction_count = counts.transaction_count + excluded.transaction_count;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM transaction_search_counts
    WHERE transaction_count = 0 AND user_id IN (SELECT DISTINCT user_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER transaction_search_counts_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_search_counts_after_change();
--> statement-breakpoint
CREATE TRIGGER transaction_search_counts_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_search_counts_after_change();
--> statement-breakpoint
CREATE TRIGGER transaction_search_counts_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_search_counts_after_change();
--> statement-breakpoint
INSERT INTO transaction_search_counts (user_id, is_income, category, search_hash, search_text, transaction_count)
SELECT user_id, is_income, category, md5(search_text), search_text, count(*) FROM transactions
GROUP BY user_id, is_income, category, search_text;
