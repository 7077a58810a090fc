CREATE TABLE "transaction_splits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"note" text,
	CONSTRAINT "transaction_splits_amount_positive" CHECK ("transaction_splits"."amount_cents" > 0),
	CONSTRAINT "transaction_splits_position" CHECK ("transaction_splits"."position" BETWEEN 0 AND 49)
);
--> statement-breakpoint
ALTER TABLE "transaction_splits" ADD CONSTRAINT "transaction_splits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_splits_transaction_position_key" ON "transaction_splits" USING btree ("transaction_id","position");--> statement-breakpoint
CREATE INDEX "transaction_splits_user_category_idx" ON "transaction_splits" USING btree ("user_id","category");--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "splits" jsonb;