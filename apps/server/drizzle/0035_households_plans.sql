-- Recurring rules and rules name an account of their household: the hand-written keys of 0016
-- and 0017 (ON DELETE SET NULL of the account column only) move from the user to the household.
ALTER TABLE "recurring_rules" DROP CONSTRAINT "recurring_rules_account_fk";--> statement-breakpoint
ALTER TABLE "rules" DROP CONSTRAINT "rules_transfer_account_fk";--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_account_fk";
--> statement-breakpoint
DROP INDEX "transaction_attachments_user_sha256_idx";--> statement-breakpoint
DROP INDEX "budgets_user_category_month_key";--> statement-breakpoint
DROP INDEX "goals_user_created_idx";--> statement-breakpoint
DROP INDEX "recurring_rules_user_next_due_idx";--> statement-breakpoint
DROP INDEX "receipt_shops_user_updated_idx";--> statement-breakpoint
DROP INDEX "receipts_user_created_idx";--> statement-breakpoint
DROP INDEX "rules_user_position_idx";--> statement-breakpoint
DROP INDEX "imports_user_created_idx";--> statement-breakpoint
ALTER TABLE "hidden_categories" DROP CONSTRAINT "hidden_categories_user_id_is_income_name_pk";--> statement-breakpoint
ALTER TABLE "user_categories" DROP CONSTRAINT "user_categories_user_id_is_income_name_pk";--> statement-breakpoint
ALTER TABLE "import_mappings" DROP CONSTRAINT "import_mappings_user_id_header_key_pk";--> statement-breakpoint
ALTER TABLE "hidden_categories" ADD CONSTRAINT "hidden_categories_household_id_is_income_name_pk" PRIMARY KEY("household_id","is_income","name");--> statement-breakpoint
ALTER TABLE "user_categories" ADD CONSTRAINT "user_categories_household_id_is_income_name_pk" PRIMARY KEY("household_id","is_income","name");--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_household_id_header_key_pk" PRIMARY KEY("household_id","header_key");--> statement-breakpoint
-- An import's rows carry its household (filled from the import, then required).
ALTER TABLE "import_rows" ADD COLUMN "household_id" uuid;--> statement-breakpoint
UPDATE "import_rows" AS r SET "household_id" = i."household_id" FROM "imports" AS i WHERE i."id" = r."import_id";--> statement-breakpoint
DELETE FROM "import_rows" WHERE "household_id" IS NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_account_fk" FOREIGN KEY ("household_id","account_id") REFERENCES "public"."accounts"("household_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_attachments_household_sha256_idx" ON "transaction_attachments" USING btree ("household_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_household_category_month_key" ON "budgets" USING btree ("household_id","category","year","month");--> statement-breakpoint
CREATE INDEX "goals_household_created_idx" ON "goals" USING btree ("household_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_rules_household_next_due_idx" ON "recurring_rules" USING btree ("household_id","next_due_date");--> statement-breakpoint
CREATE INDEX "receipt_shops_household_updated_idx" ON "receipt_shops" USING btree ("household_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "receipts_household_created_idx" ON "receipts" USING btree ("household_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rules_household_position_idx" ON "rules" USING btree ("household_id","position");--> statement-breakpoint
CREATE INDEX "imports_household_created_idx" ON "imports" USING btree ("household_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_account_fk" FOREIGN KEY ("household_id", "account_id") REFERENCES "public"."accounts"("household_id", "id") ON DELETE SET NULL ("account_id");--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_transfer_account_fk" FOREIGN KEY ("household_id", "transfer_account_id") REFERENCES "public"."accounts"("household_id", "id") ON DELETE SET NULL ("transfer_account_id");
