// An import's row problems and the column detector's reasons come with a stable code and the
// values they name, beside the English sentence the original client shows as it is, so that the
// web can say them in the user's language.
import {
  IMPORT_AMOUNT_FIELDS,
  IMPORT_ROW_PROBLEM_CODES,
  type Import,
  type ImportRow,
} from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemCodeOf, rowProblem } from '../../../src/domains/imports/reading/import-messages';
import { uploadImport } from '../../support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
let user: SignedUpUser;
beforeAll(async () => {
  context = await createTestApp();
  user = await signUp(context.app, { setup: true });
});
afterAll(async () => {
  await context.close();
});

async function upload(fileName: string, text: string): Promise<Import> {
  const response = await uploadImport(context.app, user, fileName, Buffer.from(text));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Import>();
}

const problemOf = (row: ImportRow | undefined) => ({
  problem: row?.problem,
  problemCode: row?.problemCode,
  problemParams: row?.problemParams,
});

describe('row problems through HTTP', () => {
  it('sends each CSV problem with its code and values, and the English sentence unchanged', async () => {
    const csv = [
      'Date,Description,Amount',
      '2026-03-01,Coffee,-4.50',
      'yesterday,Lunch,-12.00',
      '2026-03-03,Books,',
      '2026-03-04,Rent,12.345',
      '2026-03-05,,-3.00',
      '2026-03-06,Nothing,0',
      '2026-03-07,Cinema,abc',
    ].join('\n');
    const imported = await upload('codes.csv', csv);
    const rows = imported.preview;
    expect(problemOf(rows[0])).toEqual({ problem: null, problemCode: null, problemParams: null });
    expect(problemOf(rows[1])).toEqual({
      problem: 'Row 2: the date "yesterday" is not a valid YYYY-MM-DD date.',
      problemCode: 'dateInvalidFormat',
      problemParams: { row: 2, value: '"yesterday"', format: 'YYYY-MM-DD' },
    });
    expect(problemOf(rows[2])).toEqual({
      problem: 'Row 3: the amount (column "Amount") is empty.',
      problemCode: 'amountEmpty',
      problemParams: { row: 3, field: 'amountColumn', column: '"Amount"' },
    });
    expect(problemOf(rows[3])).toEqual({
      problem: 'Row 4: the amount (column "Amount") "12.345" has more than two decimals.',
      problemCode: 'amountDecimals',
      problemParams: { row: 4, field: 'amountColumn', column: '"Amount"', value: '"12.345"' },
    });
    expect(problemOf(rows[4])).toEqual({
      problem: 'Row 5: there is no name or description.',
      problemCode: 'nameMissing',
      problemParams: { row: 5 },
    });
    expect(problemOf(rows[5])).toEqual({
      problem: 'Row 6: the amount is 0.',
      problemCode: 'amountZero',
      problemParams: { row: 6 },
    });
    expect(problemOf(rows[6])).toEqual({
      problem: 'Row 7: the amount (column "Amount") "abc" is not a number.',
      problemCode: 'amountNotNumber',
      problemParams: { row: 7, field: 'amountColumn', column: '"Amount"', value: '"abc"' },
    });

    // The rows page says the same as the preview.
    const page = await context.app.inject({
      method: 'GET',
      url: `/api/imports/${imported._id}/rows?status=problem`,
      headers: user.headers,
    });
    expect(page.statusCode, page.body).toBe(200);
    const problems = page.json<{ rows: ImportRow[] }>().rows;
    expect(problems.map((row) => row.problemCode)).toEqual([
      'dateInvalidFormat',
      'amountEmpty',
      'amountDecimals',
      'nameMissing',
      'amountZero',
      'amountNotNumber',
    ]);
  });

  it('sends the codes of an OFX row, and another user gets 404 for the import', async () => {
    const ofx = [
      'OFXHEADER:100',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260301<TRNAMT>-5.00<FITID>1<NAME>Tea</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<TRNAMT>-6.00<FITID>2<NAME>Cake</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260399<TRNAMT>-7.00<FITID>3<NAME>Pie</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    const imported = await upload('codes.ofx', ofx);
    expect(imported.preview.map(problemOf)).toEqual([
      { problem: null, problemCode: null, problemParams: null },
      {
        problem: 'Row 2: the date (DTPOSTED) is missing.',
        problemCode: 'dateMissingOfx',
        problemParams: { row: 2 },
      },
      {
        problem: 'Row 3: the date "20260399" is not a valid OFX date (YYYYMMDD).',
        problemCode: 'dateInvalidOfx',
        problemParams: { row: 3, value: '"20260399"' },
      },
    ]);
    const stranger = await signUp(context.app, { setup: true });
    const foreign = await context.app.inject({
      method: 'GET',
      url: `/api/imports/${imported._id}`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('detector reasons through HTTP', () => {
  it('sends each role its sentences as codes, which make up the English reason word for word', async () => {
    const csv = [
      'Booking date,Payee,Amount,Account',
      '2026-03-01,Coffee Shop,-4.50,Main',
      '2026-03-02,Bakery,-3.20,Main',
      '2026-03-03,Salary,2500.00,Main',
      '2026-03-04,Rent,-900.00,Main',
    ].join('\n');
    const imported = await upload('reasons.csv', csv);
    expect(imported.mappingReasons).toMatchObject({
      date: 'Every value is a date, and the title says so.',
      amount: 'Numbers, 4 of 4 not zero, and the title says amount.',
      name: 'Text that varies from row to row (4 of 4 different), and the title says payee or description.',
    });
    expect(imported.mappingReasonCodes).toMatchObject({
      date: [{ code: 'dateTitled', params: {} }],
      amount: [{ code: 'amountTitled', params: { part: 4, whole: 4 } }],
      name: [{ code: 'nameVariesTitled', params: { part: 4, whole: 4 } }],
    });
    // Every role with a reason has its codes, and no role has codes without a reason.
    expect(Object.keys(imported.mappingReasonCodes ?? {}).sort()).toEqual(
      Object.keys(imported.mappingReasons ?? {}).sort(),
    );

    // A mapping the user chose has neither.
    const changed = await context.app.inject({
      method: 'PUT',
      url: `/api/imports/${imported._id}/mapping`,
      headers: user.headers,
      payload: { mapping: { ...imported.mapping!, note: 3 } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Import>()).not.toHaveProperty('mappingReasonCodes');
    expect(changed.json<Import>()).not.toHaveProperty('mappingReasons');

    // The next file with that header is told its mapping is remembered, in code too.
    const again = await upload('reasons-again.csv', csv);
    expect(again.mappingReasons?.date).toBe(
      'You chose this column for files with these columns before.',
    );
    expect(again.mappingReasonCodes?.date).toEqual([{ code: 'remembered', params: {} }]);
  });

  it('gives a passed-over column its own sentence after the role’s first', async () => {
    const csv = [
      'Date,Amount,Description,Memo',
      '2026-03-01,-4.50,,Coffee at the corner',
      '2026-03-02,-3.20,,Bread and rolls',
      '2026-03-03,2500.00,,Salary March',
      '2026-03-04,-900.00,Rent,Rent April',
    ].join('\n');
    const imported = await upload('passed-over.csv', csv);
    const sentences = imported.mappingReasonCodes?.name ?? [];
    expect(sentences.map((sentence) => sentence.code)).toEqual([
      'nameVaries',
      'namePassedOverSparse',
    ]);
    expect(sentences[1]!.params).toEqual({ column: '"Description"', part: 3, whole: 4 });
    expect(imported.mappingReasons?.name).toBe(
      'Text that varies from row to row (4 of 4 different). "Description" was passed over: it is empty in 3 of 4 rows.',
    );
  });
});

describe('problemCodeOf', () => {
  const sample = {
    row: 12,
    value: '"x: is not a y"',
    format: 'DD.MM.YYYY',
    column: '"Betrag"',
    debit: '1.00',
    credit: '2.00',
  };

  it('reads every template back to its code and values, whatever the quoted cell holds', () => {
    for (const code of IMPORT_ROW_PROBLEM_CODES) {
      const fields = code.startsWith('amount') && code !== 'amountZero' ? IMPORT_AMOUNT_FIELDS : [];
      for (const field of fields.length > 0 ? fields : [undefined]) {
        const params = { ...sample, ...(field ? { field } : {}) };
        const read = problemCodeOf(rowProblem(code, params));
        expect(read?.code, `${code} ${field ?? ''}`).toBe(code);
        // The values the sentence names come back; the others were never in it.
        for (const [name, value] of Object.entries(read!.params)) {
          expect(value, `${code} ${name}`).toBe(params[name as keyof typeof params]);
        }
      }
    }
  });

  it('gives null for a sentence no template writes', () => {
    expect(problemCodeOf('Row 3: something else went wrong.')).toBeNull();
    expect(problemCodeOf('Row 3: the amount (column 2) "1" is sideways.')).toBeNull();
  });
});
