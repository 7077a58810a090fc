import { readDecimalText } from './money';

/**
 * How a person's locale writes numbers: the decimal separator and the thousands separator.
 * Every user reads and writes en-US today; a user's own format comes with their locale.
 */
export type NumberFormat = { decimal: '.' | ','; group: string };

export const EN_US_NUMBER_FORMAT: NumberFormat = { decimal: '.', group: ',' };

export type TypedAmountProblem =
  'empty' | 'characters' | 'separators' | 'negative' | 'too-many-digits';

export type TypedAmount = { ok: true; value: number } | { ok: false; reason: TypedAmountProblem };

/** Marks that only ever group thousands: spaces (plain, no-break, narrow, thin), apostrophes. */
const GROUP_ONLY = /[ \u00a0\u202f\u2009'\u2019]/;
const ALLOWED = /^[\d.,'\u2019 \u00a0\u202f\u2009]+$/;

/**
 * An amount as a person types it, in any usual spelling: `2,95` `2.95` `1.234,56` `1,234.56`
 * `1 234,56` `1'234.56` `.5`. When both `.` and `,` appear, the last is the decimal separator. A
 * lone one followed by exactly three digits (`1,234`, `1.234`) is ambiguous: it follows the
 * user's format, so in en-US `1,234` is 1234 and `1.234` is one point two three four (which has
 * more decimals than an amount keeps, and is refused as such). Any other lone separator is the
 * decimal one. Thousands groups must be well placed (threes, or India's twos then a three).
 * A leading minus is read only where `allowNegative`; anything else unreadable is a problem,
 * never a guess. See docs/amounts.md.
 */
export function parseTypedAmount(
  text: string,
  format: NumberFormat = EN_US_NUMBER_FORMAT,
  { allowNegative = false }: { allowNegative?: boolean } = {},
): TypedAmount {
  let body = text.trim();
  if (body === '') return { ok: false, reason: 'empty' };
  const isNegative = /^[-\u2212]/.test(body);
  if (isNegative) body = body.slice(1);
  if (!ALLOWED.test(body) || !/\d/.test(body)) return { ok: false, reason: 'characters' };

  const hasGroupOnlyMarks = GROUP_ONLY.test(body);
  const dots = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  let decimal: '.' | ',' | undefined;
  if (dots > 0 && commas > 0) {
    decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
  } else if (dots + commas === 1) {
    const separator = dots === 1 ? '.' : ',';
    const [before = '', after = ''] = body.split(separator);
    const isAmbiguous =
      !hasGroupOnlyMarks && /^[1-9]\d{0,2}$/.test(before) && /^\d{3}$/.test(after);
    decimal = !isAmbiguous || separator === format.decimal ? separator : undefined;
  }

  const [whole = '', fraction = '', ...rest] = decimal ? body.split(decimal) : [body];
  if (rest.length > 0 || !/^\d*$/.test(fraction)) return { ok: false, reason: 'separators' };
  const digits = groupedDigits(whole);
  if (digits === undefined || (digits === '' && fraction === '')) {
    return { ok: false, reason: 'separators' };
  }
  const read = readDecimalText(`${digits || '0'}.${fraction || '0'}`);
  if (!read) return { ok: false, reason: 'too-many-digits' };
  if (isNegative && !allowNegative) return { ok: false, reason: 'negative' };
  return { ok: true, value: isNegative && read.value !== 0 ? -read.value : read.value };
}

/**
 * The digits of a whole number written with one kind of thousands separator, well placed
 * (`1,234,567`, `1.234`, `1 234`, `1'234`, India's `12,34,567`); undefined when the groups are
 * misplaced or mixed. Typed amounts, bank files and receipts all check their groups here.
 */
export function groupedDigits(whole: string): string | undefined {
  const normalised = whole.replace(/[ \u00a0\u202f\u2009]/g, ' ').replace(/\u2019/g, "'");
  const marks = new Set(normalised.replace(/\d/g, ''));
  if (marks.size === 0) return normalised;
  if (marks.size > 1) return undefined;
  const [mark] = marks;
  const groups = normalised.split(mark!);
  const [first = '', ...others] = groups;
  const last = others.at(-1) ?? '';
  const isThrees = /^[1-9]\d{0,2}$/.test(first) && others.every((group) => /^\d{3}$/.test(group));
  // India's lakh and crore: 1,23,45,678.
  const isIndian =
    /^[1-9]\d?$/.test(first) &&
    /^\d{3}$/.test(last) &&
    others.slice(0, -1).every((group) => /^\d{2}$/.test(group));
  return isThrees || isIndian ? groups.join('') : undefined;
}

/** What to tell a person whose typed amount could not be read. */
export function typedAmountMessage(
  reason: TypedAmountProblem,
  format: NumberFormat = EN_US_NUMBER_FORMAT,
): string {
  const example = `1${format.group}234${format.decimal}56`;
  switch (reason) {
    case 'empty':
      return 'Please enter an amount.';
    case 'characters':
      return `Use only digits and separators, as in ${example}.`;
    case 'separators':
      return `The separators are out of place: write the amount as ${example} or 1234${format.decimal}56.`;
    case 'negative':
      return 'The amount cannot be negative.';
    case 'too-many-digits':
      return 'This amount has more digits than can be kept exactly.';
  }
}

/**
 * An amount as the text of a field, in the user's format, without grouping: 1234.5 → "1234.5", or
 * with `minimumDecimals` 2 → "1234.50" (a whole amount stays whole).
 */
export function writeTypedAmount(
  value: number,
  format: NumberFormat = EN_US_NUMBER_FORMAT,
  minimumDecimals = 0,
) {
  const text = String(value);
  // 47.3 edited in a currency of cents reads 47.30, as it is shown everywhere else.
  const [whole, fraction] = text.split('.');
  if (fraction === undefined || /e/i.test(text) || fraction.length >= minimumDecimals) {
    return text.replace('.', format.decimal);
  }
  return `${whole}${format.decimal}${fraction.padEnd(minimumDecimals, '0')}`;
}
