CREATE TABLE "account_daily_movements" (
	"household_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"flow_cents" bigint NOT NULL,
	"transaction_count" bigint NOT NULL,
	CONSTRAINT "account_daily_movements_pkey" PRIMARY KEY("household_id","account_id","currency","day")
);
--> statement-breakpoint
ALTER TABLE "account_daily_movements" ADD CONSTRAINT "account_daily_movements_account_fk" FOREIGN KEY ("household_id","account_id") REFERENCES "public"."accounts"("household_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The first fill, from the rows it derives from; src/db/derived/account-daily-movements.ts keeps it.
INSERT INTO "account_daily_movements" ("household_id", "account_id", "currency", "day", "flow_cents", "transaction_count")
SELECT "household_id", "account_id", "currency", "added_on",
  sum(CASE WHEN "is_income" THEN "cost_cents" ELSE -"cost_cents" END), count(*)
FROM "transactions" WHERE NOT "is_pending"
GROUP BY 1, 2, 3, 4;
