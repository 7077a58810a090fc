import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAD_BODY_VALUES, BAD_IDS, BAD_QUERY_VALUES } from './bad-values';
import { bodyWith, makeCase, type FuzzCase } from './fuzz-cases';
import type { OperationPlan } from './fuzz-plan';
import { operationKey } from './openapi-operations';
import { reportFigure } from './report';
import { uploadBody, useFuzzing } from './fuzzing';

/** Random cases on top of the catalogue (fuzz-catalogue-*.test.ts covers every field). */
const RANDOM_RUNS = 1000;

const fuzzing = useFuzzing();

describe('fuzzing every operation of the OpenAPI description: plans and random values', () => {
  it('has a plan for every operation, and each baseline request gets its expected status', async () => {
    const { operations, plans } = fuzzing.state;
    expect(operations.length).toBeGreaterThan(20);
    expect(Object.keys(plans).sort()).toEqual(operations.map(operationKey).sort());
    for (const operation of operations) {
      const plan = fuzzing.planFor(operation);
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
      expect(await fuzzing.runCase(baseline, plan)).toBeUndefined();
    }
  });

  it('holds under random values in random places (fast-check)', async () => {
    const { operations } = fuzzing.state;
    const fuzzable = operations.filter((operation) => !fuzzing.planFor(operation).needsFreshUser);
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
        const plan = fuzzing.planFor(operation);
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
        const problem = await fuzzing.runCase(fuzzCase, plan);
        if (problem) throw new Error(problem);
      }),
      { numRuns: RANDOM_RUNS },
    );
    reportFigure(`fuzz random: ${RANDOM_RUNS} cases`);
  }, 600_000);

  it('still answers every read for the fuzzing user, and no prototype was polluted', async () => {
    await fuzzing.expectReadsStillAnswer();
  });
});
