CREATE TABLE "receipt_shops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"tax_id" text,
	"phone" text,
	"header_lines" text[] NOT NULL,
	"merchant" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "shop" jsonb;--> statement-breakpoint
ALTER TABLE "receipt_shops" ADD CONSTRAINT "receipt_shops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_shops_user_updated_idx" ON "receipt_shops" USING btree ("user_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
-- Hand-written: a taught shop is found by its tax id or phone first (receipts-repository.ts).
CREATE INDEX "receipt_shops_user_tax_id_idx" ON "receipt_shops" ("user_id", "tax_id") WHERE "tax_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "receipt_shops_user_phone_idx" ON "receipt_shops" ("user_id", "phone") WHERE "phone" IS NOT NULL;
