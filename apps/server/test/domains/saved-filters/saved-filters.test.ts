// Saved searches (docs/api.md, Saved searches) through HTTP on a real PostgreSQL.
import type { SavedFilter } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { createTestApp, signUp, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

describe('saved searches', () => {
  it('saves, lists A to Z and deletes', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await call(user, 'POST', '/api/filters', {
      name: ' Trips over 100 ',
      query: 'amount:>100 tag:trip',
    });
    expect(created.statusCode).toBe(201);
    const trips = created.json<SavedFilter>();
    expect(trips).toMatchObject({ name: 'Trips over 100', query: 'amount:>100 tag:trip' });
    await ok(user, 'POST', '/api/filters', { name: 'coffee', query: 'coffee' });
    expect(
      (await ok<{ filters: SavedFilter[] }>(user, 'GET', '/api/filters')).filters.map(
        (filter) => filter.name,
      ),
    ).toEqual(['coffee', 'Trips over 100']);
    // The same name in another case is taken.
    const again = await call(user, 'POST', '/api/filters', { name: 'COFFEE', query: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SAVED_FILTER_NAME_TAKEN');
    expect(await ok(user, 'DELETE', `/api/filters/${trips._id}`)).toEqual({
      message: 'Saved search deleted.',
    });
    expect(
      (await ok<{ filters: SavedFilter[] }>(user, 'GET', '/api/filters')).filters,
    ).toHaveLength(1);
  });

  it("never shows or deletes another user's search (404), and refuses garbage", async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const bobs = await ok<SavedFilter>(bob, 'POST', '/api/filters', { name: 'b', query: 'b' });
    expect((await ok<{ filters: SavedFilter[] }>(alice, 'GET', '/api/filters')).filters).toEqual(
      [],
    );
    for (const id of [bobs._id, 'nope', '0190c5c0-0000-7000-8000-000000000000']) {
      const response = await call(alice, 'DELETE', `/api/filters/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('SAVED_FILTER_NOT_FOUND');
    }
    expect((await ok<{ filters: SavedFilter[] }>(bob, 'GET', '/api/filters')).filters).toHaveLength(
      1,
    );
    for (const body of [
      {},
      { name: '', query: 'x' },
      { name: 'x', query: '   ' },
      { name: 'x'.repeat(51), query: 'x' },
      { name: 'x', query: 'x'.repeat(201) },
      { name: 3, query: 'x' },
      [],
    ]) {
      const response = await call(alice, 'POST', '/api/filters', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await ok<{ filters: SavedFilter[] }>(alice, 'GET', '/api/filters')).filters).toEqual(
      [],
    );
  });

  it('keeps at most 100 per user (409)', async () => {
    const user = await signUp(context.app, { setup: true });
    await context.database.pool.query(
      `INSERT INTO saved_filters (id, user_id, name, query)
       SELECT gen_random_uuid(), $1, 'search ' || n, 'q' FROM generate_series(1, 100) AS n`,
      [user.id],
    );
    const response = await call(user, 'POST', '/api/filters', { name: 'one more', query: 'q' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('TOO_MANY_SAVED_FILTERS');
  });
});
