CREATE TABLE "import_mappings" (
	"user_id" uuid NOT NULL,
	"header_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_user_id_header_key_pk" PRIMARY KEY("user_id","header_key")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"cells" jsonb,
	"date" date,
	"name" text NOT NULL,
	"amount_cents" bigint,
	"is_income" boolean,
	"note" text,
	"file_category" text,
	"bank_id" text,
	"payee_key" text,
	"problem" text,
	"status" text NOT NULL,
	"duplicate_of" uuid,
	"include" boolean,
	"category_choice" text,
	"is_income_choice" boolean,
	CONSTRAINT "import_rows_import_id_position_pk" PRIMARY KEY("import_id","position"),
	CONSTRAINT "import_rows_status" CHECK ("import_rows"."status" IN ('new', 'duplicate', 'problem'))
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"status" text NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text,
	"columns" jsonb,
	"mapping" jsonb,
	"header_key" text,
	"first_row" integer DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"new_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"created_count" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp (3) with time zone,
	CONSTRAINT "imports_format" CHECK ("imports"."format" IN ('csv', 'ofx', 'qif', 'camt053')),
	CONSTRAINT "imports_status" CHECK ("imports"."status" IN ('uploading', 'preview', 'committed', 'undone'))
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"field" text NOT NULL,
	"operator" text NOT NULL,
	"value" text NOT NULL,
	"is_income" boolean,
	"category" text NOT NULL,
	"rename" text,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rules_field" CHECK ("rules"."field" IN ('name', 'note')),
	CONSTRAINT "rules_operator" CHECK ("rules"."operator" IN ('contains', 'equals', 'startsWith')),
	CONSTRAINT "rules_position_positive" CHECK ("rules"."position" >= 1)
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "bank_id" text;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_account_fk" FOREIGN KEY ("user_id","account_id") REFERENCES "public"."accounts"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_user_created_idx" ON "imports" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rules_user_position_idx" ON "rules" USING btree ("user_id","position");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_import_idx" ON "transactions" USING btree ("import_id") WHERE "transactions"."import_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_account_bank_id_idx" ON "transactions" USING btree ("account_id","bank_id") WHERE "transactions"."bank_id" IS NOT NULL;--> statement-breakpoint
-- Hand-written (keep at the end so that the part above can be generated again).
-- Text as rules, duplicates and history compare it (docs/architecture.md, Imports;
-- docs/architecture.md, Rules): accents removed (NFD, then the combining marks dropped; skipped for
-- ASCII text, which has none), ASCII and common Unicode punctuation and spaces removed,
-- lower-cased. "Café-Müller GmbH" and "CAFE MULLER GMBH" are both 'cafemullergmbh'. Letters of
-- other scripts are kept. It is the one definition of that comparison: computed in SQL on both
-- sides, so that an import row and a transaction can never be folded differently. Not STRICT, so
-- that PostgreSQL inlines it.
CREATE FUNCTION moneta_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN lower(regexp_replace(
  CASE WHEN octet_length(value) = char_length(value) THEN value
       ELSE regexp_replace(normalize(value, NFD), '[\u0300-\u036f]+', '', 'g') END,
  '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\u00a0\u00b7\u2000-\u206f\u3000]+', '', 'g'));
--> statement-breakpoint
-- The category a user gave a payee before (history) and the form's suggestion: one user's
-- transactions with one folded name, read from the index alone (the latest use breaks a tie).
CREATE INDEX "transactions_user_payee_idx" ON "transactions" USING btree ("user_id", moneta_fold("name"), "is_income", "category", "added_on");
--> statement-breakpoint
-- An import's rows go with it (a deleted account or user takes its imports along), as a
-- foreign key's cascade would, once per statement instead of a key check per inserted row.
CREATE FUNCTION import_rows_after_imports_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM import_rows WHERE import_id IN (SELECT id FROM old_imports);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER import_rows_imports_delete AFTER DELETE ON imports
  REFERENCING OLD TABLE AS old_imports FOR EACH STATEMENT EXECUTE FUNCTION import_rows_after_imports_delete();
