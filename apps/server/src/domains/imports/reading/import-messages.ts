import type {
  ImportAmountField,
  ImportMappingReasonCode,
  ImportMappingReasons,
  ImportMessageParams,
  ImportRowProblemCode,
} from '@moneta/shared';

/**
 * The English sentences of an import, one template per code (`{{name}}` is a value, as in the
 * web's messages). Readers write a row's problem and the detector its reasons only through
 * these templates, so that every sentence has a code the web can say in the user's language
 * while the English, which the original client shows as it is, stays what it was.
 */
const ROW_PROBLEMS: Record<ImportRowProblemCode, string> = {
  dateColumnEmpty: 'Row {{row}}: the date (column {{column}}) is empty.',
  dateInvalidFormat: 'Row {{row}}: the date {{value}} is not a valid {{format}} date.',
  dateInvalid: 'Row {{row}}: the date {{value}} is not a valid date.',
  dateMissingCamt: 'Row {{row}}: the booking date (BookgDt) is missing.',
  dateMissingOfx: 'Row {{row}}: the date (DTPOSTED) is missing.',
  dateInvalidOfx: 'Row {{row}}: the date {{value}} is not a valid OFX date (YYYYMMDD).',
  dateMissingQif: 'Row {{row}}: the date (D line) is missing.',
  directionInvalidCamt:
    'Row {{row}}: the credit/debit indicator (CdtDbtInd) {{value}} is neither CRDT nor DBIT.',
  pending: 'Row {{row}}: the entry is pending (not booked yet).',
  cutShort:
    'Row {{row}}: the file ends inside this transaction (it was cut short): download it again.',
  amountEmpty: 'Row {{row}}: {{field}} is empty.',
  amountDecimals: 'Row {{row}}: {{field}} {{value}} has more than two decimals.',
  amountTooLarge: 'Row {{row}}: {{field}} {{value}} is too large.',
  amountNotNumber: 'Row {{row}}: {{field}} {{value}} is not a number.',
  debitCreditEmpty: 'Row {{row}}: both the debit and the credit column are empty.',
  debitAndCredit: 'Row {{row}}: it has both a debit ({{debit}}) and a credit ({{credit}}).',
  outflowInflowEmpty: 'Row {{row}}: the outflow and the inflow are empty.',
  transactionTypeInvalid:
    'Row {{row}}: the Transaction Type {{value}} is neither debit nor credit.',
  amountZero: 'Row {{row}}: the amount is 0.',
  nameMissing: 'Row {{row}}: there is no name or description.',
};

/** The amount an amount problem names (`{{field}}`). */
const AMOUNT_FIELDS: Record<ImportAmountField, string> = {
  amount: 'the amount',
  amountColumn: 'the amount (column {{column}})',
  debitColumn: 'the debit (column {{column}})',
  creditColumn: 'the credit (column {{column}})',
  amountCamt: 'the amount (Amt)',
  amountOfx: 'the amount (TRNAMT)',
  amountQif: 'the amount (T line)',
  outflow: 'the outflow',
  inflow: 'the inflow',
};

const MAPPING_REASONS: Record<ImportMappingReasonCode, string> = {
  dateTitled: 'Every value is a date, and the title says so.',
  dateValues: 'Every value is a date.',
  dateGuess: 'No column holds only dates: a guess, check it.',
  debitTitled: 'Numbers only, and the title says money out.',
  creditTitled: 'Numbers only, and the title says money in.',
  amountTitled: 'Numbers, {{part}} of {{whole}} not zero, and the title says amount.',
  debitComplement: 'Numbers, never in the same row as {{column}}: the first is money out.',
  creditComplement: 'Numbers, never in the same row as {{column}}: the second is money in.',
  amountSigned: 'Numbers, some below zero: a signed amount.',
  amountFirstNumbers: 'The first column of numbers that are mostly not zero.',
  amountGuess: 'No column holds amounts: a guess, check it.',
  zeroAmountPassedOver: '{{column}} was passed over: its values are zero.',
  directionMarkers: 'It says which way the money went on each row ({{markers}}).',
  categoryTitled: 'The title says category.',
  nameVaries: 'Text that varies from row to row ({{part}} of {{whole}} different).',
  nameVariesTitled:
    'Text that varies from row to row ({{part}} of {{whole}} different), and the title says payee or description.',
  nameGuess: 'No column is filled in on most rows with varied text: a guess, check it.',
  namePassedOverEmpty: '{{column}} was passed over: it is empty.',
  namePassedOverDates: '{{column}} was passed over: it holds dates.',
  namePassedOverNumbers: '{{column}} was passed over: it holds numbers.',
  namePassedOverSparse: '{{column}} was passed over: it is empty in {{part}} of {{whole}} rows.',
  namePassedOverConstant: '{{column}} was passed over: it holds the same text on every row.',
  noteTitled: 'The title says note, purpose or reference.',
  counterpartyTitled:
    "The title says the other party's account (IBAN): a row naming one of your accounts is a transfer.",
  invertSignUnmarked:
    'Only money in is marked in {{column}}: the unmarked rows are read as expenses.',
  invertSignCardColumn:
    'A card statement ({{column}} column, {{part}} of {{whole}} amounts are positive): charges are read as expenses.',
  invertSignCard:
    'A card statement ({{part}} of {{whole}} amounts are positive, and the negative ones are payments or credits): charges are read as expenses.',
  invertSignCardAccount:
    'The file goes into a credit card account and {{part}} of {{whole}} amounts are positive: charges are read as expenses.',
  remembered: 'You chose this column for files with these columns before.',
  rememberedInvertSign: 'You inverted the signs of files with these columns before.',
};

export interface ImportMessage<Code extends string> {
  code: Code;
  params: ImportMessageParams;
}

/** A detector's reason for each role it set, sentence by sentence. */
export type MappingReasonCodes = Partial<
  Record<keyof ImportMappingReasons, ImportMessage<ImportMappingReasonCode>[]>
>;

const fill = (template: string, params: ImportMessageParams) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** A row's problem in English; an amount problem's `field` is one of AMOUNT_FIELDS. */
export function rowProblem(code: ImportRowProblemCode, params: ImportMessageParams): string {
  const field =
    params.field === undefined ? undefined : AMOUNT_FIELDS[params.field as ImportAmountField];
  return fill(
    ROW_PROBLEMS[code],
    field === undefined ? params : { ...params, field: fill(field, params) },
  );
}

/** The detector's reasons in English: a role's sentences one after the other. */
export function mappingReasonsInEnglish(said: MappingReasonCodes): ImportMappingReasons {
  const reasons: ImportMappingReasons = {};
  for (const [role, sentences] of Object.entries(said) as [
    keyof ImportMappingReasons,
    ImportMessage<ImportMappingReasonCode>[],
  ][]) {
    reasons[role] = sentences
      .map(({ code, params }) => fill(MAPPING_REASONS[code], params))
      .join(' ');
  }
  return reasons;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A template's pattern source: `value` gives each value's pattern, captured when `names` is
 * given (it collects their names in order).
 */
function sourceOf(template: string, value: (name: string) => string, names?: string[]) {
  return template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names?.push(name);
      return `${names ? '(' : '(?:'}${value(name)})`;
    })
    .join('');
}

/**
 * A template as a pattern that reads its values back: the row is a number, a field one of the
 * amount fields, a value a quoted cell (`quoted`), every other value any text (a cell may hold
 * anything; the sentence's fixed words around it decide).
 */
function patternOf(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = sourceOf(
    template,
    (name) =>
      name === 'row'
        ? '\\d+'
        : name === 'field'
          ? Object.values(AMOUNT_FIELDS)
              .map((field) => sourceOf(field, () => '.*?'))
              .join('|')
          : name === 'value'
            ? '".*?"'
            : '.*?',
    names,
  );
  return { pattern: new RegExp(`^${source}$`, 's'), names };
}

const readerOf = <Code extends string>(templates: Record<Code, string>) => {
  const patterns = (Object.entries(templates) as [Code, string][]).map(([code, template]) => ({
    code,
    ...patternOf(template),
  }));
  return (text: string): ImportMessage<Code>[] =>
    patterns.flatMap(({ code, pattern, names }) => {
      const match = pattern.exec(text);
      if (!match) return [];
      const params: ImportMessageParams = {};
      names.forEach((name, index) => {
        const value = match[index + 1]!;
        params[name] = name === 'row' ? Number(value) : value;
      });
      return [{ code, params }];
    });
};

const readProblem = readerOf(ROW_PROBLEMS);
const readField = readerOf(AMOUNT_FIELDS);

/**
 * The code and values of a stored problem sentence. The sentence is what the database keeps
 * (import_rows.problem), so reading it back gives rows staged before codes existed theirs too,
 * without a column of its own. Null for a sentence no template writes.
 */
export function problemCodeOf(text: string): ImportMessage<ImportRowProblemCode> | null {
  for (const candidate of readProblem(text)) {
    const field = candidate.params.field;
    if (field === undefined) return candidate;
    const [named] = readField(String(field));
    if (named)
      return {
        code: candidate.code,
        params: { ...candidate.params, ...named.params, field: named.code },
      };
  }
  return null;
}
