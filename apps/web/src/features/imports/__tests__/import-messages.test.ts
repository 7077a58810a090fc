import {
  IMPORT_AMOUNT_FIELDS,
  IMPORT_MAPPING_REASON_CODES,
  IMPORT_ROW_PROBLEM_CODES,
} from '@moneta/shared/import-messages';
import type { ImportMappingReasonCodes, ImportRow } from '@moneta/shared/import-schemas';
import { LANGUAGES } from '@moneta/shared/locales';
import { describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '@/lib/i18n/i18n';
import { mappingReasonText, rowProblemText } from '../utils/import-messages';

type Problem = Pick<ImportRow, 'problem' | 'problemCode' | 'problemParams'>;

// As the server sends them (apps/server/test/domains/imports/imports-message-codes.test.ts).
const amountProblem: Problem = {
  problem: 'Row 4: the amount (column "Amount") "12.345" has more than two decimals.',
  problemCode: 'amountDecimals',
  problemParams: { row: 4, field: 'amountColumn', column: '"Amount"', value: '"12.345"' },
};
const dateProblem: Problem = {
  problem: 'Row 2: the date "yesterday" is not a valid YYYY-MM-DD date.',
  problemCode: 'dateInvalidFormat',
  problemParams: { row: 2, value: '"yesterday"', format: 'YYYY-MM-DD' },
};
const nameReasons = {
  name: 'Text that varies from row to row (4 of 4 different). "Description" was passed over: it is empty in 3 of 4 rows.',
};
const nameCodes: ImportMappingReasonCodes = {
  name: [
    { code: 'nameVaries', params: { part: 4, whole: 4 } },
    {
      code: 'namePassedOverSparse',
      params: { column: '"Description"', part: 3, whole: 4 },
    },
  ],
};

const t = () => i18n.t.bind(i18n);

describe('rowProblemText', () => {
  it('says in English exactly what the server says', () => {
    expect(rowProblemText(t(), amountProblem)).toBe(amountProblem.problem);
    expect(rowProblemText(t(), dateProblem)).toBe(dateProblem.problem);
  });

  it('says the problem, its field included, in German and Japanese', async () => {
    await changeLocale('de-DE');
    expect(rowProblemText(t(), amountProblem)).toBe(
      'Zeile 4: Der Betrag (Spalte "Amount") "12.345" hat mehr als zwei Nachkommastellen.',
    );
    expect(rowProblemText(t(), dateProblem)).toBe(
      'Zeile 2: Das Datum "yesterday" ist kein gültiges Datum im Format YYYY-MM-DD.',
    );
    await changeLocale('ja-JP');
    expect(rowProblemText(t(), amountProblem)).toBe(
      '4行目: 金額（"Amount"列） "12.345" の小数が2桁を超えています。',
    );
  });

  it('keeps the server’s English for a code or a field it does not know, and for no code', async () => {
    await changeLocale('fr-FR');
    const unknown = { ...dateProblem, problemCode: 'somethingNew' } as unknown as Problem;
    expect(rowProblemText(t(), unknown)).toBe(dateProblem.problem);
    const unknownField = {
      ...amountProblem,
      problemParams: { ...amountProblem.problemParams, field: 'somewhere' },
    };
    expect(rowProblemText(t(), unknownField)).toBe(amountProblem.problem);
    expect(rowProblemText(t(), { ...dateProblem, problemCode: undefined })).toBe(
      dateProblem.problem,
    );
    expect(rowProblemText(t(), { problem: null, problemCode: null, problemParams: null })).toBe(
      null,
    );
  });
});

describe('mappingReasonText', () => {
  it('says each sentence of a role, in order, and in English the server’s words', async () => {
    expect(mappingReasonText(t(), 'name', nameReasons, nameCodes)).toBe(nameReasons.name);
    await changeLocale('es-ES');
    expect(mappingReasonText(t(), 'name', nameReasons, nameCodes)).toBe(
      'Texto que cambia de una fila a otra (4 de 4 distintos). Se descartó "Description": está vacía en 3 de 4 filas.',
    );
  });

  it('keeps the whole English reason when one sentence is unknown, or there are no codes', async () => {
    await changeLocale('it-IT');
    const halfKnown = {
      name: [nameCodes.name![0]!, { code: 'newSentence', params: {} }],
    } as unknown as ImportMappingReasonCodes;
    expect(mappingReasonText(t(), 'name', nameReasons, halfKnown)).toBe(nameReasons.name);
    expect(mappingReasonText(t(), 'name', nameReasons, undefined)).toBe(nameReasons.name);
    expect(mappingReasonText(t(), 'date', nameReasons, nameCodes)).toBeUndefined();
  });
});

describe('the messages of every code', () => {
  it('exist in every language', async () => {
    for (const language of LANGUAGES) {
      await i18n.loadLanguages(language);
      const has = (key: string) =>
        i18n.exists(`imports:${key}`, { lng: language, fallbackLng: [] });
      const missing = [
        ...IMPORT_ROW_PROBLEM_CODES.map((code) => `rowProblems.${code}`),
        ...IMPORT_AMOUNT_FIELDS.map((field) => `amountFields.${field}`),
        ...IMPORT_MAPPING_REASON_CODES.map((code) => `mappingReasons.${code}`),
      ].filter((key) => !has(key));
      expect(missing, language).toEqual([]);
    }
  });
});
