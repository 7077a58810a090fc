import { todayIn } from '@moneta/shared';
import type { SignedUpUser } from '../test-app';
import { accountPlans } from './fuzz-plans/account-plans';
import { authPlans } from './fuzz-plans/auth-plans';
import { bankPlans } from './fuzz-plans/bank-plans';
import { budgetPlans } from './fuzz-plans/budget-plans';
import { categoryPlans } from './fuzz-plans/category-plans';
import { householdPlans } from './fuzz-plans/household-plans';
import { importPlans } from './fuzz-plans/import-plans';
import type { OperationPlan, PlanContext } from './fuzz-plans/operation-plan';
import { platformPlans } from './fuzz-plans/platform-plans';
import { receiptPlans } from './fuzz-plans/receipt-plans';
import { recurringPlans } from './fuzz-plans/recurring-plans';
import { rulePlans } from './fuzz-plans/rule-plans';
import { transactionPlans } from './fuzz-plans/transaction-plans';
import type { UserData } from './user-data';

export type { OperationPlan } from './fuzz-plans/operation-plan';

/** Each domain's plans (fuzz-plans/), one per operation of the API. */
const DOMAIN_PLANS: Array<(context: PlanContext) => Record<string, OperationPlan>> = [
  platformPlans,
  authPlans,
  transactionPlans,
  categoryPlans,
  accountPlans,
  budgetPlans,
  recurringPlans,
  receiptPlans,
  importPlans,
  rulePlans,
  householdPlans,
  bankPlans,
];

/**
 * Every operation's plan. An operation two domains both plan is a mistake in the plans: it
 * fails here rather than letting one plan silently replace the other.
 */
export function buildPlans(
  fuzzer: SignedUpUser,
  mine: UserData,
  theirs: UserData,
  receiptPng: Buffer,
): Record<string, OperationPlan> {
  const today = todayIn('UTC');
  const [year = 0, month = 0] = today.split('-').map(Number);
  const context: PlanContext = { fuzzer, mine, theirs, receiptPng, today, month, year };
  const plans: Record<string, OperationPlan> = {};
  for (const domainPlans of DOMAIN_PLANS) {
    for (const [operation, plan] of Object.entries(domainPlans(context))) {
      if (operation in plans) throw new Error(`${operation} is planned twice`);
      plans[operation] = plan;
    }
  }
  return plans;
}
