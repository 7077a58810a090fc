CREATE TABLE "transaction_payee_months" (
	"household_id" uuid NOT NULL,
	"is_income" boolean NOT NULL,
	"month" date NOT NULL,
	"currency" text NOT NULL,
	"name" text NOT NULL,
	"transaction_count" bigint NOT NULL,
	"sum_cents" bigint NOT NULL,
	CONSTRAINT "transaction_payee_months_pkey" PRIMARY KEY("household_id","is_income","currency","month","name")
);
--> statement-breakpoint
ALTER TABLE "transaction_payee_months" ADD CONSTRAINT "transaction_payee_months_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The first fill, from the rows it derives from; src/db/derived/transaction-payee-months.ts keeps it.
INSERT INTO "transaction_payee_months" ("household_id", "is_income", "month", "currency", "name", "transaction_count", "sum_cents")
SELECT "household_id", "is_income", date_trunc('month', "added_on"::timestamp)::date, "currency", "name", count(*), sum("cost_cents")
FROM "transactions" WHERE NOT "is_pending"
GROUP BY 1, 2, 3, 4, 5;
