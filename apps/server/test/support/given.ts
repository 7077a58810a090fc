import type {
  Account,
  AccountInput,
  Budget,
  BudgetInput,
  Category,
  Goal,
  GoalInput,
  Recurring,
  RecurringInput,
  Rule,
  RuleInput,
  Transaction,
  TransactionInput,
  Transfer,
  TransferInput,
} from '@moneta/shared';
import type { newCategorySchema } from '@moneta/shared';
import type { z } from 'zod';
import type { App } from '../../src/http/types';
import type { Caller } from './api-calls';

/**
 * A test's data, made the way a client makes it: through the real API as `caller`. Each builder
 * answers the created record as the API sent it, and fails the test where the API refuses, so
 * that a setup that went wrong never passes for the behaviour under test.
 */
async function created<T>(app: App, caller: Caller, url: string, payload: object): Promise<T> {
  const response = await app.inject({ method: 'POST', url, headers: caller.headers, payload });
  if (response.statusCode !== 201) {
    throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<T>();
}

/** A transaction's fields; an expense unless `isIncome` says otherwise. */
export type GivenTransaction = Omit<TransactionInput, 'isIncome'> & { isIncome?: boolean };

export const given = {
  account: (app: App, caller: Caller, input: AccountInput) =>
    created<Account>(app, caller, '/api/accounts', input),

  transaction: (app: App, caller: Caller, input: GivenTransaction) =>
    created<Transaction>(app, caller, '/api/transactions', { isIncome: false, ...input }),

  transfer: (app: App, caller: Caller, input: TransferInput) =>
    created<Transfer>(app, caller, '/api/transfers', input),

  budget: (app: App, caller: Caller, input: BudgetInput) =>
    created<Budget>(app, caller, '/api/budgets', input),

  category: (app: App, caller: Caller, input: z.input<typeof newCategorySchema>) =>
    created<Category>(app, caller, '/api/categories', input),

  recurring: (app: App, caller: Caller, input: RecurringInput) =>
    created<Recurring>(app, caller, '/api/recurring/create', input),

  rule: (app: App, caller: Caller, input: RuleInput) =>
    created<Rule>(app, caller, '/api/rules', input),

  goal: (app: App, caller: Caller, input: GoalInput) =>
    created<Goal>(app, caller, '/api/goals', input),
};
