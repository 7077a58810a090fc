CREATE TABLE "exchange_rate_days" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"rate" numeric NOT NULL,
	"rate_date" date NOT NULL,
	CONSTRAINT "exchange_rate_days_pkey" PRIMARY KEY("currency","day")
);
--> statement-breakpoint
-- Filled from the rates already kept: each currency's days from its first rate to 7 days after
-- its last, each with the latest rate at most 7 days old. From now on the triggers of
-- src/db/derived/exchange-rate-days.ts keep it.
INSERT INTO "exchange_rate_days" ("currency", "day", "rate", "rate_date")
SELECT carried.currency, carried.day, carried.rate, carried.rate_date
FROM (
  SELECT marked.currency, marked.day,
    first_value(marked.rate) OVER runs AS rate, first_value(marked.date) OVER runs AS rate_date
  FROM (
    SELECT span.currency, series.day::date AS day, stored.rate, stored.date,
      count(stored.date) OVER (PARTITION BY span.currency ORDER BY series.day) AS run
    FROM (
      SELECT currency, min(date) AS first_day, max(date) AS last_day
      FROM "exchange_rates" GROUP BY currency
    ) AS span
    CROSS JOIN LATERAL generate_series(span.first_day::timestamp, (span.last_day + 7)::timestamp,
      interval '1 day') AS series(day)
    LEFT JOIN "exchange_rates" AS stored
      ON stored.currency = span.currency AND stored.date = series.day::date
  ) AS marked
  WINDOW runs AS (PARTITION BY marked.currency, marked.run ORDER BY marked.day)
) AS carried
WHERE carried.day - carried.rate_date <= 7;
