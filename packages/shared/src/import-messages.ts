/**
 * The stable codes of an import's sentences: a preview row's problem and the column
 * detector's reasons. The server keeps sending each sentence in English (`problem`,
 * `mappingReasons`, the original client shows them as they are) and adds its code and the values
 * in it, so that the web says it in the user's language (namespace `imports`).
 */

/** Why a row cannot be imported. */
export const IMPORT_ROW_PROBLEM_CODES = [
  'dateColumnEmpty',
  'dateInvalidFormat',
  'dateInvalid',
  'dateMissingCamt',
  'dateMissingOfx',
  'dateInvalidOfx',
  'dateMissingQif',
  'directionInvalidCamt',
  'pending',
  'cutShort',
  'amountEmpty',
  'amountDecimals',
  'amountTooLarge',
  'amountNotNumber',
  'debitCreditEmpty',
  'debitAndCredit',
  'outflowInflowEmpty',
  'transactionTypeInvalid',
  'amountZero',
  'nameMissing',
] as const;
export type ImportRowProblemCode = (typeof IMPORT_ROW_PROBLEM_CODES)[number];

/** Which amount an amount problem is about (`field` of its params). */
export const IMPORT_AMOUNT_FIELDS = [
  'amount',
  'amountColumn',
  'debitColumn',
  'creditColumn',
  'amountCamt',
  'amountOfx',
  'amountQif',
  'outflow',
  'inflow',
] as const;
export type ImportAmountField = (typeof IMPORT_AMOUNT_FIELDS)[number];

/** One sentence of the column detector's reason for a role. */
export const IMPORT_MAPPING_REASON_CODES = [
  'dateTitled',
  'dateValues',
  'dateGuess',
  'debitTitled',
  'creditTitled',
  'amountTitled',
  'debitComplement',
  'creditComplement',
  'amountSigned',
  'amountFirstNumbers',
  'amountGuess',
  'zeroAmountPassedOver',
  'directionMarkers',
  'categoryTitled',
  'nameVaries',
  'nameVariesTitled',
  'nameGuess',
  'namePassedOverEmpty',
  'namePassedOverDates',
  'namePassedOverNumbers',
  'namePassedOverSparse',
  'namePassedOverConstant',
  'noteTitled',
  'counterpartyTitled',
  'invertSignUnmarked',
  'invertSignCardColumn',
  'invertSignCard',
  'invertSignCardAccount',
  'remembered',
  'rememberedInvertSign',
] as const;
export type ImportMappingReasonCode = (typeof IMPORT_MAPPING_REASON_CODES)[number];

/** The values a sentence names: a row number, a column's title in quotes, a cell, a count. */
export type ImportMessageParams = Record<string, string | number>;
