import {
  ACCOUNT_MESSAGES,
  MAX_ACCOUNT_IDENTIFIER_LENGTH,
  MAX_ACCOUNT_IDENTIFIERS,
  MAX_ACCOUNT_NAME_LENGTH,
} from '@moneta/shared/account-schemas';
import { BUDGET_MESSAGES } from '@moneta/shared/budget-schemas';
import { BUDGET_MAX_YEAR, BUDGET_MIN_YEAR } from '@moneta/shared/limits';
import { GOAL_MESSAGES } from '@moneta/shared/goal-schemas';
import { MAX_CATEGORY_LENGTH, MAX_NAME_LENGTH, MAX_NOTE_LENGTH } from '@moneta/shared/limits';
import { STORED_DECIMALS } from '@moneta/shared/money';
import { RECEIPT_MESSAGES } from '@moneta/shared/receipt-schemas';
import {
  RECURRING_MAX_START_DATE,
  RECURRING_MESSAGES,
  RECURRING_MIN_START_DATE,
} from '@moneta/shared/recurring-schemas';
import { MAX_RULE_VALUE_LENGTH, RULE_MESSAGES } from '@moneta/shared/rule-schemas';
import { MAX_TAG_LENGTH, MAX_TAGS, TAG_MESSAGES } from '@moneta/shared/tag-schemas';
import {
  AMOUNT_DECIMALS_MESSAGE,
  MAX_SPLIT_PARTS,
  MIN_SPLIT_PARTS,
  TRANSACTION_MESSAGES,
} from '@moneta/shared/transaction-schemas';

/** A value said inside a message: numbers are written in the user's format, dates as dates. */
export type MessageParam = number | string | { date: string };
export type MessageParams = Readonly<Record<string, MessageParam>>;

/** A message of the shared schemas: its key in the `validation` namespace and its values. */
export interface SchemaMessage {
  key: string;
  params?: MessageParams;
}

/**
 * The English messages the shared zod schemas give the fields of the web's forms, each with its
 * key (docs/i18n.md, "Form messages"). The schemas keep their English: the server sends the same
 * words to every client, and the product fixes them (docs/architecture.md, Product rules). A text
 * used by several schemas ("Please select a category.") has one key. `field-message.test.ts`
 * checks that each key's English, with its values, is the schema's text to the letter, so a
 * reworded rule fails until it is translated again; a message not listed is said by its kind of
 * problem instead (field-message.ts).
 */
export const SCHEMA_MESSAGES: ReadonlyMap<string, SchemaMessage> = new Map<string, SchemaMessage>([
  // Said by several schemas.
  [TRANSACTION_MESSAGES.categoryRequired, { key: 'category.required' }],
  [
    `Category must be at most ${MAX_CATEGORY_LENGTH} characters long.`,
    { key: 'category.tooLong', params: { maximum: MAX_CATEGORY_LENGTH } },
  ],
  [
    `Note must be at most ${MAX_NOTE_LENGTH} characters long.`,
    { key: 'note.tooLong', params: { maximum: MAX_NOTE_LENGTH } },
  ],
  [TRANSACTION_MESSAGES.dateInvalid, { key: 'date.invalid' }],
  [ACCOUNT_MESSAGES.transferAmountInvalid, { key: 'amount.aboveZero' }],
  [AMOUNT_DECIMALS_MESSAGE, { key: 'amount.decimals', params: { digits: STORED_DECIMALS } }],

  [ACCOUNT_MESSAGES.nameRequired, { key: 'account.nameRequired' }],
  [
    ACCOUNT_MESSAGES.nameTooLong,
    { key: 'account.nameTooLong', params: { maximum: MAX_ACCOUNT_NAME_LENGTH } },
  ],
  [ACCOUNT_MESSAGES.typeInvalid, { key: 'account.typeInvalid' }],
  [ACCOUNT_MESSAGES.openingBalanceInvalid, { key: 'account.openingBalanceInvalid' }],
  [ACCOUNT_MESSAGES.sameAccount, { key: 'account.sameAccount' }],
  [
    ACCOUNT_MESSAGES.identifierInvalid,
    { key: 'account.identifierInvalid', params: { maximum: MAX_ACCOUNT_IDENTIFIER_LENGTH } },
  ],
  [
    ACCOUNT_MESSAGES.identifiersTooMany,
    { key: 'account.identifiersTooMany', params: { maximum: MAX_ACCOUNT_IDENTIFIERS } },
  ],
  [ACCOUNT_MESSAGES.identifiersRepeated, { key: 'account.identifiersRepeated' }],

  [TRANSACTION_MESSAGES.nameRequired, { key: 'transaction.nameRequired' }],
  [TRANSACTION_MESSAGES.costInvalid, { key: 'transaction.costInvalid' }],
  [
    TRANSACTION_MESSAGES.costDecimals,
    { key: 'transaction.costDecimals', params: { digits: STORED_DECIMALS } },
  ],
  [TRANSACTION_MESSAGES.baseCostInvalid, { key: 'transaction.baseCostInvalid' }],
  [
    TRANSACTION_MESSAGES.splitCount,
    {
      key: 'transaction.splitCount',
      params: { minimum: MIN_SPLIT_PARTS, maximum: MAX_SPLIT_PARTS },
    },
  ],
  [TRANSACTION_MESSAGES.splitPartAmount, { key: 'transaction.splitPartAmount' }],
  [TRANSACTION_MESSAGES.splitSum, { key: 'transaction.splitSum' }],

  [TAG_MESSAGES.length, { key: 'tag.length', params: { maximum: MAX_TAG_LENGTH } }],
  [TAG_MESSAGES.tooMany, { key: 'tag.tooMany', params: { maximum: MAX_TAGS } }],
  [TAG_MESSAGES.duplicate, { key: 'tag.duplicate' }],

  [RECURRING_MESSAGES.nameRequired, { key: 'recurring.nameRequired' }],
  [
    RECURRING_MESSAGES.nameTooLong,
    { key: 'recurring.nameTooLong', params: { maximum: MAX_NAME_LENGTH } },
  ],
  [RECURRING_MESSAGES.frequencyInvalid, { key: 'recurring.frequencyInvalid' }],
  [
    RECURRING_MESSAGES.startDateOutOfRange,
    {
      key: 'recurring.startDateOutOfRange',
      params: { from: { date: RECURRING_MIN_START_DATE }, to: { date: RECURRING_MAX_START_DATE } },
    },
  ],
  [RECURRING_MESSAGES.intervalInvalid, { key: 'recurring.intervalInvalid' }],
  [RECURRING_MESSAGES.endBeforeStart, { key: 'recurring.endBeforeStart' }],

  [RECEIPT_MESSAGES.merchantRequired, { key: 'receipt.merchantRequired' }],
  // The upload form's own checks (UploadReceiptPage), the same rules the server says.
  [RECEIPT_MESSAGES.noFile, { key: 'receipt.noFile' }],
  [RECEIPT_MESSAGES.wrongType, { key: 'receipt.wrongType' }],
  [RECEIPT_MESSAGES.uploadFailed, { key: 'receipt.uploadFailed' }],

  [RULE_MESSAGES.valueRequired, { key: 'rule.valueRequired' }],
  [
    RULE_MESSAGES.valueTooLong,
    { key: 'rule.valueTooLong', params: { maximum: MAX_RULE_VALUE_LENGTH } },
  ],
  [RULE_MESSAGES.valueWithoutLetters, { key: 'rule.valueWithoutLetters' }],
  [
    RULE_MESSAGES.renameTooLong,
    { key: 'rule.renameTooLong', params: { maximum: MAX_NAME_LENGTH } },
  ],

  [BUDGET_MESSAGES.amountInvalid, { key: 'budget.amountInvalid' }],
  [BUDGET_MESSAGES.monthInvalid, { key: 'budget.monthInvalid' }],
  // Years are written as years (2000, not 2.000).
  [
    BUDGET_MESSAGES.yearInvalid,
    {
      key: 'budget.yearInvalid',
      params: { minimum: String(BUDGET_MIN_YEAR), maximum: String(BUDGET_MAX_YEAR) },
    },
  ],

  [GOAL_MESSAGES.nameRequired, { key: 'goal.nameRequired' }],
  [GOAL_MESSAGES.nameTooLong, { key: 'goal.nameTooLong', params: { maximum: MAX_NAME_LENGTH } }],
  [GOAL_MESSAGES.targetInvalid, { key: 'goal.targetInvalid' }],
  [GOAL_MESSAGES.savedInvalid, { key: 'goal.savedInvalid' }],
  [GOAL_MESSAGES.targetDatePast, { key: 'goal.targetDatePast' }],
]);
