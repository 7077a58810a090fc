// Categories managed on their own (POST /api/categories) through HTTP on a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const { call: send } = apiCalls(() => context.app);

const listed = async (user: SignedUpUser, kind: 'expense' | 'income') =>
  (await send(user, 'GET', `/api/transactions/categories/${kind}`)).json<string[]>();

describe('POST /api/categories', () => {
  it('adds a custom category of each kind, listed after the built-ins, for its user only', async () => {
    const user = await signUp(context.app, { setup: true });
    const pets = await send(user, 'POST', '/api/categories', { name: '  Pets ' });
    expect(pets.statusCode, pets.body).toBe(201);
    expect(pets.json()).toEqual({ name: 'Pets', isIncome: false });
    const rent = await send(user, 'POST', '/api/categories', { name: 'Rent in', isIncome: true });
    expect(rent.json()).toEqual({ name: 'Rent in', isIncome: true });

    expect((await listed(user, 'expense')).at(-1)).toBe('Pets');
    expect(await listed(user, 'income')).toContain('Rent in');
    expect(await listed(user, 'income')).not.toContain('Pets');

    const other = await signUp(context.app, { setup: true });
    expect(await listed(other, 'expense')).not.toContain('Pets');
    expect((await send(other, 'POST', '/api/categories', { name: 'Pets' })).statusCode).toBe(201);
  });

  it('refuses a built-in or an existing category of that kind with 409, and bad bodies with 400', async () => {
    const user = await signUp(context.app, { setup: true });
    const builtIn = await send(user, 'POST', '/api/categories', { name: 'Food' });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json()).toMatchObject({
      code: 'CATEGORY_EXISTS',
      message: '"Food" is a built-in expense category already.',
    });
    expect((await send(user, 'POST', '/api/categories', { name: 'Hobby' })).statusCode).toBe(201);
    const again = await send(user, 'POST', '/api/categories', { name: 'Hobby' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have the expense category "Hobby" already.');
    // The same name as an income category is another category.
    expect(
      (await send(user, 'POST', '/api/categories', { name: 'Hobby', isIncome: true })).statusCode,
    ).toBe(201);

    const before = [await listed(user, 'expense'), await listed(user, 'income')];
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(51) },
      { name: 42 },
      { name: 'Ok', isIncome: 'yes' },
      ['Pets'],
    ]) {
      const response = await send(user, 'POST', '/api/categories', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect([await listed(user, 'expense'), await listed(user, 'income')]).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/categories',
      payload: { name: 'Pets' },
    });
    expect(response.statusCode).toBe(401);
  });
});
