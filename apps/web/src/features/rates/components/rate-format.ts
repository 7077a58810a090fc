/**
 * A rate as the ECB writes it: every decimal it has up to six (1.1684, 20,082.05), and six
 * significant digits below 1 (0.00535654), where fixed decimals would say nothing.
 */
const largeRate = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
const smallRate = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6 });

export function formatRate(rate: number): string {
  return (rate >= 1 ? largeRate : smallRate).format(rate);
}

/** What a person typed as a rate, with a decimal comma or point ("1,2345" or "1.2345"). */
export function rateFromText(text: string): string {
  const trimmed = text.trim().replace(/\s/g, '');
  return /^\d*,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
}
