import { MAX_AMOUNT } from '@moneta/shared';
import { groupedDigits } from '@moneta/shared/typed-amount';

export type DecimalSeparator = '.' | ',';

export type AmountReading =
  | { ok: true; cents: number }
  | { ok: false; reason: 'empty' | 'invalid' | 'decimals' | 'too-large' };

/** Currency signs and the codes banks print beside amounts; they say nothing about the value. */
const CURRENCY =
  /[€$£¥₹]|(?<![A-Za-z])(?:EUR|USD|GBP|JPY|CAD|AUD|INR|CHF|SEK|NOK|DKK|PLN|CZK|NZD)(?![A-Za-z])/gi;
/** Spaces a bank may group thousands with: plain, no-break, narrow no-break, thin. */
const GROUP_SPACES = /[\s\u00a0\u202f\u2009']/g;
const MINUS = /[-\u2212\u2013]/g;
const MAX_CENTS = MAX_AMOUNT * 100;

/**
 * A bank's amount as signed cents, in any of the spellings statements use: `1.234,56`,
 * `1,234.56`, `1 234,56`, `(12.00)` and `12,00-` (negative), `-€5`, `€-5`, `12.00 DR`/`CR`,
 * `+5`. When both separators appear, the last one is the decimal point; a single one is the
 * decimal point when one or two digits follow it, else a thousands separator unless it is
 * `decimalSeparator` (so `1,234` is 1234 where the decimal separator is "."). Whole-number
 * arithmetic on the digits: no binary rounding. More than two decimals are refused, or rounded
 * to the cent with `roundToCents` (formats whose amounts carry four decimals by design).
 */
export function parseBankAmount(
  text: string,
  decimalSeparator: DecimalSeparator,
  options: { roundToCents?: boolean } = {},
): AmountReading {
  let value = text.trim();
  if (value === '') return { ok: false, reason: 'empty' };
  let isNegative = false;
  const suffix = /\s*(?<![A-Za-z])(CR|DR)\.?$/i.exec(value);
  if (suffix) {
    isNegative = suffix[1]!.toLowerCase() === 'dr';
    value = value.slice(0, suffix.index);
  }
  if (/^\(.*\)$/.test(value)) {
    if (isNegative) return { ok: false, reason: 'invalid' };
    isNegative = true;
    value = value.slice(1, -1);
  }
  value = withoutCurrencyText(value, CURRENCY).trim();
  const minuses = value.match(MINUS)?.length ?? 0;
  if (minuses > 1 || (minuses === 1 && isNegative)) return { ok: false, reason: 'invalid' };
  if (minuses === 1) {
    // A leading or a trailing minus (12,00-); never one inside the digits.
    const trimmed = value.replace(/^\+/, '');
    if (!/^[-\u2212\u2013]|[-\u2212\u2013]$/.test(trimmed)) return { ok: false, reason: 'invalid' };
    isNegative = true;
    value = trimmed.replace(MINUS, '');
  } else {
    value = value.replace(/^\+/, '');
  }
  value = value.replace(GROUP_SPACES, '');
  if (!/^[\d.,]*\d[\d.,]*$/.test(value)) return { ok: false, reason: 'invalid' };

  const split = splitDecimal(value, decimalSeparator);
  if (!split) return { ok: false, reason: 'invalid' };
  const { whole, fraction } = split;
  const hasExcess = fraction.length > 2 && !/^0*$/.test(fraction.slice(2));
  if (hasExcess && !options.roundToCents) return { ok: false, reason: 'decimals' };
  const digits = `${whole || '0'}${fraction.slice(0, 2).padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 16) return { ok: false, reason: 'too-large' };
  // Half away from zero, as a bank rounds: the sign is applied after.
  const cents = Number(digits) + (hasExcess && fraction[2]! >= '5' ? 1 : 0);
  if (cents > MAX_CENTS) return { ok: false, reason: 'too-large' };
  return { ok: true, cents: isNegative && cents !== 0 ? -cents : cents };
}

/**
 * `text` without the currency written beside its amount (what `currency`, a global pattern,
 * matches), taken away only before the first digit or after the last: between two digits it
 * stays, so that the amount is refused (`12EUR34`, `1e308`, `12abc34`) instead of being read
 * as its digits stitched together. Every import path reads its amounts through this and
 * parseBankAmount (docs/amounts.md, In imported files).
 */
export function withoutCurrencyText(text: string, currency: RegExp): string {
  let first = -1;
  let last = -1;
  for (let index = 0; index < text.length; index += 1) {
    if (text[index]! >= '0' && text[index]! <= '9') {
      if (first < 0) first = index;
      last = index;
    }
  }
  let kept = '';
  let at = 0;
  for (const match of text.matchAll(currency)) {
    const start = match.index;
    const end = start + match[0].length;
    const isInside = first >= 0 && start > first && end <= last;
    kept += text.slice(at, start) + (isInside ? match[0] : '');
    at = end;
  }
  return kept + text.slice(at);
}

/** The digits before and after the decimal point, thousands separators checked and removed. */
function splitDecimal(
  value: string,
  decimalSeparator: DecimalSeparator,
): { whole: string; fraction: string } | undefined {
  const lastDot = value.lastIndexOf('.');
  const lastComma = value.lastIndexOf(',');
  let decimal: DecimalSeparator | undefined;
  if (lastDot >= 0 && lastComma >= 0) {
    decimal = lastDot > lastComma ? '.' : ',';
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const count = value.split(separator).length - 1;
    const after = value.length - value.lastIndexOf(separator) - 1;
    if (count === 1 && (separator === decimalSeparator || after !== 3)) decimal = separator;
  }
  const [wholePart, fraction = '', ...rest] = decimal ? value.split(decimal) : [value];
  if (rest.length > 0 || /[.,]/.test(fraction)) return undefined;
  const groupSeparator = decimal === '.' ? ',' : decimal === ',' ? '.' : /[.,]/.exec(value)?.[0];
  let whole = wholePart!;
  if (groupSeparator && whole.includes(groupSeparator)) {
    const digits = groupedDigits(whole);
    if (digits === undefined) return undefined;
    whole = digits;
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return undefined;
  if (whole === '' && fraction === '') return undefined;
  return { whole, fraction };
}

/**
 * Which decimal separator an amount's spelling proves, if any: `1.234,56` and `12,5` say ",",
 * `1,234.56` and `12.50` say "."; `1,234` or `12` say nothing.
 */
export function decimalEvidence(text: string): DecimalSeparator | undefined {
  const value = text.replace(GROUP_SPACES, '');
  const match = /([.,])(\d+)\D*$/.exec(value);
  if (!match) return undefined;
  const separator = match[1] as DecimalSeparator;
  const other = separator === '.' ? ',' : '.';
  if (value.includes(other)) return separator;
  const count = value.split(separator).length - 1;
  if (count === 1 && match[2]!.length !== 3) return separator;
  return undefined;
}
