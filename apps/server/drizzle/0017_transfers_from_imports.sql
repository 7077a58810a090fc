ALTER TABLE "import_rows" DROP CONSTRAINT "import_rows_status";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "counterparty" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "duplicate_of_transfer" uuid;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "transfer_account_id" uuid;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "match_of" uuid;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "transfer_choice" boolean;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "transfer_account_choice" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "transfer_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rules" ADD COLUMN "transfer_account_id" uuid;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "to_date" date;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "from_import_id" uuid;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "to_import_id" uuid;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "from_bank_id" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "to_bank_id" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "replaced" jsonb;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_import_id_imports_id_fk" FOREIGN KEY ("from_import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_import_id_imports_id_fk" FOREIGN KEY ("to_import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfers_from_import_idx" ON "transfers" USING btree ("from_import_id") WHERE "transfers"."from_import_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transfers_to_import_idx" ON "transfers" USING btree ("to_import_id") WHERE "transfers"."to_import_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_status" CHECK ("import_rows"."status" IN ('new', 'duplicate', 'problem', 'transfer'));--> statement-breakpoint
-- Written by hand: the account must be the rule's user's own, and deleting it nulls only
-- transfer_account_id (PostgreSQL 15's column list), so the rule goes back to categorising.
ALTER TABLE "rules" ADD CONSTRAINT "rules_transfer_account_fk" FOREIGN KEY ("user_id", "transfer_account_id") REFERENCES "public"."accounts"("user_id", "id") ON DELETE SET NULL ("transfer_account_id");
