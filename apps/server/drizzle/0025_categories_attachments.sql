CREATE TABLE "hidden_categories" (
	"user_id" uuid NOT NULL,
	"is_income" boolean NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_categories_user_id_is_income_name_pk" PRIMARY KEY("user_id","is_income","name")
);
--> statement-breakpoint
CREATE TABLE "transaction_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_attachments_mime_type" CHECK ("transaction_attachments"."mime_type" IN ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "transaction_attachments_size_positive" CHECK ("transaction_attachments"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "hidden_categories" ADD CONSTRAINT "hidden_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_attachments" ADD CONSTRAINT "transaction_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_attachments" ADD CONSTRAINT "transaction_attachments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_attachments_transaction_idx" ON "transaction_attachments" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_attachments_file_key" ON "transaction_attachments" USING btree ("transaction_id","sha256");--> statement-breakpoint
CREATE INDEX "transaction_attachments_user_sha256_idx" ON "transaction_attachments" USING btree ("user_id","sha256");