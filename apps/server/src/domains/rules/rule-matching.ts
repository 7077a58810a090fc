import { DEFAULT_INCOME_CATEGORY, FALLBACK_CATEGORY } from '@moneta/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { HouseholdId } from '../households/household-id';

/**
 * The SQL of the category pipeline (docs/architecture.md, Rules), in one place for imports,
 * receipts, the form's suggestion and applying a rule. Texts are compared folded by `moneta_fold`
 * (migration 0010: no case, accents, spaces or punctuation), on both sides, in SQL.
 */

/** A rule's side of a match: its field, operator and folded value. */
export interface RuleTerms {
  field: SQL;
  operator: SQL;
  key: SQL;
}

/** Whether a rule matches a text whose folded name and note are given. */
export function ruleMatches(rule: RuleTerms, text: { nameKey: SQL; noteKey: SQL }): SQL {
  const subject = sql`(CASE ${rule.field} WHEN 'note' THEN ${text.noteKey} ELSE ${text.nameKey} END)`;
  return sql`(CASE ${rule.operator}
    WHEN 'equals' THEN ${subject} = ${rule.key}
    WHEN 'startsWith' THEN starts_with(${subject}, ${rule.key})
    ELSE strpos(${subject}, ${rule.key}) > 0 END)`;
}

/** A household's rules with their values folded once (not once per text they are tried on). */
export const householdRules = (householdId: HouseholdId) => sql`
  SELECT id, position, field, operator, moneta_fold(value) AS key, is_income, category, rename,
    transfer_account_id
  FROM rules WHERE household_id = ${householdId}`;

/** The terms of a rule of `householdRules`, aliased `alias`. */
export const storedRuleTerms = (alias: string): RuleTerms => ({
  field: sql.raw(`${alias}.field`),
  operator: sql.raw(`${alias}.operator`),
  key: sql.raw(`${alias}.key`),
});

/**
 * Whether the household has a rule on notes: only then are notes folded (most have none, and
 * folding every imported row's note would cost time for nothing).
 */
export const hasNoteRules = (householdId: HouseholdId) =>
  sql`EXISTS (SELECT 1 FROM rules WHERE household_id = ${householdId} AND field = 'note')`;

/** CTEs over a CTE named `keys`: the household's rules, and the first one matching each key. */
const firstRules = (householdId: HouseholdId) => sql`
    user_rules AS MATERIALIZED (${householdRules(householdId)}),
    ruled AS MATERIALIZED (
      SELECT DISTINCT ON (k.name_key, k.note_key, k.is_income)
        k.name_key, k.note_key, k.is_income, r.category, r.rename, r.transfer_account_id
      FROM keys k
      JOIN user_rules r ON (r.is_income IS NULL OR r.is_income = k.is_income)
        AND ${ruleMatches(storedRuleTerms('r'), { nameKey: sql`k.name_key`, noteKey: sql`k.note_key` })}
      ORDER BY k.name_key, k.note_key, k.is_income, r.position
    )`;

/**
 * The pipeline's answer for each distinct text of `keys`, a query with the columns
 * (name_key text, note_key text, is_income boolean), none null: the first matching rule by
 * position, else the category the household gave that payee most often (the latest use breaks a
 * tie), else Miscellaneous for an expense and Other Income for an income. Columns: name_key,
 * note_key, is_income, category, source ('rule' | 'history' | 'default'), rename. The history
 * is looked up payee by payee in the index on (household, folded name): the same plan whatever
 * the statistics say of a table just filled. Every step is materialised: computed once, never
 * again for each row of a join.
 */
export function categoryPipeline(householdId: HouseholdId, keys: SQL): SQL {
  return sql`
    WITH keys AS MATERIALIZED (${keys}),
    ${firstRules(householdId)},
    history AS MATERIALIZED (
      SELECT k.name_key, k.is_income, used.category
      FROM (SELECT DISTINCT name_key, is_income FROM keys WHERE name_key <> '') AS k
      CROSS JOIN LATERAL (
        SELECT t.category FROM transactions t
        WHERE t.household_id = ${householdId} AND moneta_fold(t.name) = k.name_key
          AND t.is_income = k.is_income
        GROUP BY t.category
        ORDER BY count(*) DESC, max(t.added_on) DESC, t.category
        LIMIT 1
      ) AS used
    )
    SELECT k.name_key, k.note_key, k.is_income,
      coalesce(ru.category, h.category,
        CASE WHEN k.is_income THEN ${DEFAULT_INCOME_CATEGORY} ELSE ${FALLBACK_CATEGORY} END) AS category,
      CASE WHEN ru.category IS NOT NULL THEN 'rule'
           WHEN h.category IS NOT NULL THEN 'history' ELSE 'default' END AS source,
      ru.rename
    FROM keys k
    LEFT JOIN ruled ru
      ON ru.name_key = k.name_key AND ru.note_key = k.note_key AND ru.is_income = k.is_income
    LEFT JOIN history h ON h.name_key = k.name_key AND h.is_income = k.is_income`;
}

/** The new name the first matching rule gives each key of `keys` (those it renames only). */
export function ruleRenames(householdId: HouseholdId, keys: SQL): SQL {
  return sql`
    WITH keys AS MATERIALIZED (${keys}),
    ${firstRules(householdId)}
    SELECT name_key, note_key, is_income, rename FROM ruled WHERE rename IS NOT NULL`;
}

/**
 * The account the first matching rule of each key of `keys` moves money to or from (those
 * whose first rule is a transfer rule only): such a row is a transfer (docs/transfers.md).
 */
export function ruleTransfers(householdId: HouseholdId, keys: SQL): SQL {
  return sql`
    WITH keys AS MATERIALIZED (${keys}),
    ${firstRules(householdId)}
    SELECT name_key, note_key, is_income, transfer_account_id FROM ruled
    WHERE transfer_account_id IS NOT NULL`;
}
