import { CURRENCY_CATALOGUE } from '@moneta/shared';

/** The catalogue's currencies without minor units (JPY, ISK, KRW…), as SQL string literals. */
const wholeUnitCodes = CURRENCY_CATALOGUE.filter((currency) => currency.decimals === 0)
  .map((currency) => `'${currency.code}'`)
  .join(', ');

/**
 * moneta_currency_scale(code): how many stored hundredths one minor unit of the currency is —
 * 1 for a currency with cents, 100 for one without (a yen is stored as 100 hundredths; every
 * amount is stored in hundredths, docs/currencies.md). A converted amount is rounded to the minor
 * unit of the currency it is converted into: round(x / scale) * scale. Generated from the
 * currency catalogue (packages/shared), so that a currency added there needs no SQL edit.
 * IMMUTABLE: PostgreSQL folds it to a constant for a constant argument.
 */
export const currencyScaleDefinitions = `
CREATE OR REPLACE FUNCTION moneta_currency_scale(code text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE WHEN code IN (${wholeUnitCodes}) THEN 100 ELSE 1 END
$fn$;
`;
