import type {
  Account,
  AccountInput,
  Budget,
  BudgetInput,
  Category,
  CreatedInvitation,
  Goal,
  GoalInput,
  Household,
  HouseholdInput,
  HouseholdMember,
  HouseholdRole,
  InvitationInput,
  Recurring,
  RecurringInput,
  Rule,
  RuleInput,
  Transaction,
  TransactionInput,
  Transfer,
  TransferInput,
} from '@moneta/shared';
import { HOUSEHOLD_HEADER, type newCategorySchema } from '@moneta/shared';
import type { z } from 'zod';
import type { App } from '../../src/http/types';
import type { Caller } from './api-calls';

/**
 * A test's data, made the way a client makes it: through the real API as `caller`. Each builder
 * answers the created record as the API sent it, and fails the test where the API refuses, so
 * that a setup that went wrong never passes for the behaviour under test.
 */
async function created<T>(app: App, caller: Caller, url: string, payload: object): Promise<T> {
  return answered<T>(app, caller, 'POST', url, payload, 201);
}

async function answered<T>(
  app: App,
  caller: Caller,
  method: 'POST' | 'PUT',
  url: string,
  payload: object | undefined,
  status: number,
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    headers: caller.headers,
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode !== status) {
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<T>();
}

/**
 * The same caller acting on `householdId` (the Moneta-Household header) instead of their
 * default household.
 */
export function inHousehold<C extends Caller>(caller: C, householdId: string): C {
  const headers: Caller['headers'] & Record<string, string> = {
    ...caller.headers,
    [HOUSEHOLD_HEADER]: householdId,
  };
  return { ...caller, headers };
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

  household: (app: App, caller: Caller, input: HouseholdInput) =>
    created<Household>(app, caller, '/api/households', input),

  invitation: (app: App, caller: Caller, householdId: string, input: InvitationInput) =>
    created<CreatedInvitation>(app, caller, `/api/households/${householdId}/invitations`, input),

  /** `caller` accepts `code` and is a member from then on. */
  accepted: (app: App, caller: Caller, code: string) =>
    answered<Household>(app, caller, 'POST', '/api/invitations/accept', { code }, 200),

  /** `member` joins `owner`'s household with `role`, through an invitation. */
  async member(app: App, owner: Caller, householdId: string, member: Caller, role: HouseholdRole) {
    const invitation = await given.invitation(app, owner, householdId, { role });
    return given.accepted(app, member, invitation.code);
  },

  /** The owner gives `userId` the role `role` in the household. */
  role: (app: App, owner: Caller, householdId: string, userId: string, role: HouseholdRole) =>
    answered<HouseholdMember[]>(
      app,
      owner,
      'PUT',
      `/api/households/${householdId}/members/${userId}`,
      { role },
      200,
    ),
};
