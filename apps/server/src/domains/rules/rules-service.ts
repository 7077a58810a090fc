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
import type { TransactionsService } from '../transactions/transactions-service';
import { toRuleDto } from './rule-dto';
import { createRulesRepository, type RuleValues } from './rules-repository';
import { suggestCategory } from './suggest-category';
import { defaultHouseholdOf } from '../households/default-household';

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
    /** The user's rules in the order they are tried. */
    async list(userId: string): Promise<Rule[]> {
      return (await rules.list(userId)).map(toRuleDto);
    },

    /** Adds a rule at `position` (default: last). */
    async create(userId: string, input: ValidRuleInput): Promise<Rule> {
      await assertOwnAccount(
        db,
        (await defaultHouseholdOf(db, userId)).id,
        input.transferAccountId ?? undefined,
      );
      return db.transaction(async (tx) => {
        const repository = createRulesRepository(tx);
        await repository.lockUser(userId);
        const count = await repository.count(userId);
        if (count >= MAX_RULES) {
          throw conflict(`You can keep at most ${MAX_RULES} rules.`, ErrorCode.TOO_MANY_RULES);
        }
        const position = clamp(input.position ?? count + 1, 1, count + 1);
        return toRuleDto(await repository.insert(userId, toValues(input), position));
      });
    },

    /** Changes a rule; with `position` it also moves it there (others shift). */
    async update(userId: string, id: string, input: ValidRuleInput): Promise<Rule> {
      if (!isId(id)) throw ruleNotFound();
      await assertOwnAccount(
        db,
        (await defaultHouseholdOf(db, userId)).id,
        input.transferAccountId ?? undefined,
      );
      return db.transaction(async (tx) => {
        const repository = createRulesRepository(tx);
        await repository.lockUser(userId);
        const current = await repository.find(userId, id);
        if (!current) throw ruleNotFound();
        const count = await repository.count(userId);
        const to = clamp(input.position ?? current.position, 1, count);
        const row = await repository.update(userId, id, toValues(input), {
          from: current.position,
          to,
        });
        return toRuleDto(row!);
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isId(id)) throw ruleNotFound();
      await db.transaction(async (tx) => {
        const repository = createRulesRepository(tx);
        await repository.lockUser(userId);
        if (!(await repository.delete(userId, id))) throw ruleNotFound();
      });
    },

    /** The category the transaction form pre-selects for a name. */
    async suggest(userId: string, text: { name: string; isIncome: boolean }): Promise<Suggestion> {
      const { category, source } = await suggestCategory(db, userId, text);
      return { category, source };
    },

    /**
     * Recategorises (and renames) the user's existing transactions this rule decides — those it
     * matches where no earlier rule does — in one database transaction. Returns how many changed.
     */
    async apply(userId: string, id: string): Promise<{ updated: number }> {
      if (!isId(id)) throw ruleNotFound();
      return db.transaction(async (tx) => {
        const repository = createRulesRepository(tx);
        await repository.lockUser(userId);
        const rule = await repository.find(userId, id);
        if (!rule) throw ruleNotFound();
        const ids = await repository.decidedTransactionIds(userId, rule);
        const updated = await transactions.recategorise(
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
      userId: string,
      change: { from: string; to: string; isIncome: boolean },
    ): Promise<number> {
      return createRulesRepository(tx).moveCategory(
        userId,
        change.from,
        change.to,
        change.isIncome,
      );
    },
  };
}

export type RulesService = ReturnType<typeof createRulesService>;
