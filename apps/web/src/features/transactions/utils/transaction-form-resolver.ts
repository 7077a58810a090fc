import {
  transactionInputSchema,
  type TransactionInput,
  type ValidTransactionInput,
} from '@moneta/shared/transaction-schemas';
import type { Resolver } from 'react-hook-form';
import { currencyDecimalsIssue } from '@/lib/forms/currency-decimals';
import { fieldMessage } from '@/lib/forms/field-message';
import { zodFormResolver } from '@/lib/zod-form-resolver';

const transactionResolver = zodFormResolver(transactionInputSchema);

/**
 * The shared rules, then those of the currencies: the amount has as many decimals as its currency
 * (none for JPY), what the bank charged as many as the base currency. An empty "Charged in" field
 * means none given: the server converts at the day's rate.
 */
export function transactionFormResolver(
  baseCurrency: string,
): Resolver<TransactionInput, unknown, ValidTransactionInput> {
  return async (values, context, options) => {
    const baseCost = values.baseCost === '' ? null : values.baseCost;
    const result = await transactionResolver({ ...values, baseCost }, context, options);
    const currency = values.currency ?? baseCurrency;
    const problem = (amount: unknown, amountCurrency: string) => {
      const issue =
        typeof amount === 'number' ? currencyDecimalsIssue(amount, amountCurrency) : undefined;
      return issue && fieldMessage(issue);
    };
    const costProblem = problem(values.cost, currency);
    const baseCostProblem = problem(baseCost, baseCurrency);
    if (!costProblem && !baseCostProblem) return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        ...(costProblem ? { cost: { type: 'currency', message: costProblem } } : {}),
        ...(baseCostProblem ? { baseCost: { type: 'currency', message: baseCostProblem } } : {}),
      },
    };
  };
}
