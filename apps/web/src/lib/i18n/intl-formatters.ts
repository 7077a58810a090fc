/**
 * Intl's number and date formatters, each made once per locale and options: making one costs
 * 40–200 ms on a phone the first time (see @moneta/shared/money). Kept apart from ./locale-format.ts so that
 * a page that writes one number (the landing page's preview) loads this and not every writer and
 * currency table.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
const MAX_FORMATTERS = 300;

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function numberFormatter(locale: string, options: Intl.NumberFormatOptions = {}) {
  return cached(
    `n|${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

export function dateFormatter(locale: string, options: Intl.DateTimeFormatOptions) {
  return cached(
    `d|${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}
