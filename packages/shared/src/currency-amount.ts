import { currencyDecimals, hasAtMostDecimals } from './money';

/**
 * What is wrong with `amount` as an amount of `currency`, by its minor unit (docs/currencies.md:
 * JPY has none, so 12.5 yen is refused); undefined when it fits. The server refuses the same with
 * 400; forms say it at the field before sending.
 */
export function currencyDecimalsProblem(amount: number, currency: string): string | undefined {
  const digits = currencyDecimals(currency);
  if (!Number.isFinite(amount) || hasAtMostDecimals(amount, digits)) return undefined;
  return digits === 0
    ? `${currency} amounts have no decimals.`
    : `${currency} amounts have at most ${digits} decimals.`;
}
