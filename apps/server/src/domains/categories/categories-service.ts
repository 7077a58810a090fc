import {
  BUILT_IN_EXPENSE_CATEGORIES,
  BUILT_IN_INCOME_CATEGORIES,
  type CategoryChange,
  type CategoryChangeResult,
  type CategoryVisibility,
  ErrorCode,
  type ManagedCategory,
  FALLBACK_CATEGORY,
  isAnyBuiltInCategory,
  isBuiltInCategory,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/app-error';
import type { BudgetsService } from '../budgets/budgets-service';
import type { ReceiptsService } from '../receipts/receipts-service';
import type { RecurringService } from '../recurring/recurring-service';
import type { RulesService } from '../rules/rules-service';
import type { TransactionsService } from '../transactions/transactions-service';
import type { HouseholdId } from '../households/household-id';
import { createCategoriesRepository } from './categories-repository';

/**
 * A category renamed, merged or deleted moves what names it in other domains, each through its
 * own service, in the category's database transaction.
 */
export interface CategoriesServiceDependencies {
  transactions: TransactionsService;
  budgets: Pick<BudgetsService, 'mergeCategory' | 'deleteByCategory'>;
  recurring: Pick<RecurringService, 'moveCategory'>;
  rules: Pick<RulesService, 'moveCategory'>;
  receipts: Pick<ReceiptsService, 'moveTaughtCategory'>;
}

export function createCategoriesService(db: Database, deps: CategoriesServiceDependencies) {
  const { transactions, budgets, recurring, rules, receipts } = deps;
  const categories = createCategoriesRepository(db);

  const kindName = (isIncome: boolean) => (isIncome ? 'income' : 'expense');

  /** Every category of one kind, hidden ones included: built-ins first, then custom A→Z. */
  async function allOfKind(householdId: HouseholdId, isIncome: boolean): Promise<string[]> {
    const builtIns = isIncome ? BUILT_IN_INCOME_CATEGORIES : BUILT_IN_EXPENSE_CATEGORIES;
    return [...builtIns, ...(await categories.listCustom(householdId, isIncome))];
  }

  /**
   * A category of one kind, built-in or the household's, whose name equals `name` ignoring case and
   * surrounding spaces but is not `name` itself nor `except` (a category renamed to another
   * spelling of its own name): two categories that differ only in case look like one in every
   * list and report, so a new name must not be one (docs/decisions.md, CAT-13).
   */
  async function caseTwin(
    repository: ReturnType<typeof createCategoriesRepository>,
    householdId: HouseholdId,
    name: string,
    isIncome: boolean,
    except?: string,
  ): Promise<string | undefined> {
    const folded = name.trim().toLowerCase();
    const builtIns: readonly string[] = isIncome
      ? BUILT_IN_INCOME_CATEGORIES
      : BUILT_IN_EXPENSE_CATEGORIES;
    const candidates = [
      ...builtIns.filter((builtIn) => builtIn.toLowerCase() === folded),
      ...(await repository.sameIgnoringCase(householdId, name, isIncome)),
    ];
    return candidates.find((candidate) => candidate !== name && candidate !== except);
  }

  const caseConflict = (name: string, twin: string, kind: string) =>
    conflict(
      `"${name}" differs from your ${kind} category "${twin}" only in case: use "${twin}", or choose another name.`,
      ErrorCode.CATEGORY_EXISTS,
    );

  /** What the pickers offer: the categories of one kind the household has not hidden. */
  async function listKind(householdId: HouseholdId, isIncome: boolean): Promise<string[]> {
    const [names, hidden] = await Promise.all([
      allOfKind(householdId, isIncome),
      categories.listHidden(householdId),
    ]);
    const hiddenNames = new Set(
      hidden.filter((entry) => entry.isIncome === isIncome).map((entry) => entry.name),
    );
    return names.filter((name) => !hiddenNames.has(name));
  }

  return {
    /** Built-ins in their fixed order, then the household's custom ones A→Z; hidden ones left out. */
    list: listKind,

    /** Every category of both kinds with what Manage Categories shows of it. */
    async listManaged(householdId: HouseholdId): Promise<ManagedCategory[]> {
      const [expense, income, hidden, counts] = await Promise.all([
        allOfKind(householdId, false),
        allOfKind(householdId, true),
        categories.listHidden(householdId),
        categories.transactionCounts(householdId),
      ]);
      const hiddenKeys = new Set(hidden.map((entry) => `${entry.isIncome}|${entry.name}`));
      const describe = (isIncome: boolean) => (name: string) => ({
        name,
        isIncome,
        isBuiltIn: isBuiltInCategory(name, isIncome),
        hidden: hiddenKeys.has(`${isIncome}|${name}`),
        transactionCount: counts.get(`${isIncome}|${name}`) ?? 0,
      });
      return [...expense.map(describe(false)), ...income.map(describe(true))];
    },

    /**
     * Renames a category, or merges it into another of the same kind, in one DB transaction:
     * transactions, recurring rules, rules, budgets (expense categories only: a budget limits
     * spending) and what receipts taught about shops follow. A built-in category stays
     * (docs/architecture.md, Product rules): it can be merged into another, never renamed.
     */
    async change(
      householdId: HouseholdId,
      userId: string,
      change: CategoryChange,
    ): Promise<CategoryChangeResult> {
      const { from, to, isIncome } = change;
      const kind = kindName(isIncome);
      if (from === to) {
        throw badRequest(
          `"${from}" cannot be merged into itself: choose another category.`,
          ErrorCode.CATEGORY_MERGE_INTO_ITSELF,
        );
      }
      return db.transaction(async (tx) => {
        const repository = createCategoriesRepository(tx);
        await repository.lockHousehold(householdId);
        const isFromBuiltIn = isBuiltInCategory(from, isIncome);
        if (!isFromBuiltIn && !(await repository.exists(householdId, from, [isIncome]))) {
          throw notFound(
            `You have no ${kind} category named "${from}".`,
            ErrorCode.CATEGORY_NOT_FOUND,
          );
        }
        const isMerge =
          isBuiltInCategory(to, isIncome) || (await repository.exists(householdId, to, [isIncome]));
        const twin = isMerge
          ? undefined
          : await caseTwin(repository, householdId, to, isIncome, from);
        if (twin !== undefined) throw caseConflict(to, twin, kind);
        if (isFromBuiltIn && !isMerge) {
          throw badRequest(
            `"${from}" is a built-in category and cannot be renamed. Hide it, or merge it into another ${kind} category.`,
            ErrorCode.BUILT_IN_CATEGORY,
          );
        }
        // The categories first, as remove does: every writer that takes these rows and then the
        // per-category totals does so in this order, so no two wait on each other in a cycle.
        if (!isFromBuiltIn) {
          // A renamed category keeps being hidden; a merged one takes its target's visibility.
          const fromKey = { householdId, userId, name: from, isIncome };
          if (!isMerge && (await repository.isHidden(fromKey))) {
            await repository.setHidden({ householdId, userId, name: to, isIncome }, true);
          }
          await repository.setHidden(fromKey, false);
          await repository.removeKind(fromKey);
        }
        if (!isMerge) await repository.add({ householdId, userId, name: to, isIncome });
        // Recurring rules before transactions, as in remove: the recurring engine locks a rule
        // before the totals its transactions touch, so this order cannot deadlock with it.
        const recurringCount = await recurring.moveCategory(tx, householdId, {
          from,
          to,
          kinds: [isIncome],
        });
        const transactionCount = await transactions.moveCategory(
          householdId,
          { from, to, kinds: [isIncome] },
          { tx },
        );
        const budgetCount = isIncome ? 0 : await budgets.mergeCategory(tx, householdId, from, to);
        const ruleCount = await rules.moveCategory(tx, householdId, { from, to, isIncome });
        if (!isIncome) await receipts.moveTaughtCategory(tx, householdId, from, to);
        return {
          name: to,
          isIncome,
          merged: isMerge,
          moved: {
            transactions: transactionCount,
            budgets: budgetCount,
            rules: ruleCount,
            recurring: recurringCount,
          },
        };
      });
    },

    /** Hides a category from the pickers or shows it again; its rows keep it either way. */
    async setHidden(householdId: HouseholdId, userId: string, visibility: CategoryVisibility) {
      const { name, isIncome, hidden } = visibility;
      const exists =
        isBuiltInCategory(name, isIncome) ||
        (await categories.exists(householdId, name, [isIncome]));
      if (!exists) {
        throw notFound(
          `You have no ${kindName(isIncome)} category named "${name}".`,
          ErrorCode.CATEGORY_NOT_FOUND,
        );
      }
      await categories.setHidden({ householdId, userId, name, isIncome }, hidden);
      return { name, isIncome, hidden };
    },

    /** Both kinds, without duplicates (the recurring form's list). */
    async listAll(householdId: HouseholdId): Promise<string[]> {
      const [expense, income] = await Promise.all([
        listKind(householdId, false),
        listKind(householdId, true),
      ]);
      return [...new Set([...expense, ...income])];
    },

    /** Adds a custom category of one kind; a built-in or existing one of that kind is a 409. */
    async create(
      householdId: HouseholdId,
      userId: string,
      category: { name: string; isIncome: boolean },
    ) {
      const kind = category.isIncome ? 'income' : 'expense';
      if (isBuiltInCategory(category.name, category.isIncome)) {
        throw conflict(
          `"${category.name}" is a built-in ${kind} category already.`,
          ErrorCode.CATEGORY_EXISTS,
        );
      }
      await db.transaction(async (tx) => {
        const repository = createCategoriesRepository(tx);
        // One writer of the household's categories at a time: two requests adding "Food2" and
        // "FOOD2" together would each find no twin.
        await repository.lockHousehold(householdId);
        const twin = await caseTwin(repository, householdId, category.name, category.isIncome);
        if (twin !== undefined) throw caseConflict(category.name, twin, kind);
        if (!(await repository.add({ householdId, userId, ...category }))) {
          throw conflict(
            `You have the ${kind} category "${category.name}" already.`,
            ErrorCode.CATEGORY_EXISTS,
          );
        }
      });
      return category;
    },

    /**
     * Deletes a custom category in one DB transaction: its recurring rules and transactions
     * move to Miscellaneous, its budgets are removed (unless the name is still a built-in
     * expense category), and the category is removed. Built-in categories cannot be deleted.
     */
    async remove(
      householdId: HouseholdId,
      userId: string,
      name: string,
    ): Promise<{ movedCount: number }> {
      return db.transaction(async (tx) => {
        const kinds = await createCategoriesRepository(tx).remove(householdId, name);
        if (kinds.length === 0) {
          if (isAnyBuiltInCategory(name)) {
            throw badRequest(
              `"${name}" is a built-in category and cannot be deleted.`,
              ErrorCode.BUILT_IN_CATEGORY,
            );
          }
          throw notFound(
            `You have no custom category named "${name}".`,
            ErrorCode.CATEGORY_NOT_FOUND,
          );
        }
        // Rules first: the recurring engine locks a rule before the per-category totals its
        // transactions touch, so taking them in the same order cannot deadlock with it.
        await recurring.moveCategory(tx, householdId, {
          from: name,
          to: FALLBACK_CATEGORY,
          kinds,
        });
        if (!isBuiltInCategory(name, false)) {
          await budgets.deleteByCategory(tx, householdId, name);
        }
        const movedCount = await transactions.moveCategory(
          householdId,
          { from: name, to: FALLBACK_CATEGORY, kinds },
          { tx },
        );
        for (const isIncome of kinds) {
          await createCategoriesRepository(tx).setHidden(
            { householdId, userId, name, isIncome },
            false,
          );
        }
        return { movedCount };
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
