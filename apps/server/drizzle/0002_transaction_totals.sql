CREATE TABLE "transaction_totals" (
	"user_id" uuid NOT NULL,
	"is_income" boolean NOT NULL,
	"category" text NOT NULL,
	"transaction_count" bigint NOT NULL,
	"sum_cents" bigint NOT NULL,
	CONSTRAINT "transaction_totals_user_id_is_income_category_pk" PRIMARY KEY("user_id","is_income","category")
);
--> statement-breakpoint
ALTER TABLE "transaction_totals" ADD CONSTRAINT "transaction_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps transaction_totals exact. Statement-level triggers with transition tables aggregate a
-- whole bulk insert or delete in one step instead of once per row.
CREATE FUNCTION transaction_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO transaction_totals AS totals (user_id, is_income, category, transaction_count, sum_cents)
  SELECT user_id, is_income, category, count(*), sum(cost_cents) FROM new_rows
  GROUP BY user_id, is_income, category
  ORDER BY user_id, is_income, category -- one lock order, so concurrent bulk inserts cannot deadlock
  ON CONFLICT (user_id, is_income, category) DO UPDATE
    SET transaction_count = totals.transaction_count + excluded.transaction_count,
        sum_cents = totals.sum_cents + excluded.sum_cents;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION transaction_totals_after_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- A deleted user's totals go with the user (ON DELETE CASCADE); only surviving users count.
  UPDATE transaction_totals AS totals
  SET transaction_count = totals.transaction_count - gone.removed_count,
      sum_cents = totals.sum_cents - gone.removed_sum
  FROM (
    SELECT user_id, is_income, category, count(*) AS removed_count, sum(cost_cents) AS removed_sum
    FROM old_rows GROUP BY user_id, is_income, category
  ) AS gone
  WHERE totals.user_id = gone.user_id AND totals.is_income = gone.is_income
    AND totals.category = gone.category;
  DELETE FROM transaction_totals WHERE transaction_count = 0;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION transaction_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE transaction_totals AS totals
  SET transaction_count = totals.transaction_count - gone.removed_count,
      sum_cents = totals.sum_cents - gone.removed_sum
  FROM (
    SELECT user_id, is_income, category, count(*) AS removed_count, sum(cost_cents) AS removed_sum
    FROM old_rows GROUP BY user_id, is_income, category
  ) AS gone
  WHERE totals.user_id = gone.user_id AND totals.is_income = gone.is_income
    AND totals.category = gone.category;
  INSERT INTO transaction_totals AS totals (user_id, is_income, category, transaction_count, sum_cents)
  SELECT user_id, is_income, category, count(*), sum(cost_cents) FROM new_rows
  GROUP BY user_id, is_income, category
  ORDER BY user_id, is_income, category -- one lock order, so concurrent bulk inserts cannot deadlock
  ON CONFLICT (user_id, is_income, category) DO UPDATE
    SET transaction_count = totals.transaction_count + excluded.transaction_count,
        sum_cents = totals.sum_cents + excluded.sum_cents;
  DELETE FROM transaction_totals WHERE transaction_count = 0;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER transaction_totals_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_after_insert();
--> statement-breakpoint
CREATE TRIGGER transaction_totals_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_after_delete();
--> statement-breakpoint
CREATE TRIGGER transaction_totals_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_after_update();
--> statement-breakpoint
INSERT INTO transaction_totals (user_id, is_income, category, transaction_count, sum_cents)
SELECT user_id, is_income, category, count(*), sum(cost_cents) FROM transactions
GROUP BY user_id, is_income, category;
