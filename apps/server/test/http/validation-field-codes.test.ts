import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../support/api-calls';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';

// A 400's `errors[]` names each refused field with its English `message` (unchanged: the
// product's wording, which the original client shows) and the kind of problem (`code`) and its
// limits (`params`), so that a client can say it in its user's language (docs/api.md, General
// rules).

let context: TestContext;
let alice: SignedUpUser;
const { call } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp();
  alice = await signUp(context.app);
});
afterAll(async () => {
  await context.close();
});

const expense = (overrides: Record<string, unknown> = {}) => ({
  name: 'Coffee',
  category: 'Food',
  cost: 3.5,
  addedOn: '2026-03-10',
  isIncome: false,
  ...overrides,
});

async function transactionCount(): Promise<number> {
  const { rows } = await context.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM transactions',
  );
  return rows[0]!.count;
}

describe('the field errors of a 400', () => {
  it('give a too-long text its code and limit, with the English message as before', async () => {
    const before = await transactionCount();
    const response = await call(
      alice,
      'POST',
      '/api/transactions',
      expense({ name: 'x'.repeat(101) }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      code: 'VALIDATION',
      message: 'Name must be at most 100 characters long.',
    });
    expect(body.errors).toEqual([
      {
        path: 'name',
        message: 'Name must be at most 100 characters long.',
        code: 'too_big',
        params: { maximum: 100, origin: 'string', inclusive: true },
      },
    ]);
    expect(await transactionCount()).toBe(before);
  });

  it('say a missing field is missing, and keep the server sentence naming it', async () => {
    const response = await call(alice, 'POST', '/api/transactions/bulk/revert', {
      previous: [{ category: 'Food' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        path: 'previous.0._id',
        message: 'previous.0._id is required.',
        code: 'invalid_type',
        params: { expected: 'string', missing: true },
      },
    ]);
  });

  it("pass on only the problem's limits, never zod's inner details", async () => {
    // Text that is no amount fails the amount's pattern: zod's issue also holds the pattern.
    const response = await call(alice, 'POST', '/api/transactions', expense({ cost: 'abc' }));
    expect(response.statusCode).toBe(400);
    const [error] = response.json().errors as { path: string; code: string; params?: object }[];
    expect(error).toEqual({
      path: 'cost',
      message: 'Please enter a valid cost greater than 0.',
      code: 'invalid_format',
      params: { format: 'regex', origin: 'string' },
    });
    // A value of neither type fails both branches: the union's own message, no branch details.
    const neither = await call(alice, 'POST', '/api/transactions', expense({ cost: true }));
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual([
      {
        path: 'cost',
        message: 'Please enter a valid cost greater than 0.',
        code: 'invalid_union',
      },
    ]);
  });

  it('list the values allowed for a choice', async () => {
    const response = await call(alice, 'POST', '/api/recurring/create', {
      name: 'Gym',
      category: 'Bills',
      amount: 30,
      isIncome: false,
      frequency: 'fortnightly',
      startDate: '2026-03-01',
    });
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as { path: string; code: string; params?: object }[];
    expect(errors.find((error) => error.path === 'frequency')).toEqual({
      path: 'frequency',
      message: 'Frequency must be daily, weekly, monthly or annually.',
      code: 'invalid_value',
      params: { values: ['daily', 'weekly', 'monthly', 'annually'] },
    });
  });
});
