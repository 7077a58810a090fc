CREATE TABLE "exchange_rates" (
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"rate" numeric NOT NULL,
	CONSTRAINT "exchange_rates_pkey" PRIMARY KEY("currency","date"),
	CONSTRAINT "exchange_rates_currency" CHECK ("exchange_rates"."currency" ~ '^[A-Z]{3}$' AND "exchange_rates"."currency" <> 'EUR'),
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_exchange_rates" (
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"base_currency" text NOT NULL,
	"date" date NOT NULL,
	"rate" numeric NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_exchange_rates_pkey" PRIMARY KEY("user_id","currency","base_currency","date"),
	CONSTRAINT "user_exchange_rates_pair" CHECK ("user_exchange_rates"."currency" ~ '^[A-Z]{3}$' AND "user_exchange_rates"."base_currency" ~ '^[A-Z]{3}$' AND "user_exchange_rates"."currency" <> "user_exchange_rates"."base_currency"),
	CONSTRAINT "user_exchange_rates_rate_positive" CHECK ("user_exchange_rates"."rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "user_exchange_rates" ADD CONSTRAINT "user_exchange_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;