import { currencyDecimalsProblem } from '@moneta/shared/currency-amount';
import { currencyDecimals } from '@moneta/shared/money';
import { MESSAGE_KEY_PARAM, type FieldIssue } from './field-message';

/**
 * `currencyDecimalsProblem` (an amount with more decimals than its currency has) as a field
 * issue: the shared English, and the key that says it in another language.
 */
export function currencyDecimalsIssue(amount: number, currency: string): FieldIssue | undefined {
  const problem = currencyDecimalsProblem(amount, currency);
  if (problem === undefined) return undefined;
  const digits = currencyDecimals(currency);
  return {
    message: problem,
    code: 'custom',
    params: {
      [MESSAGE_KEY_PARAM]:
        digits === 0 ? 'validation:currency.noDecimals' : 'validation:currency.atMostDecimals',
      currency,
      digits,
    },
  };
}
