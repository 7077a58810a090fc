CREATE TABLE "account_balances" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"flow_cents" bigint NOT NULL,
	"transaction_count" bigint NOT NULL,
	"transfer_count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"opening_balance_cents" bigint DEFAULT 0 NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_type" CHECK ("accounts"."type" IN ('cash', 'checking', 'savings', 'credit', 'other')),
	CONSTRAINT "accounts_name_length" CHECK (char_length("accounts"."name") BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"from_account_id" uuid NOT NULL,
	"to_account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_amount_positive" CHECK ("transfers"."amount_cents" > 0),
	CONSTRAINT "transfers_two_accounts" CHECK ("transfers"."from_account_id" <> "transfers"."to_account_id")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "account_id" uuid;--> statement-breakpoint
-- Every existing user gets "Main", holding all their transactions (docs/architecture.md, Accounts).
-- It is dated like its user, so that it stays the oldest account: the default for a transaction
-- without one.
INSERT INTO "accounts" ("id", "user_id", "name", "type", "created_at", "updated_at")
SELECT gen_random_uuid(), "id", 'Main', 'checking', "created_at", "created_at" FROM "users";
--> statement-breakpoint
-- Only account_id changes: the kept totals' update triggers would subtract and add back every row.
ALTER TABLE "transactions" DISABLE TRIGGER "transaction_totals_update";--> statement-breakpoint
ALTER TABLE "transactions" DISABLE TRIGGER "transaction_search_counts_update";--> statement-breakpoint
ALTER TABLE "transactions" DISABLE TRIGGER "transaction_daily_totals_update";--> statement-breakpoint
UPDATE "transactions" AS t SET "account_id" = a."id" FROM "accounts" AS a WHERE a."user_id" = t."user_id";--> statement-breakpoint
ALTER TABLE "transactions" ENABLE TRIGGER "transaction_totals_update";--> statement-breakpoint
ALTER TABLE "transactions" ENABLE TRIGGER "transaction_search_counts_update";--> statement-breakpoint
ALTER TABLE "transactions" ENABLE TRIGGER "transaction_daily_totals_update";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
-- A transaction written without an account goes to its user's default one: the oldest not
-- archived, else the oldest (docs/architecture.md, Accounts). The WHEN clause keeps rows that name
-- their account (imports, the web app) from calling the function at all.
CREATE FUNCTION transactions_default_account() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.account_id := (
    SELECT id FROM accounts WHERE user_id = NEW.user_id ORDER BY is_archived, created_at, id LIMIT 1
  );
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER transactions_default_account BEFORE INSERT ON transactions
  FOR EACH ROW WHEN (NEW.account_id IS NULL) EXECUTE FUNCTION transactions_default_account();
--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_name_key" ON "accounts" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_id_key" ON "accounts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "accounts_user_order_idx" ON "accounts" USING btree ("user_id","is_archived","created_at");--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_account_fk" FOREIGN KEY ("user_id","from_account_id") REFERENCES "public"."accounts"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_account_fk" FOREIGN KEY ("user_id","to_account_id") REFERENCES "public"."accounts"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfers_user_list_idx" ON "transfers" USING btree ("user_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transfers_from_account_idx" ON "transfers" USING btree ("from_account_id","date");--> statement-breakpoint
CREATE INDEX "transfers_to_account_idx" ON "transfers" USING btree ("to_account_id","date");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_fk" FOREIGN KEY ("user_id","account_id") REFERENCES "public"."accounts"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_account_list_idx" ON "transactions" USING btree ("account_id","added_on" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
-- Keeps account_balances exact, like transaction_totals: statement-level triggers with
-- transition tables, one aggregate per statement, rows locked in account order. Inserts and
-- updates add the difference (their accounts exist); deletes only subtract, because a deleted
-- user's accounts (and their balances) are gone by the time the statement's trigger runs.
CREATE FUNCTION account_balances_after_transactions_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO account_balances AS b (account_id, flow_cents, transaction_count, transfer_count)
  SELECT account_id, sum(CASE WHEN is_income THEN cost_cents ELSE -cost_cents END), count(*), 0
  FROM new_rows GROUP BY account_id ORDER BY account_id
  ON CONFLICT (account_id) DO UPDATE
    SET flow_cents = b.flow_cents + excluded.flow_cents,
        transaction_count = b.transaction_count + excluded.transaction_count;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION account_balances_after_transactions_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO account_balances AS b (account_id, flow_cents, transaction_count, transfer_count)
  SELECT account_id, sum(flow), sum(counted), 0 FROM (
    SELECT account_id, CASE WHEN is_income THEN cost_cents ELSE -cost_cents END AS flow, 1 AS counted
    FROM new_rows
    UNION ALL
    SELECT account_id, CASE WHEN is_income THEN -cost_cents ELSE cost_cents END, -1 FROM old_rows
  ) AS changes
  GROUP BY account_id ORDER BY account_id
  ON CONFLICT (account_id) DO UPDATE
    SET flow_cents = b.flow_cents + excluded.flow_cents,
        transaction_count = b.transaction_count + excluded.transaction_count;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION account_balances_after_transactions_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE account_balances AS b
  SET flow_cents = b.flow_cents - gone.flow, transaction_count = b.transaction_count - gone.counted
  FROM (
    SELECT account_id, sum(CASE WHEN is_income THEN cost_cents ELSE -cost_cents END) AS flow,
      count(*) AS counted
    FROM old_rows GROUP BY account_id
  ) AS gone
  WHERE b.account_id = gone.account_id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER account_balances_transactions_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transactions_insert();
--> statement-breakpoint
CREATE TRIGGER account_balances_transactions_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transactions_update();
--> statement-breakpoint
CREATE TRIGGER account_balances_transactions_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transactions_delete();
--> statement-breakpoint
-- A transfer is a flow out of one account and into another: two rows of movement each.
CREATE FUNCTION account_balances_after_transfers_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO account_balances AS b (account_id, flow_cents, transaction_count, transfer_count)
  SELECT account_id, sum(flow), 0, count(*) FROM (
    SELECT from_account_id AS account_id, -amount_cents AS flow FROM new_rows
    UNION ALL
    SELECT to_account_id, amount_cents FROM new_rows
  ) AS changes
  GROUP BY account_id ORDER BY account_id
  ON CONFLICT (account_id) DO UPDATE
    SET flow_cents = b.flow_cents + excluded.flow_cents,
        transfer_count = b.transfer_count + excluded.transfer_count;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION account_balances_after_transfers_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO account_balances AS b (account_id, flow_cents, transaction_count, transfer_count)
  SELECT account_id, sum(flow), 0, sum(counted) FROM (
    SELECT from_account_id AS account_id, -amount_cents AS flow, 1 AS counted FROM new_rows
    UNION ALL
    SELECT to_account_id, amount_cents, 1 FROM new_rows
    UNION ALL
    SELECT from_account_id, amount_cents, -1 FROM old_rows
    UNION ALL
    SELECT to_account_id, -amount_cents, -1 FROM old_rows
  ) AS changes
  GROUP BY account_id ORDER BY account_id
  ON CONFLICT (account_id) DO UPDATE
    SET flow_cents = b.flow_cents + excluded.flow_cents,
        transfer_count = b.transfer_count + excluded.transfer_count;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION account_balances_after_transfers_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE account_balances AS b
  SET flow_cents = b.flow_cents - gone.flow, transfer_count = b.transfer_count - gone.counted
  FROM (
    SELECT account_id, sum(flow) AS flow, count(*) AS counted FROM (
      SELECT from_account_id AS account_id, -amount_cents AS flow FROM old_rows
      UNION ALL
      SELECT to_account_id, amount_cents FROM old_rows
    ) AS moved
    GROUP BY account_id
  ) AS gone
  WHERE b.account_id = gone.account_id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER account_balances_transfers_insert AFTER INSERT ON transfers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transfers_insert();
--> statement-breakpoint
CREATE TRIGGER account_balances_transfers_update AFTER UPDATE ON transfers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transfers_update();
--> statement-breakpoint
CREATE TRIGGER account_balances_transfers_delete AFTER DELETE ON transfers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transfers_delete();
--> statement-breakpoint
INSERT INTO account_balances (account_id, flow_cents, transaction_count, transfer_count)
SELECT account_id, sum(CASE WHEN is_income THEN cost_cents ELSE -cost_cents END), count(*), 0
FROM transactions GROUP BY account_id;
