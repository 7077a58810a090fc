CREATE TABLE "household_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"household_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"role" text NOT NULL,
	"email" text,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "household_invitations_role" CHECK ("household_invitations"."role" IN ('owner', 'editor', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "household_members" (
	"household_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_members_pkey" PRIMARY KEY("household_id","user_id"),
	CONSTRAINT "household_members_role" CHECK ("household_members"."role" IN ('owner', 'editor', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_currency" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "households_name_length" CHECK (char_length("households"."name") BETWEEN 1 AND 50),
	CONSTRAINT "households_base_currency" CHECK ("households"."base_currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "deleted_transaction_attachments" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "deleted_transactions" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "goals" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "hidden_categories" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "receipt_shops" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "rules" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "transaction_attachments" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "transaction_splits" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "user_categories" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "user_exchange_rates" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_household_id" uuid;--> statement-breakpoint
-- Each existing user gets a personal household of their own (a new id, never the user's) holding
-- all their data, with their base currency and time zone, the user its owner and it their default.
UPDATE "users" SET "default_household_id" = gen_random_uuid();--> statement-breakpoint
INSERT INTO "households" ("id", "name", "base_currency", "time_zone", "created_at", "updated_at")
SELECT "default_household_id", 'Personal', "default_currency", "time_zone", "created_at", "created_at"
FROM "users";--> statement-breakpoint
INSERT INTO "household_members" ("household_id", "user_id", "role", "joined_at")
SELECT "default_household_id", "id", 'owner', "created_at" FROM "users";--> statement-breakpoint
-- Every owned row into its user's household. The tables' own triggers are off meanwhile: the
-- household moves no balance or total, and with them on every kept total would be recomputed
-- row by row for nothing (the data versions too: remembered answers are emptied at every start).
ALTER TABLE "accounts" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "accounts" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "accounts" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "api_tokens" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "api_tokens" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "budgets" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "budgets" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "budgets" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "deleted_transaction_attachments" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "deleted_transaction_attachments" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "deleted_transaction_attachments" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "deleted_transaction_attachments" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "goals" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "goals" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "goals" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "goals" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "hidden_categories" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "hidden_categories" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "hidden_categories" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "hidden_categories" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "import_mappings" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "import_mappings" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "import_mappings" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "import_mappings" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_shops" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "receipt_shops" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "receipt_shops" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "receipt_shops" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_rules" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "recurring_rules" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "recurring_rules" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "recurring_rules" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rules" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "rules" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "rules" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "rules" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_attachments" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "transaction_attachments" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "transaction_attachments" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "transaction_attachments" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_splits" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "transaction_splits" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "transaction_splits" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "transaction_splits" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_categories" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "user_categories" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "user_categories" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "user_categories" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_exchange_rates" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "user_exchange_rates" AS owned SET "household_id" = u."default_household_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "user_exchange_rates" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "user_exchange_rates" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
-- Who did what: the user made every row of theirs but the occurrences the recurring engine
-- recorded (system rows: no author), and changed those that were changed.
ALTER TABLE "transactions" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "transactions" AS owned SET "household_id" = u."default_household_id",
  "created_by" = CASE WHEN owned."recurring_id" IS NULL THEN owned."user_id" END,
  "updated_by" = CASE WHEN owned."recurring_id" IS NULL OR owned."updated_at" > owned."created_at"
    THEN owned."user_id" END
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "transactions" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "transfers" AS owned SET "household_id" = u."default_household_id", "created_by" = owned."user_id", "updated_by" = owned."user_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "transfers" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "transfers" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "receipts" AS owned SET "household_id" = u."default_household_id", "created_by" = owned."user_id", "updated_by" = owned."user_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "receipts" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "receipts" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "imports" AS owned SET "household_id" = u."default_household_id", "created_by" = owned."user_id", "updated_by" = owned."user_id"
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "imports" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "imports" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
-- Rows kept as JSON (the trash, the transactions a transfer replaced) come back through
-- json_populate_record: they carry the new columns as a transaction row of now would.
ALTER TABLE "deleted_transactions" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "deleted_transactions" AS owned SET "household_id" = u."default_household_id",
  "row" = owned."row" || jsonb_build_object('household_id', u."default_household_id",
    'created_by', CASE WHEN owned."row"->>'recurring_id' IS NULL THEN owned."user_id" END,
    'updated_by', CASE WHEN owned."row"->>'recurring_id' IS NULL
      OR (owned."row"->>'updated_at')::timestamptz > (owned."row"->>'created_at')::timestamptz THEN owned."user_id" END)
FROM "users" AS u WHERE u."id" = owned."user_id";--> statement-breakpoint
ALTER TABLE "deleted_transactions" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "deleted_transactions" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "transfers" AS owned SET "replaced" = (
  SELECT jsonb_agg(kept || jsonb_build_object('household_id', owned."household_id",
    'created_by', CASE WHEN kept->>'recurring_id' IS NULL THEN owned."user_id" END,
    'updated_by', CASE WHEN kept->>'recurring_id' IS NULL
      OR (kept->>'updated_at')::timestamptz > (kept->>'created_at')::timestamptz THEN owned."user_id" END) ORDER BY position)
  FROM jsonb_array_elements(owned."replaced") WITH ORDINALITY AS entry(kept, position)
) WHERE jsonb_typeof(owned."replaced") = 'array' AND jsonb_array_length(owned."replaced") > 0;--> statement-breakpoint
ALTER TABLE "transfers" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "household_invitations_code_key" ON "household_invitations" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "household_invitations_household_idx" ON "household_invitations" USING btree ("household_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "household_members_user_key" ON "household_members" USING btree ("user_id","household_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_transaction_attachments" ADD CONSTRAINT "deleted_transaction_attachments_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_transactions" ADD CONSTRAINT "deleted_transactions_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_categories" ADD CONSTRAINT "hidden_categories_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_shops" ADD CONSTRAINT "receipt_shops_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_attachments" ADD CONSTRAINT "transaction_attachments_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_splits" ADD CONSTRAINT "transaction_splits_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_categories" ADD CONSTRAINT "user_categories_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_exchange_rates" ADD CONSTRAINT "user_exchange_rates_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_household_id_households_id_fk" FOREIGN KEY ("default_household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_household_id_key" ON "accounts" USING btree ("household_id","id");--> statement-breakpoint
DROP INDEX "accounts_user_name_key";--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_household_name_key" ON "accounts" USING btree ("household_id",lower("name"));
