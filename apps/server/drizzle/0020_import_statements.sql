ALTER TABLE "import_rows" ADD COLUMN "statement" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "match_row" integer;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "transfer_pair_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "statements" jsonb DEFAULT '[]'::jsonb NOT NULL;