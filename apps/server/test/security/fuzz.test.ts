import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, renderReceipt } from '../support/receipt-files';
import {
  createTestApp,
  signUp,
  TEST_CONFIG,
  type SignedUpUser,
  type TestContext,
} from '../test-app';
import { BAD_BODY_VALUES, BAD_IDS, BAD_QUERY_VALUES } from './bad-values';
import { snapshotDatabase, type DatabaseSnapshot } from './database-snapshot';
import { bodyWith, catalogueCases, makeCase, type FuzzCase } from './fuzz-cases';
import { buildPlans, type OperationPlan } from './fuzz-plan';
import { listOperations, operationKey, type Operation } from './openapi-operations';
import { reportFigure } from './report';
import { fixedReceiptReader, seedUserData, type UserData } from './user-data';

/** Random cases on top of the catalogue; the catalogue already covers every field. */
const RANDOM_RUNS = 1000;

let context: TestContext;
let fuzzer: SignedUpUser;
let mine: UserData;
let theirs: UserData;
let operations: Operation[];
let plans: Record<string, OperationPlan>;
let receiptPng: Buffer;
let current: DatabaseSnapshot;
const statusCounts = new Map<number, number>();
let casesRun = 0;

beforeAll(async () => {
  // Limits high enough that the fuzz reaches validation instead of the throttle (tested apart).
  context = await createTestApp({
    receiptReader: fixedReceiptReader(),
    config: { ...TEST_CONFIG, LOGIN_RATE_LIMIT: 1_000_000, SIGNUP_RATE_LIMIT: 1_000_000 },
  });
  fuzzer = await signUp(context.app, { setup: true });
  const victim = await signUp(context.app, { setup: true });
  mine = await seedUserData(context.app, fuzzer, 'mine');
  theirs = await seedUserData(context.app, victim, 'theirs');
  operations = await listOperations(context.app);
  receiptPng = await renderReceipt(['FUZZ MART', 'TOTAL 1.00']);
  plans = buildPlans(fuzzer, mine, theirs, receiptPng);
  current = await snapshotDatabase(context.database.pool);
}, 60_000);
afterAll(async () => {
  await context?.close();
});

const planFor = (operation: Operation): OperationPlan => {
  const plan = plans[operationKey(operation)];
  if (!plan) throw new Error(`no fuzz plan for ${operationKey(operation)}`);
  return plan;
};

/** What an internal error looks like when it leaks: a stack, SQL, driver or file names. */
const INTERNALS = /node_modules|\n\s+at |\bpg_|relation "|syntax error at|drizzle|ECONN|\.ts:\d+/i;

/**
 * Sends one case and checks the server held: never a 5xx; a 4xx carries a JSON `message`; a
 * rejected request (and any GET) leaves every table exactly as it was. Returns the problem.
 */
async function runCase(fuzzCase: FuzzCase, plan: OperationPlan): Promise<string | undefined> {
  let authorization: string | undefined;
  if (plan.needsFreshUser) {
    authorization = (await signUp(context.app)).headers.authorization;
    current = await snapshotDatabase(context.database.pool);
  } else if (!plan.isPublic) {
    authorization = fuzzer.headers.authorization;
  }
  const response = await context.app.inject({
    method: fuzzCase.method as 'GET',
    url: fuzzCase.url,
    headers: { ...fuzzCase.headers, ...(authorization ? { authorization } : {}) },
    ...(fuzzCase.payload !== undefined ? { payload: fuzzCase.payload } : {}),
  });
  casesRun += 1;
  statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);
  const before = current;
  current = await snapshotDatabase(context.database.pool);

  const where = `${fuzzCase.operation} [${fuzzCase.label}]`;
  const status = response.statusCode;
  const got = `${status} ${response.body.slice(0, 200)}`;
  if (status >= 500) return `${where}: server error ${got}`;
  if (fuzzCase.expectStatus && !fuzzCase.expectStatus.includes(status)) {
    return `${where}: expected ${fuzzCase.expectStatus.join('/')}, got ${got}`;
  }
  if (fuzzCase.mustReject && status < 400) return `${where}: accepted ${got}`;
  if (status >= 400) {
    let message: unknown;
    try {
      message = response.json<{ message?: unknown }>().message;
    } catch {
      return `${where}: error reply is not JSON: ${got}`;
    }
    if (typeof message !== 'string' || message === '') return `${where}: no message: ${got}`;
    if (INTERNALS.test(response.body)) return `${where}: internals in the reply: ${got}`;
  }
  if (
    (status >= 400 || fuzzCase.method === 'GET') &&
    JSON.stringify(before) !== JSON.stringify(current)
  ) {
    const changed = Object.keys(current).filter(
      (table) => JSON.stringify(before[table]) !== JSON.stringify(current[table]),
    );
    return `${where}: the database changed on a ${status} (${changed.join(', ')})`;
  }
  return undefined;
}

/** The plan's upload as a multipart body. */
function uploadBody(upload: NonNullable<OperationPlan['upload']>, fileName = upload.fileName) {
  return multipartFile(upload.field, fileName, upload.contentType, upload.bytes);
}

/** Multipart bodies that are broken in every way a client can break them. */
function multipartCases(operation: Operation, plan: OperationPlan): FuzzCase[] {
  const upload = plan.upload!;
  const good = uploadBody(upload);
  const boundary = good.headers['content-type'].split('boundary=')[1]!;
  const text = good.payload.toString('latin1');
  const variants: Array<[string, string | Buffer, string]> = [
    ['no boundary parameter', good.payload, 'multipart/form-data'],
    ['another boundary', good.payload, 'multipart/form-data; boundary=other'],
    ['empty boundary', good.payload, 'multipart/form-data; boundary='],
    [
      'truncated body',
      good.payload.subarray(0, Math.floor(good.payload.length / 2)),
      good.headers['content-type'],
    ],
    [
      'no closing boundary',
      Buffer.from(text.replace(`--${boundary}--`, ''), 'latin1'),
      good.headers['content-type'],
    ],
    ['only the closing boundary', `--${boundary}--\r\n`, good.headers['content-type']],
    [
      'part without headers',
      `--${boundary}\r\n\r\nabc\r\n--${boundary}--\r\n`,
      good.headers['content-type'],
    ],
    [
      'a text field, no file',
      `--${boundary}\r\nContent-Disposition: form-data; name="${upload.field}"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      good.headers['content-type'],
    ],
    [
      'two files',
      Buffer.concat(
        [
          good.payload.subarray(0, good.payload.length - `--${boundary}--\r\n`.length),
          uploadBody(upload, `b-${upload.fileName}`)
            .payload.toString('latin1')
            .replaceAll(/----moneta[0-9a-f]+/g, boundary),
        ].map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part)),
      ),
      good.headers['content-type'],
    ],
    ['garbage', Buffer.from('\u0000\u00ff'.repeat(1000), 'latin1'), good.headers['content-type']],
    [
      '11 fields (over the limit)',
      Array.from(
        { length: 11 },
        (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
      ).join('') + `--${boundary}--\r\n`,
      good.headers['content-type'],
    ],
  ];
  // Two files: the first is read and the second ignored or refused (the limit is one file).
  return variants.map(([label, body, contentType]) =>
    makeCase(
      operation,
      plan,
      `multipart: ${label}`,
      { body, contentType },
      {
        mustReject: label !== 'two files',
      },
    ),
  );
}

describe('fuzzing every operation of the OpenAPI description', () => {
  it('has a plan for every operation, and each baseline request gets its expected status', async () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(Object.keys(plans).sort()).toEqual(operations.map(operationKey).sort());
    for (const operation of operations) {
      const plan = planFor(operation);
      const baseline = makeCase(
        operation,
        plan,
        'baseline',
        {},
        { mustReject: false, expectStatus: plan.expect },
      );
      if (plan.upload) {
        const { payload, headers } = uploadBody(plan.upload);
        baseline.payload = payload;
        baseline.headers = headers;
      }
      expect(await runCase(baseline, plan)).toBeUndefined();
    }
  });

  it('answers every catalogue attack with a 4xx and a message, and changes nothing when it refuses', async () => {
    const foreignIds = [
      theirs.expenseId,
      theirs.incomeId,
      theirs.budgetId,
      theirs.recurringId,
      theirs.receiptId,
      theirs.receiptTransactionId,
      theirs.importId,
      theirs.ruleId,
      theirs.accountId,
    ];
    const failures: string[] = [];
    let count = 0;
    for (const operation of operations) {
      const plan = planFor(operation);
      const cases = [
        ...catalogueCases(operation, plan, foreignIds),
        ...(plan.upload ? multipartCases(operation, plan) : []),
      ];
      for (const fuzzCase of cases) {
        count += 1;
        const problem = await runCase(fuzzCase, plan);
        if (problem) failures.push(problem);
      }
    }
    reportFigure(`fuzz catalogue: ${count} cases over ${operations.length} operations`);
    expect(failures).toEqual([]);
  }, 600_000);

  it('holds under random values in random places (fast-check)', async () => {
    const fuzzable = operations.filter((operation) => !planFor(operation).needsFreshUser);
    const catalogue = [...BAD_BODY_VALUES.map((bad) => bad.value)];
    const randomValue = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
      fc.string({ unit: 'binary', maxLength: 300 }).map((value) => JSON.stringify(value)),
      fc.double().map((value) => String(value)),
      fc.bigInt().map((value) => String(value)),
      fc.constantFrom(...catalogue),
    );
    const randomText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.double().map(String),
      fc.constantFrom(
        ...BAD_QUERY_VALUES.map((bad) => bad.value),
        ...BAD_IDS.map((bad) => bad.value),
      ),
    );
    const arbitraryCase = fc
      .record({
        operation: fc.constantFrom(...fuzzable),
        where: fc.constantFrom('body field', 'whole body', 'query', 'path'),
        pick: fc.nat(),
        value: randomValue,
        text: randomText,
      })
      .map(({ operation, where, pick, value, text }): [FuzzCase, OperationPlan] => {
        const plan = planFor(operation);
        const choose = (names: string[]) => names[pick % names.length];
        const field = choose(operation.bodyFields);
        const query = choose(operation.queryParams);
        const param = choose(operation.pathParams);
        const label = `${where} ${field ?? query ?? param ?? ''} = ${value.slice(0, 60)} / ${JSON.stringify(text.slice(0, 60))}`;
        if (where === 'body field' && field) {
          return [
            makeCase(
              operation,
              plan,
              label,
              { body: bodyWith(plan, field, value) },
              { mustReject: false },
            ),
            plan,
          ];
        }
        if (where === 'query' && query) {
          return [
            makeCase(operation, plan, label, { query: { [query]: text } }, { mustReject: false }),
            plan,
          ];
        }
        if (where === 'path' && param) {
          // Any text but the real id: never a 2xx.
          return [
            makeCase(
              operation,
              plan,
              label,
              { pathParams: { [param]: `x${text}` } },
              { mustReject: true },
            ),
            plan,
          ];
        }
        return [makeCase(operation, plan, label, { body: value }, { mustReject: false }), plan];
      });

    // fast-check prints counterexamples; a label is readable where a 400 kB body is not.
    const printable = arbitraryCase.map(([fuzzCase, plan]) => {
      const shown = [fuzzCase, plan] as [FuzzCase, OperationPlan];
      Object.defineProperty(shown, fc.toStringMethod, {
        value: () => `${fuzzCase.operation} [${fuzzCase.label}] ${fuzzCase.url.slice(0, 200)}`,
      });
      return shown;
    });
    await fc.assert(
      fc.asyncProperty(printable, async ([fuzzCase, plan]) => {
        const problem = await runCase(fuzzCase, plan);
        if (problem) throw new Error(problem);
      }),
      { numRuns: RANDOM_RUNS },
    );
    reportFigure(`fuzz random: ${RANDOM_RUNS} cases`);
  }, 600_000);

  it('still answers every read for the fuzzing user, and no prototype was polluted', async () => {
    for (const operation of operations.filter((op) => op.method === 'GET')) {
      const plan = planFor(operation);
      const response = await context.app.inject({
        method: 'GET',
        url: makeCase(operation, plan, 'read', {}, { mustReject: false }).url,
        headers: plan.isPublic ? {} : fuzzer.headers,
      });
      expect(response.statusCode, `${operationKey(operation)} ${response.body.slice(0, 200)}`).toBe(
        200,
      );
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    reportFigure(
      `fuzz total: ${casesRun} requests; statuses ${JSON.stringify(Object.fromEntries([...statusCounts].sort()))}`,
    );
  });
});
