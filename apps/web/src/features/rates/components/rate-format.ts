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
