import { z } from './zod';
import { MAX_NAME_LENGTH } from './limits';
import { categoryNameSchema } from './field-schemas';

/** Rules that categorise (and rename) transactions by their text (docs/architecture.md, Rules). */
export const RULE_FIELDS = ['name', 'note'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

export const RULE_OPERATORS = ['contains', 'equals', 'startsWith'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export const MAX_RULE_VALUE_LENGTH = 100;
/** More rules than anyone keeps by hand; the category pipeline tries them all. */
export const MAX_RULES = 1000;

export const RULE_MESSAGES = {
  valueRequired: 'Please enter the text the rule looks for.',
  valueTooLong: `The text must be at most ${MAX_RULE_VALUE_LENGTH} characters long.`,
  valueWithoutLetters: 'The text must contain at least one letter or digit.',
  renameTooLong: `The new name must be at most ${MAX_NAME_LENGTH} characters long.`,
  positionInvalid: 'position must be a whole number of at least 1.',
} as const;

/**
 * What the client sends to create or update a rule. Matching ignores case, accents, spaces
 * and punctuation, so the text must hold a letter or digit. `position` (1 = tried first)
 * places the rule; without it a new rule goes last and an edited one stays where it is.
 */
export const ruleInputSchema = z.object({
  field: z.enum(RULE_FIELDS, { message: 'field must be name or note.' }).default('name'),
  operator: z
    .enum(RULE_OPERATORS, { message: 'operator must be contains, equals or startsWith.' })
    .default('contains'),
  value: z
    .string({ message: RULE_MESSAGES.valueRequired })
    .trim()
    .min(1, RULE_MESSAGES.valueRequired)
    .max(MAX_RULE_VALUE_LENGTH, RULE_MESSAGES.valueTooLong)
    .refine((value) => /[\p{L}\p{N}]/u.test(value), { message: RULE_MESSAGES.valueWithoutLetters }),
  isIncome: z
    .boolean({ message: 'isIncome must be true, false or null (both).' })
    .nullable()
    .default(null),
  category: categoryNameSchema,
  rename: z
    .string({ message: 'rename must be text or null.' })
    .max(MAX_NAME_LENGTH, RULE_MESSAGES.renameTooLong)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null)),
  transferAccountId: z
    .string({ message: 'transferAccountId must be an account id or null.' })
    .nullish()
    .transform((value) => value || null)
    .describe(
      'An imported row this rule matches first is a transfer to or from this account (404 ' +
        "`ACCOUNT_NOT_FOUND` if it is not the user's).",
    ),
  position: z
    .number({ message: RULE_MESSAGES.positionInvalid })
    .int(RULE_MESSAGES.positionInvalid)
    .min(1, RULE_MESSAGES.positionInvalid)
    .max(MAX_RULES, RULE_MESSAGES.positionInvalid)
    .optional(),
});
export type RuleInput = z.input<typeof ruleInputSchema>;
export type ValidRuleInput = z.output<typeof ruleInputSchema>;

export const ruleSchema = z
  .object({
    _id: z.string(),
    field: z.enum(RULE_FIELDS),
    operator: z.enum(RULE_OPERATORS),
    value: z.string(),
    isIncome: z.boolean().nullable(),
    category: z.string(),
    rename: z.string().nullable(),
    transferAccountId: z
      .string()
      .nullable()
      .describe('An imported row it matches is a transfer to or from this account.'),
    position: z.number().describe('1 = tried first; the first matching rule wins.'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Rule' });
export type Rule = z.infer<typeof ruleSchema>;
export const ruleListSchema = z.array(ruleSchema);

export const ruleApplyResultSchema = z.object({
  updated: z.number().describe('Transactions changed (a split one counts when it was renamed).'),
});

export const SUGGESTION_SOURCES = ['rule', 'history', 'default'] as const;
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number];

export const suggestQuerySchema = z.object({
  name: z
    .string()
    .max(MAX_NAME_LENGTH, `name must be at most ${MAX_NAME_LENGTH} characters long.`)
    .default(''),
  isIncome: z
    .enum(['true', 'false'], { message: 'isIncome must be true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
});

export const suggestionSchema = z.object({
  category: z.string(),
  source: z.enum(SUGGESTION_SOURCES),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
