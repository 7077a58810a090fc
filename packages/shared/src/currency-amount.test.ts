import { describe, expect, it } from 'vitest';
import { currencyDecimalsProblem } from './currency-amount';

describe('currencyDecimalsProblem', () => {
  it('names the limit of the currency', () => {
    expect(currencyDecimalsProblem(12.5, 'JPY')).toBe('JPY amounts have no decimals.');
    expect(currencyDecimalsProblem(1.234, 'USD')).toBe('USD amounts have at most 2 decimals.');
  });

  it('accepts what the currency can hold', () => {
    expect(currencyDecimalsProblem(1200, 'JPY')).toBeUndefined();
    expect(currencyDecimalsProblem(12.5, 'USD')).toBeUndefined();
    expect(currencyDecimalsProblem(Number.NaN, 'USD')).toBeUndefined();
  });
});
