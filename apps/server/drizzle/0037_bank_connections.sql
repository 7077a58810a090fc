CREATE TABLE "bank_authorizations" (
	"household_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_authorizations_household_id_state_hash_pk" PRIMARY KEY("household_id","state_hash")
);
--> statement-breakpoint
CREATE TABLE "bank_connection_accounts" (
	"household_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"provider_account_id" text NOT NULL,
	"provider_uid" text,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"type" text,
	"account_id" uuid,
	"is_ignored" boolean DEFAULT false NOT NULL,
	"balance" bigint,
	"balance_date" date,
	"balance_difference" bigint,
	"last_posted_date" date,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_connection_accounts_household_id_connection_id_provider_account_id_pk" PRIMARY KEY("household_id","connection_id","provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "bank_connections" (
	"household_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"secret" text,
	"status" text NOT NULL,
	"last_error_code" text,
	"last_error_message" text,
	"request_times" timestamp (3) with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL,
	"bank_name" text,
	"bank_country" text,
	"session_id" text,
	"valid_until" timestamp (3) with time zone,
	"last_synced_at" timestamp (3) with time zone,
	"next_sync_at" timestamp (3) with time zone,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_connections_household_id_id_pk" PRIMARY KEY("household_id","id"),
	CONSTRAINT "bank_connections_provider" CHECK ("bank_connections"."provider" IN ('simplefin', 'enablebanking')),
	CONSTRAINT "bank_connections_status" CHECK ("bank_connections"."status" IN ('ok', 'pending', 'syncing', 'needs_attention', 'expired')),
	CONSTRAINT "bank_connections_name_length" CHECK (char_length("bank_connections"."name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "enable_banking_apps" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"sealed_private_key" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_format";--> statement-breakpoint
DROP INDEX "transactions_household_currency_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "is_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "connection_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_authorizations" ADD CONSTRAINT "bank_authorizations_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_authorizations" ADD CONSTRAINT "bank_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_authorizations" ADD CONSTRAINT "bank_authorizations_connection_fk" FOREIGN KEY ("household_id","connection_id") REFERENCES "public"."bank_connections"("household_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connection_accounts" ADD CONSTRAINT "bank_connection_accounts_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connection_accounts" ADD CONSTRAINT "bank_connection_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connection_accounts" ADD CONSTRAINT "bank_connection_accounts_connection_fk" FOREIGN KEY ("household_id","connection_id") REFERENCES "public"."bank_connections"("household_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connections" ADD CONSTRAINT "bank_connections_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connections" ADD CONSTRAINT "bank_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enable_banking_apps" ADD CONSTRAINT "enable_banking_apps_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enable_banking_apps" ADD CONSTRAINT "enable_banking_apps_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_authorizations_state_key" ON "bank_authorizations" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_connections_id_key" ON "bank_connections" USING btree ("id");--> statement-breakpoint
CREATE INDEX "bank_connections_next_sync_idx" ON "bank_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "transactions_household_currency_idx" ON "transactions" USING btree ("household_id","currency","added_on","is_income","category","cost_cents","base_cost_cents","base_cost_currency","account_id","is_pending");--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_format" CHECK ("imports"."format" IN ('csv', 'ofx', 'qif', 'camt053', 'simplefin', 'enablebanking'));