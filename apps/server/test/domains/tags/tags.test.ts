// Tags (docs/api.md, Tags) through HTTP on a real PostgreSQL: on transactions, the list filter,
// GET /tags with counts, rename, merge and delete; other users' tags are never touched.
import type { TagList, Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { allTransactions } from '../../support/ledger-check';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const create = (user: SignedUpUser, tags: unknown, extra: object = {}) =>
  call(user, 'POST', '/api/transactions', {
    name: 'Lunch',
    category: 'Food',
    cost: 9.5,
    addedOn: '2026-05-02',
    isIncome: false,
    tags,
    ...extra,
  });

/** The counts computed from the rows themselves, by the tag's lower-case key. */
async function countsFromRows(user: SignedUpUser): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const row of await allTransactions(context.app, user)) {
    for (const tag of row.tags) counts[tag.toLowerCase()] = (counts[tag.toLowerCase()] ?? 0) + 1;
  }
  return counts;
}

const tagsOf = (user: SignedUpUser) => ok<TagList>(user, 'GET', '/api/tags');

describe('tags', () => {
  it('keeps tags on a transaction, trimmed, in the spelling the user already has', async () => {
    const user = await signUp(context.app, { setup: true });
    const first = (await create(user, [' Trip ', 'work  lunch'])).json<Transaction>();
    expect(first.tags).toEqual(['Trip', 'work lunch']);
    const second = (await create(user, ['TRIP'])).json<Transaction>();
    expect(second.tags).toEqual(['Trip']);
    // No tags given: none; an update without tags keeps them; [] clears them.
    expect((await create(user, undefined)).json<Transaction>().tags).toEqual([]);
    const { _id, createdAt: _c, updatedAt: _u, ...fields } = first;
    const kept = await ok<Transaction>(user, 'PUT', `/api/transactions/${_id}`, {
      name: fields.name,
      category: fields.category,
      cost: fields.cost,
      addedOn: fields.addedOn,
      isIncome: fields.isIncome,
    });
    expect(kept.tags).toEqual(['Trip', 'work lunch']);
    const cleared = await ok<Transaction>(user, 'PUT', `/api/transactions/${_id}`, {
      name: fields.name,
      category: fields.category,
      cost: fields.cost,
      addedOn: fields.addedOn,
      isIncome: fields.isIncome,
      tags: [],
    });
    expect(cleared.tags).toEqual([]);
  });

  it('refuses more than 10 tags, long ones and duplicates with a 400 naming the rule', async () => {
    const user = await signUp(context.app, { setup: true });
    const cases: Array<[unknown, string]> = [
      [Array.from({ length: 11 }, (_, i) => `tag${i}`), 'at most 10 tags'],
      [['a'.repeat(31)], '1 to 30 characters'],
      [['   '], '1 to 30 characters'],
      [['Trip', 'trip'], 'appears twice'],
      ['trip', 'list'],
      [[3], '1 to 30'],
    ];
    for (const [tags, words] of cases) {
      const response = await create(user, tags);
      expect(response.statusCode, JSON.stringify(tags)).toBe(400);
      expect(response.json().message).toContain(words);
      expect(response.json().code).toBe('VALIDATION');
    }
    expect(await allTransactions(context.app, user)).toEqual([]);
    expect(
      (
        await create(
          user,
          Array.from({ length: 10 }, (_, i) => `tag${i}`),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('counts, filters, renames, merges and deletes', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    await create(other, ['trip']);
    await create(user, ['trip', 'food']);
    await create(user, ['Trip']);
    await create(user, ['holiday']);
    await create(user, ['holiday', 'trip']);
    await create(user, []);

    const counts = await countsFromRows(user);
    expect(counts).toEqual({ trip: 3, food: 1, holiday: 2 });
    expect(await tagsOf(user)).toEqual({
      tags: [
        { name: 'food', count: 1 },
        { name: 'holiday', count: 2 },
        { name: 'trip', count: 3 },
      ],
    });
    const filtered = await ok<{ transactions: Transaction[]; total: number }>(
      user,
      'GET',
      '/api/transactions?tag=TRIP',
    );
    expect(filtered.total).toBe(3);
    expect(filtered.transactions.every((row) => row.tags.includes('trip'))).toBe(true);

    // Rename trip → Journey on 3 rows.
    expect(await ok(user, 'PUT', '/api/tags/trip', { name: 'Journey' })).toEqual({
      message: 'Tag renamed on 3 transaction(s).',
      updatedCount: 3,
    });
    expect(await countsFromRows(user)).toEqual({ journey: 3, food: 1, holiday: 2 });
    // Merge holiday into journey: the row holding both keeps one.
    await ok(user, 'PUT', '/api/tags/holiday', { name: 'journey' });
    expect(await countsFromRows(user)).toEqual({ journey: 4, food: 1 });
    const rows = await allTransactions(context.app, user);
    expect(
      rows.flatMap((row) => row.tags).filter((tag) => tag.toLowerCase() === 'journey'),
    ).toEqual(['journey', 'journey', 'journey', 'journey']);
    expect((await tagsOf(user)).tags).toEqual([
      { name: 'food', count: 1 },
      { name: 'journey', count: 4 },
    ]);
    // Delete food.
    expect(await ok(user, 'DELETE', '/api/tags/food')).toMatchObject({ updatedCount: 1 });
    expect(await countsFromRows(user)).toEqual({ journey: 4 });
    // The other user's tag is untouched by all of this.
    expect(await tagsOf(other)).toEqual({ tags: [{ name: 'trip', count: 1 }] });
  });

  it("answers 404 for a tag the user does not have (another user's included)", async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    await create(other, ['secret']);
    await create(user, ['mine']);
    for (const [method, body] of [
      ['PUT', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(user, method, '/api/tags/secret', body);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('TAG_NOT_FOUND');
    }
    expect(await tagsOf(other)).toEqual({ tags: [{ name: 'secret', count: 1 }] });
    // Garbage: 400 and nothing changed.
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(31) }, { name: 5 }, []]) {
      expect((await call(user, 'PUT', '/api/tags/mine', body)).statusCode).toBe(400);
    }
    expect((await call(user, 'GET', `/api/transactions?tag=${'x'.repeat(31)}`)).statusCode).toBe(
      400,
    );
    expect(await tagsOf(user)).toEqual({ tags: [{ name: 'mine', count: 1 }] });
  });
});
