-- The household leads the keys of the money data read by accounts, transactions, transfers,
-- rates and reports (docs/database.md). The derived tables are emptied and recomputed from the
-- rows, by household; remembered answers are emptied (every start does so anyway). The trigger
-- functions of this version replace the old ones when the derived definitions are applied, right
-- after the migrations (src/db/derived): those whose name or signature changes go here.
DROP TRIGGER IF EXISTS transaction_search_counts_users_delete ON users;--> statement-breakpoint
DROP FUNCTION IF EXISTS transaction_search_counts_after_users_delete();--> statement-breakpoint
DROP FUNCTION IF EXISTS user_data_versions_after_insert() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS user_data_versions_after_update() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS user_data_versions_after_delete() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS user_data_versions_after_truncate() CASCADE;--> statement-breakpoint
-- A parameter's name cannot change in place (for_user → for_household).
DROP FUNCTION IF EXISTS moneta_exchange_rate(uuid, text, text, date, integer);--> statement-breakpoint
CREATE TABLE "household_data_versions" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
DROP TABLE "user_data_versions" CASCADE;--> statement-breakpoint
ALTER TABLE "household_data_versions" ADD CONSTRAINT "household_data_versions_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
TRUNCATE "transaction_totals", "transaction_daily_totals", "transaction_search_counts", "answer_cache", "data_version_pending";--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" DROP CONSTRAINT "transaction_daily_totals_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "transaction_totals" DROP CONSTRAINT "transaction_totals_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "answer_cache" DROP CONSTRAINT "answer_cache_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" DROP CONSTRAINT "transaction_daily_totals_user_id_added_on_is_income_category_pk";--> statement-breakpoint
ALTER TABLE "transaction_search_counts" DROP CONSTRAINT "transaction_search_counts_user_id_is_income_category_search_hash_pk";--> statement-breakpoint
ALTER TABLE "transaction_totals" DROP CONSTRAINT "transaction_totals_user_id_is_income_category_pk";--> statement-breakpoint
ALTER TABLE "answer_cache" DROP CONSTRAINT "answer_cache_pkey";--> statement-breakpoint
ALTER TABLE "data_version_pending" DROP CONSTRAINT "data_version_pending_pkey";--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "transaction_search_counts" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "transaction_totals" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "answer_cache" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "data_version_pending" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" ADD COLUMN "household_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_search_counts" ADD COLUMN "household_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_totals" ADD COLUMN "household_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_cache" ADD COLUMN "household_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "data_version_pending" ADD COLUMN "household_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" ADD CONSTRAINT "transaction_daily_totals_household_id_added_on_is_income_category_pk" PRIMARY KEY("household_id","added_on","is_income","category");--> statement-breakpoint
ALTER TABLE "transaction_search_counts" ADD CONSTRAINT "transaction_search_counts_household_id_is_income_category_search_hash_pk" PRIMARY KEY("household_id","is_income","category","search_hash");--> statement-breakpoint
ALTER TABLE "transaction_totals" ADD CONSTRAINT "transaction_totals_household_id_is_income_category_pk" PRIMARY KEY("household_id","is_income","category");--> statement-breakpoint
ALTER TABLE "answer_cache" ADD CONSTRAINT "answer_cache_pkey" PRIMARY KEY("household_id","key");--> statement-breakpoint
ALTER TABLE "data_version_pending" ADD CONSTRAINT "data_version_pending_pkey" PRIMARY KEY("household_id","xid");--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" ADD CONSTRAINT "transaction_daily_totals_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_totals" ADD CONSTRAINT "transaction_totals_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_cache" ADD CONSTRAINT "answer_cache_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The kept totals again, from the rows, as the triggers count them: a split transaction once in
-- each category of its parts (src/db/derived/transaction-splits.ts).
CREATE TEMPORARY TABLE "category_rows" ON COMMIT DROP AS
  SELECT r.household_id, r.added_on, r.is_income, r.category, r.cost_cents FROM transactions AS r
  WHERE NOT EXISTS (SELECT 1 FROM transaction_splits AS s WHERE s.transaction_id = r.id)
  UNION ALL
  SELECT r.household_id, r.added_on, r.is_income, s.category, sum(s.amount_cents)::bigint
  FROM transactions AS r JOIN transaction_splits AS s ON s.transaction_id = r.id
  GROUP BY r.id, r.household_id, r.added_on, r.is_income, s.category;--> statement-breakpoint
INSERT INTO "transaction_totals" (household_id, is_income, category, transaction_count, sum_cents)
  SELECT household_id, is_income, category, count(*), sum(cost_cents) FROM category_rows
  GROUP BY household_id, is_income, category;--> statement-breakpoint
INSERT INTO "transaction_daily_totals" (household_id, added_on, is_income, category, transaction_count, sum_cents)
  SELECT household_id, added_on, is_income, category, count(*), sum(cost_cents) FROM category_rows
  GROUP BY household_id, added_on, is_income, category;--> statement-breakpoint
INSERT INTO "transaction_search_counts" (household_id, is_income, category, search_hash, search_text, transaction_count)
  SELECT household_id, is_income, category, md5(search_text), search_text, count(*) FROM transactions
  GROUP BY household_id, is_income, category, search_text;--> statement-breakpoint
-- Each account's balance row names its household, the first column of its key.
ALTER TABLE "account_balances" DROP CONSTRAINT "account_balances_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "account_balances" DROP CONSTRAINT "account_balances_pkey";--> statement-breakpoint
ALTER TABLE "account_balances" ADD COLUMN "household_id" uuid;--> statement-breakpoint
UPDATE "account_balances" AS b SET household_id = a.household_id FROM accounts AS a WHERE a.id = b.account_id;--> statement-breakpoint
ALTER TABLE "account_balances" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_pkey" PRIMARY KEY("household_id","account_id");--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_account_fk" FOREIGN KEY ("household_id","account_id") REFERENCES "public"."accounts"("household_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A household's rows point only at its own accounts.
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_account_fk";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_from_account_fk";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_to_account_fk";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_fk" FOREIGN KEY ("household_id","account_id") REFERENCES "public"."accounts"("household_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_account_fk" FOREIGN KEY ("household_id","from_account_id") REFERENCES "public"."accounts"("household_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_account_fk" FOREIGN KEY ("household_id","to_account_id") REFERENCES "public"."accounts"("household_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The household's own rates.
ALTER TABLE "user_exchange_rates" DROP CONSTRAINT "user_exchange_rates_pkey";--> statement-breakpoint
ALTER TABLE "user_exchange_rates" ADD CONSTRAINT "user_exchange_rates_pkey" PRIMARY KEY("household_id","currency","base_currency","date");--> statement-breakpoint
-- Household-led indexes for the reads that now filter by household.
DROP INDEX "accounts_user_order_idx";--> statement-breakpoint
DROP INDEX "transfers_user_list_idx";--> statement-breakpoint
DROP INDEX "deleted_transactions_user_idx";--> statement-breakpoint
DROP INDEX "transaction_splits_user_category_idx";--> statement-breakpoint
DROP INDEX "transactions_user_list_idx";--> statement-breakpoint
DROP INDEX "transactions_user_category_idx";--> statement-breakpoint
DROP INDEX "transactions_user_category_key_idx";--> statement-breakpoint
DROP INDEX "transactions_user_day_idx";--> statement-breakpoint
DROP INDEX "transactions_user_search_idx";--> statement-breakpoint
DROP INDEX "transactions_user_currency_idx";--> statement-breakpoint
CREATE INDEX "accounts_household_order_idx" ON "accounts" USING btree ("household_id","is_archived","created_at");--> statement-breakpoint
CREATE INDEX "transfers_household_list_idx" ON "transfers" USING btree ("household_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deleted_transactions_household_idx" ON "deleted_transactions" USING btree ("household_id","deleted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transaction_splits_household_category_idx" ON "transaction_splits" USING btree ("household_id","category");--> statement-breakpoint
CREATE INDEX "transactions_household_list_idx" ON "transactions" USING btree ("household_id","added_on" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"is_income","category","search_text");--> statement-breakpoint
CREATE INDEX "transactions_household_category_idx" ON "transactions" USING btree ("household_id","category");--> statement-breakpoint
CREATE INDEX "transactions_household_category_key_idx" ON "transactions" USING btree ("household_id",lower("category"));--> statement-breakpoint
CREATE INDEX "transactions_household_day_idx" ON "transactions" USING btree ("household_id","added_on","is_income","category","cost_cents");--> statement-breakpoint
CREATE INDEX "transactions_household_search_idx" ON "transactions" USING gin ("household_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_household_currency_idx" ON "transactions" USING btree ("household_id","currency","added_on","is_income","category","cost_cents","base_cost_cents","base_cost_currency","account_id");
