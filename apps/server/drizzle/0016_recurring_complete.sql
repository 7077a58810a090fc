ALTER TABLE "recurring_rules" ADD COLUMN "interval" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_interval" CHECK ("recurring_rules"."interval" BETWEEN 1 AND 365);--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_end_after_start" CHECK ("recurring_rules"."end_date" IS NULL OR "recurring_rules"."end_date" >= "recurring_rules"."start_date");--> statement-breakpoint
-- Written by hand: the account must be the rule's user's own, and deleting it nulls only
-- account_id (PostgreSQL 15's column list), so the rule falls back to the first account.
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_account_fk" FOREIGN KEY ("user_id", "account_id") REFERENCES "public"."accounts"("user_id", "id") ON DELETE SET NULL ("account_id");
