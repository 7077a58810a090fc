-- Currencies (docs/currencies.md): every account and transaction says its currency. What
-- exists was in its user's one currency: accounts take the user's default (base) currency,
-- transactions their account's.
ALTER TABLE "accounts" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "accounts" AS a SET "currency" = u."default_currency" FROM "users" AS u WHERE u."id" = a."user_id";--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "currency" text;--> statement-breakpoint
-- The kept totals, balances and search counts do not depend on the currency: filling it need not
-- set off their triggers (each would rewrite every group to the same value).
ALTER TABLE "transactions" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "transactions" AS t SET "currency" = a."currency" FROM "accounts" AS a WHERE a."id" = t."account_id";--> statement-breakpoint
ALTER TABLE "transactions" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "base_cost_cents" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "base_cost_currency" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "to_amount_cents" bigint;--> statement-breakpoint
CREATE INDEX "transactions_user_currency_idx" ON "transactions" USING btree ("user_id","currency","added_on","is_income","category","cost_cents","base_cost_cents","base_cost_currency","account_id");--> statement-breakpoint
CREATE INDEX "transactions_account_currency_idx" ON "transactions" USING btree ("account_id","currency");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_currency" CHECK ("accounts"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_currency" CHECK ("transactions"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_base_cost" CHECK (("transactions"."base_cost_cents" IS NULL) = ("transactions"."base_cost_currency" IS NULL) AND "transactions"."base_cost_cents" > 0);--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_amount_positive" CHECK ("transfers"."to_amount_cents" > 0);
