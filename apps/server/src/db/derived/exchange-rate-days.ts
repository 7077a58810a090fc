import { RATE_LOOKBACK_DAYS } from '@moneta/shared';

/**
 * exchange_rate_days: for each currency and calendar day, the ECB rate of that day or of the
 * latest day at most RATE_LOOKBACK_DAYS before it, and that day's date (docs/currencies.md). A
 * total over thousands of foreign rows then finds each day's rate by equality, in one join, instead
 * of one backward search per day (docs/currencies.md, "How a total is converted").
 *
 * Kept by statement-level triggers on exchange_rates: the days a changed rate can reach — from
 * the first changed day of a currency to RATE_LOOKBACK_DAYS after its last — are computed again
 * from exchange_rates in one pass: every day of the span, each carrying the latest rate seen
 * (a running count of rates numbers the runs; a run's first row holds its rate). The daily ECB
 * file changes a few days of each currency; the first load of 27 years fills about 320,000 rows
 * (npm run bench:rates). First made by migration 0026; this file is the current definition
 * (docs/database.md).
 */
const lookback = RATE_LOOKBACK_DAYS;

export const exchangeRateDaysDefinitions = `
CREATE OR REPLACE FUNCTION moneta_exchange_rate_days_refresh(codes text[], firsts date[], lasts date[])
RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM exchange_rate_days AS kept
  USING unnest(codes, firsts, lasts) AS span(currency, first_day, last_day)
  WHERE kept.currency = span.currency AND kept.day BETWEEN span.first_day AND span.last_day + ${lookback};

  INSERT INTO exchange_rate_days (currency, day, rate, rate_date)
  SELECT carried.currency, carried.day, carried.rate, carried.rate_date
  FROM (
    SELECT marked.currency, marked.day, marked.first_day,
      first_value(marked.rate) OVER runs AS rate, first_value(marked.date) OVER runs AS rate_date
    FROM (
      SELECT span.currency, span.first_day, series.day::date AS day, stored.rate, stored.date,
        count(stored.date) OVER (PARTITION BY span.currency ORDER BY series.day) AS run
      FROM unnest(codes, firsts, lasts) AS span(currency, first_day, last_day)
      CROSS JOIN LATERAL generate_series((span.first_day - ${lookback})::timestamp,
        (span.last_day + ${lookback})::timestamp, interval '1 day') AS series(day)
      LEFT JOIN exchange_rates AS stored
        ON stored.currency = span.currency AND stored.date = series.day::date
    ) AS marked
    WINDOW runs AS (PARTITION BY marked.currency, marked.run ORDER BY marked.day)
  ) AS carried
  WHERE carried.day >= carried.first_day AND carried.rate_date IS NOT NULL
    AND carried.day - carried.rate_date <= ${lookback};
END
$fn$;

CREATE OR REPLACE FUNCTION exchange_rate_days_after_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM moneta_exchange_rate_days_refresh(array_agg(currency), array_agg(first_day), array_agg(last_day))
    FROM (SELECT currency, min(date) AS first_day, max(date) AS last_day FROM new_rows GROUP BY currency) AS spans;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM moneta_exchange_rate_days_refresh(array_agg(currency), array_agg(first_day), array_agg(last_day))
    FROM (
      SELECT currency, min(date) AS first_day, max(date) AS last_day
      FROM (SELECT currency, date FROM new_rows UNION ALL SELECT currency, date FROM old_rows) AS changed
      GROUP BY currency
    ) AS spans;
  ELSE
    PERFORM moneta_exchange_rate_days_refresh(array_agg(currency), array_agg(first_day), array_agg(last_day))
    FROM (SELECT currency, min(date) AS first_day, max(date) AS last_day FROM old_rows GROUP BY currency) AS spans;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION exchange_rate_days_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE exchange_rate_days;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER exchange_rate_days_insert AFTER INSERT ON exchange_rates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION exchange_rate_days_after_change();
CREATE OR REPLACE TRIGGER exchange_rate_days_update AFTER UPDATE ON exchange_rates
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exchange_rate_days_after_change();
CREATE OR REPLACE TRIGGER exchange_rate_days_delete AFTER DELETE ON exchange_rates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION exchange_rate_days_after_change();
CREATE OR REPLACE TRIGGER exchange_rate_days_truncate AFTER TRUNCATE ON exchange_rates
  FOR EACH STATEMENT EXECUTE FUNCTION exchange_rate_days_after_truncate();
`;
