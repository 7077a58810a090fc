import { ErrorCode } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, renderReceipt } from '../support/receipt-files';
import {
  createTestApp,
  signUp,
  TEST_CONFIG,
  type SignedUpUser,
  type TestContext,
} from '../test-app';
import { snapshotDatabase, type DatabaseSnapshot } from './database-snapshot';
import { catalogueCases, makeCase, type FuzzCase } from './fuzz-cases';
import { buildPlans, type OperationPlan } from './fuzz-plan';
import { injectStreamRoute } from './inject-stream';
import { listOperations, operationKey, type Operation } from './openapi-operations';
import { reportFigure } from './report';
import { fixedReceiptReader, seedUserData, type UserData } from './user-data';

/**
 * The fuzz test's harness: an app with its own database, a fuzzing user and a victim whose ids
 * the attacks borrow, the plan per OpenAPI operation, and the check around every request. The
 * fuzz runs as several test files (the catalogue in shards, the random cases apart) so that
 * Vitest can run them side by side; each file calls `useFuzzing()` once.
 */
export interface FuzzState {
  context: TestContext;
  fuzzer: SignedUpUser;
  mine: UserData;
  theirs: UserData;
  operations: Operation[];
  plans: Record<string, OperationPlan>;
  /** The database as the previous request left it. */
  current: DatabaseSnapshot;
  casesRun: number;
  statusCounts: Map<number, number>;
}

export interface Fuzzing {
  /** Filled in by the file's beforeAll. */
  readonly state: FuzzState;
  planFor(operation: Operation): OperationPlan;
  /** Sends one case; returns what went wrong, or undefined when the server held. */
  runCase(fuzzCase: FuzzCase, plan: OperationPlan): Promise<string | undefined>;
  /** The catalogue's attacks on one operation, multipart breakage included for uploads. */
  catalogueFor(operation: Operation): FuzzCase[];
  /** Every GET still answers 200 for the fuzzing user, and no prototype was polluted. */
  expectReadsStillAnswer(): Promise<void>;
}

export function useFuzzing(): Fuzzing {
  let state: FuzzState | undefined;
  const ready = (): FuzzState => {
    if (!state) throw new Error('useFuzzing: the beforeAll has not run');
    return state;
  };

  beforeAll(async () => {
    // Limits high enough that the fuzz reaches validation instead of the throttle (tested apart).
    const context = await createTestApp({
      receiptReader: fixedReceiptReader(),
      config: { ...TEST_CONFIG, LOGIN_RATE_LIMIT: 1_000_000, SIGNUP_RATE_LIMIT: 1_000_000 },
    });
    const fuzzer = await signUp(context.app, { setup: true });
    const victim = await signUp(context.app, { setup: true });
    const mine = await seedUserData(context.app, fuzzer, 'mine');
    const theirs = await seedUserData(context.app, victim, 'theirs');
    const operations = await listOperations(context.app);
    const receiptPng = await renderReceipt(['FUZZ MART', 'TOTAL 1.00']);
    state = {
      context,
      fuzzer,
      mine,
      theirs,
      operations,
      plans: buildPlans(fuzzer, mine, theirs, receiptPng),
      current: await snapshotDatabase(context.database.pool),
      casesRun: 0,
      statusCounts: new Map(),
    };
  }, 60_000);
  afterAll(async () => {
    await state?.context.close();
  });

  const planFor = (operation: Operation): OperationPlan => {
    const plan = ready().plans[operationKey(operation)];
    if (!plan) throw new Error(`no fuzz plan for ${operationKey(operation)}`);
    return plan;
  };

  return {
    get state() {
      return ready();
    },
    planFor,
    runCase: (fuzzCase, plan) => runCase(ready(), fuzzCase, plan),
    catalogueFor(operation) {
      const { theirs } = ready();
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
      const plan = planFor(operation);
      return [
        ...catalogueCases(operation, plan, foreignIds),
        ...(plan.upload ? multipartCases(operation, plan) : []),
      ];
    },
    async expectReadsStillAnswer() {
      const { context, fuzzer, operations, casesRun, statusCounts } = ready();
      for (const operation of operations.filter((op) => op.method === 'GET')) {
        const plan = planFor(operation);
        // A read whose baseline is refused by design (the bank's callback with a made-up
        // state, a bank list before any application is set) has nothing to answer.
        if (!plan.expect.includes(200)) continue;
        const read = {
          method: 'GET' as const,
          url: makeCase(operation, plan, 'read', {}, { mustReject: false }).url,
          headers: plan.isPublic ? {} : fuzzer.headers,
        };
        const response = plan.isStream
          ? await injectStreamRoute(context.app, read)
          : await context.app.inject(read);
        expect(
          response.statusCode,
          `${operationKey(operation)} ${response.body.slice(0, 200)}`,
        ).toBe(200);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      reportFigure(
        `fuzz requests: ${casesRun}; statuses ${JSON.stringify(Object.fromEntries([...statusCounts].sort()))}`,
      );
    },
  };
}

/** Shards of the catalogue: one test file each (fuzz-catalogue-N.test.ts), run side by side. */
export const CATALOGUE_SHARDS = 4;

/**
 * The catalogue's tests for shard `index` (0-based) of CATALOGUE_SHARDS: every attack on the
 * shard's operations gets a 4xx with a message and changes nothing, then every read still
 * answers. Call once per file, at the top level.
 */
export function describeCatalogueShard(index: number): void {
  const fuzzing = useFuzzing();
  const name = `shard ${index + 1} of ${CATALOGUE_SHARDS}`;
  describe(`fuzzing every operation of the OpenAPI description: the catalogue, ${name}`, () => {
    it('answers every catalogue attack with a 4xx and a message, and changes nothing when it refuses', async () => {
      const operations = catalogueShard(fuzzing, index, CATALOGUE_SHARDS);
      expect(operations.length).toBeGreaterThan(0);
      const failures: string[] = [];
      let count = 0;
      for (const operation of operations) {
        const plan = fuzzing.planFor(operation);
        for (const fuzzCase of fuzzing.catalogueFor(operation)) {
          count += 1;
          const problem = await fuzzing.runCase(fuzzCase, plan);
          if (problem) failures.push(problem);
        }
      }
      reportFigure(`fuzz catalogue, ${name}: ${count} cases over ${operations.length} operations`);
      expect(failures).toEqual([]);
    }, 600_000);

    it('still answers every read for the fuzzing user, and no prototype was polluted', async () => {
      await fuzzing.expectReadsStillAnswer();
    });
  });
}

/**
 * Splits the operations into `of` shards of about the same number of catalogue cases (largest
 * first, each to the lightest shard), and returns shard `index`. Deterministic: the same
 * operations always land in the same shard.
 */
export function catalogueShard(fuzzing: Fuzzing, index: number, of: number): Operation[] {
  const weighed = fuzzing.state.operations
    .map((operation) => ({ operation, cases: fuzzing.catalogueFor(operation).length }))
    .sort(
      (a, b) =>
        b.cases - a.cases || operationKey(a.operation).localeCompare(operationKey(b.operation)),
    );
  const shards = Array.from({ length: of }, () => ({ cases: 0, operations: [] as Operation[] }));
  for (const { operation, cases } of weighed) {
    const lightest = shards.reduce((min, shard) => (shard.cases < min.cases ? shard : min));
    lightest.cases += cases;
    lightest.operations.push(operation);
  }
  return shards[index]!.operations;
}

const ERROR_CODES: ReadonlySet<unknown> = new Set(Object.values(ErrorCode));

/**
 * Whether `code` is one the API may send: one of ErrorCode, or a Fastify code the error handler
 * passes on as it came (a plugin's own 4xx).
 */
const isSentCode = (code: unknown) =>
  ERROR_CODES.has(code) || (typeof code === 'string' && code.startsWith('FST_'));

/** What an internal error looks like when it leaks: a stack, SQL, driver or file names. */
const INTERNALS = /node_modules|\n\s+at |\bpg_|relation "|syntax error at|drizzle|ECONN|\.ts:\d+/i;

/**
 * Sends one case and checks the server held: never a 5xx; a 4xx carries a JSON `message` and a
 * code the API may send; a rejected request (and any GET) leaves every table exactly as it was.
 * Returns the problem.
 */
async function runCase(
  state: FuzzState,
  fuzzCase: FuzzCase,
  plan: OperationPlan,
): Promise<string | undefined> {
  let authorization: string | undefined;
  if (plan.needsFreshUser) {
    authorization = (await signUp(state.context.app)).headers.authorization;
    state.current = await snapshotDatabase(state.context.database.pool);
  } else if (!plan.isPublic) {
    authorization = state.fuzzer.headers.authorization;
  }
  const request = {
    method: fuzzCase.method as 'GET',
    url: fuzzCase.url,
    headers: { ...fuzzCase.headers, ...(authorization ? { authorization } : {}) },
    ...(fuzzCase.payload !== undefined ? { payload: fuzzCase.payload } : {}),
  };
  const response = plan.isStream
    ? await injectStreamRoute(state.context.app, request)
    : await state.context.app.inject(request);
  state.casesRun += 1;
  state.statusCounts.set(
    response.statusCode,
    (state.statusCounts.get(response.statusCode) ?? 0) + 1,
  );
  const before = state.current;
  const current = await snapshotDatabase(state.context.database.pool);
  state.current = current;

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
    let code: unknown;
    try {
      ({ message, code } = response.json<{ message?: unknown; code?: unknown }>());
    } catch {
      return `${where}: error reply is not JSON: ${got}`;
    }
    if (typeof message !== 'string' || message === '') return `${where}: no message: ${got}`;
    if (!isSentCode(code)) return `${where}: a code ErrorCode does not list: ${got}`;
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

/** The plan's upload as a multipart body: its text fields first, then the file. */
export function uploadBody(
  upload: NonNullable<OperationPlan['upload']>,
  fileName = upload.fileName,
  fieldValues: Record<string, string> = Object.fromEntries(
    Object.entries(upload.fields ?? {}).map(([name, field]) => [name, field.value]),
  ),
) {
  const file = multipartFile(upload.field, fileName, upload.contentType, upload.bytes);
  const boundary = file.headers['content-type'].split('boundary=')[1]!;
  const fields = Object.entries(fieldValues).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { ...file, payload: Buffer.concat([Buffer.from(fields.join('')), file.payload]) };
}

/** Each text field of the upload given each value it must refuse, the file unchanged. */
function fieldCases(operation: Operation, plan: OperationPlan): FuzzCase[] {
  const upload = plan.upload!;
  const baseline = Object.fromEntries(
    Object.entries(upload.fields ?? {}).map(([name, field]) => [name, field.value]),
  );
  return Object.entries(upload.fields ?? {}).flatMap(([name, field]) =>
    field.refused.map((value, index) => {
      const body = uploadBody(upload, upload.fileName, { ...baseline, [name]: value });
      return makeCase(
        operation,
        plan,
        `multipart field ${name}: refused value ${index + 1}`,
        { body: body.payload, contentType: body.headers['content-type'] },
        { mustReject: true },
      );
    }),
  );
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
  return [
    ...variants.map(([label, body, contentType]) =>
      makeCase(
        operation,
        plan,
        `multipart: ${label}`,
        { body, contentType },
        {
          mustReject: label !== 'two files',
        },
      ),
    ),
    ...fieldCases(operation, plan),
  ];
}
