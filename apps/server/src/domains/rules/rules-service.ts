import {
  ErrorCode,
  MAX_RULES,
  type Rule,
  type Suggestion,
  type ValidRuleInput,
} from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import { conflict, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { assertOwnAccount } from '../accounts/accounts-service';
import type { HouseholdId } from '../households/household-id';
import type { TransactionsService } from '../transactions/transactions-service';
import { toRuleDto } from './rule-dto';
import { createRulesRepository, type RuleValues } from './rules-repository';
import { suggestCategory } from './suggest-category';

const ruleNotFound = () => notFound('Rule not found.', ErrorCode.RULE_NOT_FOUND);

function toValues(input: ValidRuleInput): RuleValues {
  return {
    field: input.field,
    operator: input.operator,
    value: input.value,
    isIncome: input.isIncome,
    category: input.category,
    rename: input.rename,
    transferAccountId: input.transferAccountId,
  };
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

export function createRulesService(db: Database, transactions: TransactionsService) {
  const rules = createRulesRepository(db);

  return {
    /** The household's rules in the order they are tried. */
    async list(householdId: HouseholdId): Promise<Rule[]> {
      return (await rules.list(householdId)).map(toRuleDto);
    },

    /** Adds a rule at `position` (default: last). */
    async create(householdId: HouseholdId, userId: string, input: ValidRuleInput): Promise<Rule> {
      await assertOwnAccount(db, householdId, input.transferAccountId ?? undefined);
      return db.transaction(async (tx) => {
        const repository = createRulesRepository(tx);
        await repository.lockHousehold(householdId);
        const count = await repository.count(householdId);
        if (count >= MAX_RULES) {
          throw conflict(`You can keep at most ${MAX_RULES} rules.`, ErrorCode.TOO_MANY_RULES);
        }
        const position = clamp(input.position ?? count + 1, 1, count + 1);
        return toRuleDto(
          await repository.insert({ householdId, userId }, toValues(input), position),
        );
      });
    },

    /** Changes a rule; with `position` it also moves it there (others shift). */
    async update(
      householdId: HouseholdId,
      userId: string,
      id: string,
      input: ValidRuleInput,
    ): Promise<Rule> {
      if (!isId(id)) throw ruleNotFound();
      await assertOwnAccount(db, householdId, input.transferAccountId ?? undefined);
      return db.transaction(async (tx) => {
        const repository = createRulesRepository(tx);
        await repository.lockHousehold(householdId);
        const current = await repository.find(householdId, id);
        if (!current) throw ruleNotFound();
        const count = await repository.count(householdId);
        const to = clamp(input.position ?? current.position, 1, count);
        const row = await repository.update(householdId, id, toValues(input), {
          from: current.position,
          to,
        });
        return toRuleDto(row!);
      });
    },

    async remove(householdId: HouseholdId, id: string): Promise<void> {
      if (!isId(id)) throw ruleNotFound();
      await db.transaction(async (tx) => {
        const repository = createRulesRepository(tx);
        await repository.lockHousehold(householdId);
        if (!(await repository.delete(householdId, id))) throw ruleNotFound();
      });
    },

    /** The category the transaction form pre-selects for a name. */
    async suggest(
      householdId: HouseholdId,
      userId: string,
      text: { name: string; isIncome: boolean },
    ): Promise<Suggestion> {
      const { category, source } = await suggestCategory(db, householdId, text);
      return { category, source };
    },

    /**
     * Recategorises (and renames) the user's existing transactions this rule decides — those it
     * matches where no earlier rule does — in one database transaction. Returns how many changed.
     */
    async apply(
      householdId: HouseholdId,
      userId: string,
      id: string,
    ): Promise<{ updated: number }> {
      if (!isId(id)) throw ruleNotFound();
      return db.transaction(async (tx) => {
        const repository = createRulesRepository(tx);
        await repository.lockHousehold(householdId);
        const rule = await repository.find(householdId, id);
        if (!rule) throw ruleNotFound();
        const ids = await repository.decidedTransactionIds(rule);
        const updated = await transactions.recategorise(
          householdId,
          userId,
          ids,
          { category: rule.category, name: rule.rename },
          { tx },
        );
        return { updated };
      });
    },

    /**
     * A category renamed or merged: the rules that give it (for its kind) give `to`, in the
     * caller's transaction. Answers how many changed.
     */
    moveCategory(
      tx: Executor,
      householdId: HouseholdId,
      change: { from: string; to: string; isIncome: boolean },
    ): Promise<number> {
      return createRulesRepository(tx).moveCategory(
        householdId,
        change.from,
        change.to,
        change.isIncome,
      );
    },
  };
}

export type RulesService = ReturnType<typeof createRulesService>;
