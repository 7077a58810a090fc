CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_amount_not_negative" CHECK ("budgets"."amount_cents" >= 0),
	CONSTRAINT "budgets_month_range" CHECK ("budgets"."month" BETWEEN 1 AND 12),
	CONSTRAINT "budgets_year_range" CHECK ("budgets"."year" BETWEEN 2000 AND 2100)
);
--> statement-breakpoint
CREATE TABLE "recurring_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"is_income" boolean NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"next_due_date" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_rules_amount_positive" CHECK ("recurring_rules"."amount_cents" > 0),
	CONSTRAINT "recurring_rules_frequency" CHECK ("recurring_rules"."frequency" IN ('daily', 'weekly', 'monthly', 'annually')),
	CONSTRAINT "recurring_rules_next_due_after_start" CHECK ("recurring_rules"."next_due_date" >= "recurring_rules"."start_date")
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_user_category_month_key" ON "budgets" USING btree ("user_id","category","year","month");--> statement-breakpoint
CREATE INDEX "recurring_rules_next_due_date_idx" ON "recurring_rules" USING btree ("next_due_date");--> statement-breakpoint
CREATE INDEX "recurring_rules_user_next_due_idx" ON "recurring_rules" USING btree ("user_id","next_due_date");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_recurring_id_recurring_rules_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_user_expense_category_idx" ON "transactions" USING btree ("user_id","category","added_on") WHERE NOT "transactions"."is_income";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_recurring_occurrence_key" ON "transactions" USING btree ("recurring_id","added_on") WHERE "transactions"."recurring_id" IS NOT NULL;