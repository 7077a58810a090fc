CREATE SEQUENCE "public"."data_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "answer_cache" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"data_version" bigint NOT NULL,
	"rates_version" bigint NOT NULL,
	"answer" jsonb NOT NULL,
	"stored_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_cache_pkey" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "data_version_pending" (
	"user_id" uuid NOT NULL,
	"xid" "xid8" NOT NULL,
	CONSTRAINT "data_version_pending_pkey" PRIMARY KEY("user_id","xid")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates_version" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "exchange_rates_version_single" CHECK ("exchange_rates_version"."single")
);
--> statement-breakpoint
CREATE TABLE "user_data_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_cache" ADD CONSTRAINT "answer_cache_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_data_versions" ADD CONSTRAINT "user_data_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;