/**
 * Built-in categories in the product's fixed order (docs/architecture.md, Product rules). Any other
 * name is custom.
 */
export const BUILT_IN_EXPENSE_CATEGORIES = [
  'Food',
  'Shopping',
  'Bills',
  'Subscriptions',
  'Transportation',
  'Entertainment',
  'Groceries',
  'Miscellaneous',
] as const;

export const BUILT_IN_INCOME_CATEGORIES = [
  'Salary',
  'Freelance / Side Gig',
  'Investment Returns',
  'Gifts',
  'Refunds',
] as const;

/** Where the transactions of a deleted custom category go. */
export const FALLBACK_CATEGORY = 'Miscellaneous';

export function isBuiltInCategory(name: string, isIncome: boolean): boolean {
  const builtIns: readonly string[] = isIncome
    ? BUILT_IN_INCOME_CATEGORIES
    : BUILT_IN_EXPENSE_CATEGORIES;
  return builtIns.includes(name);
}

export function isAnyBuiltInCategory(name: string): boolean {
  return isBuiltInCategory(name, false) || isBuiltInCategory(name, true);
}

/**
 * The category of an income nothing else decides (docs/architecture.md, Rules). It is not built-in:
 * it becomes one of the user's custom income categories the first time a transaction uses it.
 */
export const DEFAULT_INCOME_CATEGORY = 'Other Income';
