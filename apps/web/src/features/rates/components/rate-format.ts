import type { LocaleFormat } from '@/lib/i18n/locale-format';

/**
 * A rate as the ECB writes it: every decimal it has up to six (1.1684, 20,082.05), and six
 * significant digits below 1 (0.00535654), where fixed decimals would say nothing.
 */
export function formatRate(rate: number, format: Pick<LocaleFormat, 'number'>): string {
  return rate >= 1
    ? format.number(rate, { maximumFractionDigits: 6 })
    : format.number(rate, { maximumSignificantDigits: 6 });
}

/** What a person typed as a rate, with a decimal comma or point ("1,2345" or "1.2345"). */
export function rateFromText(text: string): string {
  const trimmed = text.trim().replace(/\s/g, '');
  return /^\d*,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
}

/**
 * A currency's name in the user's language (「米ドル」, "US-Dollar"): the browser's CLDR names,
 * or `names` (rates:currencyNames) for the ECB's old currencies the browser no longer names
 * (CYP, EEK…). English keeps the server's names (GET /currencies), as does a currency neither
 * knows.
 */
export function currencyName(
  code: string,
  englishName: string,
  locale: string,
  names: (code: string) => string | undefined,
): string {
  if (locale.startsWith('en')) return englishName;
  const own = names(code);
  if (own) return own;
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'none' }).of(code);
    return name ?? englishName;
  } catch {
    return englishName;
  }
}
