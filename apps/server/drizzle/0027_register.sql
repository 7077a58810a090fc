CREATE TABLE "deleted_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"deleted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_filters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "deleted_transactions" ADD CONSTRAINT "deleted_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_transactions_user_idx" ON "deleted_transactions" USING btree ("user_id","deleted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deleted_transactions_deleted_at_idx" ON "deleted_transactions" USING btree ("deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_filters_user_name_key" ON "saved_filters" USING btree ("user_id",lower("name"));--> statement-breakpoint
-- A transaction's tags folded to one case, for the tag filter and its index (GIN: "holds this
-- key" is `@>`). IMMUTABLE is true: lower() of the same texts is always the same.
CREATE FUNCTION moneta_tag_keys(tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(lower(tag)), '{}'::text[]) FROM unnest(tags) AS tag $$;--> statement-breakpoint
CREATE INDEX "transactions_tag_keys_idx" ON "transactions" USING gin (moneta_tag_keys("tags")) WHERE "tags" <> '{}'::text[];
