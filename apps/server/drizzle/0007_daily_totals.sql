CREATE TABLE "transaction_daily_totals" (
	"user_id" uuid NOT NULL,
	"added_on" date NOT NULL,
	"is_income" boolean NOT NULL,
	"category" text NOT NULL,
	"transaction_count" bigint NOT NULL,
	"sum_cents" bigint NOT NULL,
	CONSTRAINT "transaction_daily_totals_user_id_added_on_is_income_category_pk" PRIMARY KEY("user_id","added_on","is_income","category")
);
--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" ADD CONSTRAINT "transaction_daily_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps transaction_daily_totals exact, like transaction_totals (0002) and
-- transaction_search_counts (0005): one aggregate per statement through transition tables, rows
-- locked in one order so that concurrent writers cannot deadlock, and days that reach zero
-- transactions removed.
CREATE FUNCTION transaction_daily_totals_after_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE transaction_daily_totals AS totals
    SET transaction_count = totals.transaction_count - gone.removed_count,
        sum_cents = totals.sum_cents - gone.removed_cents
    FROM (
      SELECT user_id, added_on, is_income, category, count(*) AS removed_count,
             sum(cost_cents) AS removed_cents
      FROM old_rows GROUP BY user_id, added_on, is_income, category
    ) AS gone
    WHERE totals.user_id = gone.user_id AND totals.added_on = gone.added_on
      AND totals.is_income = gone.is_income AND totals.category = gone.category;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO transaction_daily_totals AS totals
      (user_id, added_on, is_income, category, transaction_count, sum_cents)
    SELECT user_id, added_on, is_income, category, count(*), sum(cost_cents) FROM new_rows
    GROUP BY user_id, added_on, is_income, category
    ORDER BY user_id, added_on, is_income, category
    ON CONFLICT (user_id, added_on, is_income, category) DO UPDATE
      SET transaction_count = totals.transaction_count + excluded.transaction_count,
          sum_cents = totals.sum_cents + excluded.sum_cents;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM transaction_daily_totals
    WHERE transaction_count = 0 AND (user_id, added_on, is_income, category) IN (
      SELECT user_id, added_on, is_income, category FROM old_rows
    );
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER transaction_daily_totals_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_daily_totals_after_change();
--> statement-breakpoint
CREATE TRIGGER transaction_daily_totals_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_daily_totals_after_change();
--> statement-breakpoint
CREATE TRIGGER transaction_daily_totals_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_daily_totals_after_change();
--> statement-breakpoint
INSERT INTO transaction_daily_totals (user_id, added_on, is_income, category, transaction_count, sum_cents)
SELECT user_id, added_on, is_income, category, count(*), sum(cost_cents) FROM transactions
GROUP BY user_id, added_on, is_income, category;
