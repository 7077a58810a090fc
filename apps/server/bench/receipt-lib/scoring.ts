/** How the benchmark compares a reading with the labels (docs/receipts.md, Benchmark). */

/**
 * Upper case without punctuation; accents of Latin letters dropped ("Brücken" = "BRUCKEN"), other
 * scripts kept as they are (キャンドゥ), so a name in kana never compares equal to nothing.
 */
export function normalizeMerchantLabel(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export { editDistance } from '../../src/lib/edit-distance';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Labels are day-first ("25/12/2018", "29-12-2017", "05 MAR 2018", "24-01-16") or ISO. */
export function labelDateToIso(label: string): string | null {
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(label);
  if (iso) return iso[0];
  const m = /(\d{1,2})[\s/.-]*(\d{1,2}|[A-Za-z]{3})[a-z]*[\s/.-]*(\d{4}|\d{2})/.exec(label);
  if (!m) return null;
  const [, day = '', monthText = '', yearText = ''] = m;
  const month = /\d/.test(monthText)
    ? Number(monthText)
    : MONTHS.indexOf(monthText.toUpperCase()) + 1;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** "RM 1,007.50" → 1007.5 */
export function labelTotal(label: string): number | null {
  const digits = label.replace(/[^\d.,]/g, '').replace(/,(?=\d{3}\b)/g, '');
  const value = Number(digits.replace(',', '.'));
  return Number.isFinite(value) && digits !== '' ? value : null;
}
