import { z } from './zod';
import { categoryNameSchema } from './field-schemas';

const isIncomeSchema = z.boolean({ message: 'isIncome must be true or false.' }).default(false);

/**
 * PUT /categories: renames `from` to `to`, or merges it into `to` when the user has that category
 * of this kind already (its transactions, budgets, rules and recurring rules follow).
 */
export const categoryChangeSchema = z.object({
  from: categoryNameSchema,
  to: categoryNameSchema,
  isIncome: isIncomeSchema,
});
export type CategoryChange = z.infer<typeof categoryChangeSchema>;

/** How many rows of each kind now carry the new name. */
export const categoryMovedSchema = z.object({
  transactions: z.number(),
  budgets: z.number(),
  rules: z.number(),
  recurring: z.number(),
});

export const categoryChangeResultSchema = z.object({
  name: z.string(),
  isIncome: z.boolean(),
  /** True when `to` existed already (a merge), false for a rename. */
  merged: z.boolean(),
  moved: categoryMovedSchema.describe('How many rows now carry `to`.'),
});
export type CategoryChangeResult = z.infer<typeof categoryChangeResultSchema>;

/** PUT /categories/hidden: hides a category from the pickers, or shows it again. */
export const categoryVisibilitySchema = z.object({
  name: categoryNameSchema,
  isIncome: isIncomeSchema,
  hidden: z.boolean({ message: 'hidden must be true or false.' }),
});
export type CategoryVisibility = z.infer<typeof categoryVisibilitySchema>;

/** One category as Manage Categories shows it (GET /categories). */
export const managedCategorySchema = z.object({
  name: z.string(),
  isIncome: z.boolean(),
  isBuiltIn: z.boolean(),
  hidden: z.boolean(),
  transactionCount: z.number(),
});
export type ManagedCategory = z.infer<typeof managedCategorySchema>;
