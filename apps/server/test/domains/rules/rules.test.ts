// Rules and the category pipeline (docs/architecture.md, Rules) through HTTP on a real PostgreSQL.
import type { Rule, Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedReceiptReader } from '../../security/user-data';
import { apiCalls } from '../../support/api-calls';
import { given, type GivenTransaction } from '../../support/given';
import { multipartFile, renderReceipt } from '../../support/receipt-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp({ receiptReader: fixedReceiptReader('LIDL DIENSTLEISTUNG', 23.9) });
});
afterAll(async () => {
  await context.close();
});

const order = async (user: SignedUpUser) =>
  (await ok<Rule[]>(user, 'GET', '/api/rules')).map((rule) => [rule.value, rule.position]);
const suggest = (user: SignedUpUser, name: string, isIncome = false) =>
  ok<{ category: string; source: string }>(
    user,
    'GET',
    `/api/transactions/suggest?name=${encodeURIComponent(name)}&isIncome=${isIncome}`,
  );
const transactionRow = (values: Partial<GivenTransaction> & { name: string }) => ({
  category: 'Miscellaneous',
  cost: 10,
  addedOn: '2026-03-01',
  isIncome: false,
  ...values,
});

describe('rules: managing and validating', () => {
  it('creates, lists in order, moves, edits and deletes rules, keeping positions 1..n', async () => {
    const user = await signUp(context.app, { setup: true });
    const coffee = await given.rule(context.app, user, { value: 'coffee', category: 'Food' });
    expect(coffee).toMatchObject({
      field: 'name',
      operator: 'contains',
      value: 'coffee',
      isIncome: null,
      category: 'Food',
      rename: null,
      position: 1,
    });
    const rent = await given.rule(context.app, user, {
      value: 'Rent',
      operator: 'startsWith',
      category: 'Bills',
    });
    await given.rule(context.app, user, {
      value: 'salary',
      category: 'Salary',
      isIncome: true,
      position: 1,
    });
    expect(await order(user)).toEqual([
      ['salary', 1],
      ['coffee', 2],
      ['Rent', 3],
    ]);
    // Moving the last rule first, then editing one without a position keeps it in place.
    await ok(user, 'PUT', `/api/rules/${rent._id}`, {
      value: 'Rent',
      category: 'Bills',
      position: 1,
    });
    expect(await order(user)).toEqual([
      ['Rent', 1],
      ['salary', 2],
      ['coffee', 3],
    ]);
    const edited = await ok<Rule>(user, 'PUT', `/api/rules/${coffee._id}`, {
      value: 'café',
      category: 'Coffee',
      rename: '  Coffee shop ',
    });
    expect(edited).toMatchObject({
      value: 'café',
      category: 'Coffee',
      rename: 'Coffee shop',
      position: 3,
    });
    await ok(user, 'DELETE', `/api/rules/${rent._id}`);
    expect(await order(user)).toEqual([
      ['salary', 1],
      ['café', 2],
    ]);
    // A position past the end is the end.
    await given.rule(context.app, user, {
      value: 'uber',
      category: 'Transportation',
      position: 99,
    });
    expect(await order(user)).toEqual([
      ['salary', 1],
      ['café', 2],
      ['uber', 3],
    ]);
  });

  it('validates rules in plain words', async () => {
    const user = await signUp(context.app, { setup: true });
    const cases: Array<[object, RegExp]> = [
      [{ category: 'Food' }, /text the rule looks for/],
      [{ value: '   ', category: 'Food' }, /text the rule looks for/],
      [{ value: '***', category: 'Food' }, /letter or digit/],
      [{ value: 'x'.repeat(101), category: 'Food' }, /at most 100/],
      [{ value: 'x', category: '' }, /select a category/],
      [{ value: 'x', category: 'Food', operator: 'regex' }, /contains, equals or startsWith/],
      [{ value: 'x', category: 'Food', field: 'category' }, /name or note/],
      [{ value: 'x', category: 'Food', position: 0 }, /position/],
    ];
    for (const [body, message] of cases) {
      const response = await call(user, 'POST', '/api/rules', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });
});

describe('rules: matching and suggesting', () => {
  it('matches ignoring case, accents, spaces and punctuation; the first match by position wins', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.rule(context.app, user, { value: 'Cafe Muller', category: 'Coffee' });
    await given.rule(context.app, user, { value: 'müller', category: 'Groceries' });
    await given.rule(context.app, user, {
      value: 'AMAZON',
      operator: 'startsWith',
      category: 'Shopping',
    });
    await given.rule(context.app, user, {
      value: 'Netflix',
      operator: 'equals',
      category: 'Subscriptions',
    });
    await given.rule(context.app, user, {
      value: 'refund',
      field: 'note',
      category: 'Refunds',
      isIncome: true,
    });
    expect(await suggest(user, 'CAFÉ-MÜLLER GmbH Köln')).toEqual({
      category: 'Coffee',
      source: 'rule',
    });
    expect(await suggest(user, 'Bäckerei Müller')).toEqual({
      category: 'Groceries',
      source: 'rule',
    });
    expect(await suggest(user, 'Amazon.com*2K3')).toEqual({ category: 'Shopping', source: 'rule' });
    expect(await suggest(user, 'Pay Amazon')).toEqual({
      category: 'Miscellaneous',
      source: 'default',
    });
    expect(await suggest(user, 'NETFLIX')).toEqual({ category: 'Subscriptions', source: 'rule' });
    expect(await suggest(user, 'Netflix Premium')).toEqual({
      category: 'Miscellaneous',
      source: 'default',
    });
    expect(await suggest(user, 'Zelle', true)).toEqual({
      category: 'Other Income',
      source: 'default',
    });
  });

  it('suggests from the user’s own history (the category used most for that payee), else the default', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    await given.transaction(
      context.app,
      user,
      transactionRow({ name: 'Trader Joe’s', category: 'Groceries' }),
    );
    await given.transaction(
      context.app,
      user,
      transactionRow({ name: "TRADER JOE'S", category: 'Groceries' }),
    );
    await given.transaction(
      context.app,
      user,
      transactionRow({ name: 'trader joes', category: 'Food' }),
    );
    await given.transaction(
      context.app,
      other,
      transactionRow({ name: 'Shell', category: 'Transportation' }),
    );
    expect(await suggest(user, 'Trader Joes')).toEqual({
      category: 'Groceries',
      source: 'history',
    });
    expect(await suggest(user, 'Trader Joes', true)).toEqual({
      category: 'Other Income',
      source: 'default',
    });
    // Another user's history is not this user's.
    expect(await suggest(user, 'Shell')).toEqual({ category: 'Miscellaneous', source: 'default' });
    expect(await suggest(user, '')).toEqual({ category: 'Miscellaneous', source: 'default' });
    // The income default is not a category until a transaction uses it.
    expect(await ok(user, 'GET', '/api/transactions/categories/income')).not.toContain(
      'Other Income',
    );
    const tooLong = await call(user, 'GET', `/api/transactions/suggest?name=${'x'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('rules: applying them, and other users', () => {
  it('applies a rule to existing transactions it decides, renaming them, through one writer', async () => {
    const user = await signUp(context.app, { setup: true });
    const shell = await given.transaction(
      context.app,
      user,
      transactionRow({
        name: 'SHELL OIL 57442',
        category: 'Miscellaneous',
      }),
    );
    const shellIncome = await given.transaction(
      context.app,
      user,
      transactionRow({
        name: 'Shell refund',
        isIncome: true,
        category: 'Refunds',
      }),
    );
    const unrelated = await given.transaction(
      context.app,
      user,
      transactionRow({ name: 'Bakery', category: 'Food' }),
    );
    const earlier = await given.transaction(
      context.app,
      user,
      transactionRow({ name: 'Shell Café', category: 'Miscellaneous' }),
    );
    await given.rule(context.app, user, { value: 'shell cafe', category: 'Food' });
    const rule = await given.rule(context.app, user, {
      value: 'shell',
      category: 'Fuel',
      isIncome: false,
      rename: 'Shell',
    });
    expect(await ok(user, 'POST', `/api/rules/${rule._id}/apply`)).toEqual({ updated: 1 });
    const byId = new Map(
      (
        await ok<{ transactions: Transaction[] }>(user, 'GET', '/api/transactions?limit=100')
      ).transactions.map((transaction) => [transaction._id, transaction]),
    );
    expect(byId.get(shell._id)).toMatchObject({ name: 'Shell', category: 'Fuel' });
    expect(byId.get(shellIncome._id)).toMatchObject({ name: 'Shell refund', category: 'Refunds' });
    expect(byId.get(unrelated._id)).toMatchObject({ category: 'Food' });
    // The earlier rule decides "Shell Café": applying the later one leaves it.
    expect(byId.get(earlier._id)).toMatchObject({ name: 'Shell Café', category: 'Miscellaneous' });
    expect(await ok(user, 'GET', '/api/transactions/categories/expense')).toContain('Fuel');
    // Applying again changes nothing more.
    expect(await ok(user, 'POST', `/api/rules/${rule._id}/apply`)).toEqual({ updated: 0 });
    const summary = await ok<{ totalExpenses: number }>(user, 'GET', '/api/transactions/summary');
    expect(summary.totalExpenses).toBe(30);
  });

  it('gives another user’s rule ids a 404', async () => {
    const owner = await signUp(context.app, { setup: true });
    const intruder = await signUp(context.app, { setup: true });
    const rule = await given.rule(context.app, owner, { value: 'coffee', category: 'Food' });
    for (const [method, url, body] of [
      ['PUT', `/api/rules/${rule._id}`, { value: 'x', category: 'Food' }],
      ['DELETE', `/api/rules/${rule._id}`, undefined],
      ['POST', `/api/rules/${rule._id}/apply`, undefined],
    ] as const) {
      expect((await call(intruder, method, url, body)).statusCode).toBe(404);
    }
    expect(await ok(intruder, 'GET', '/api/rules')).toEqual([]);
    expect(await order(owner)).toEqual([['coffee', 1]]);
  });
});

describe('receipts use the category pipeline', () => {
  it('a rule decides the category of the expense read from a receipt', async () => {
    const user = await signUp(context.app, { setup: true });
    // (The fixed reader itself reads Groceries.)
    await given.rule(context.app, user, { value: 'lidl', category: 'Supermarket' });
    const image = await renderReceipt(['LIDL', 'TOTAL 23.90']);
    const { payload, headers } = multipartFile('receipt', 'lidl.png', 'image/png', image);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      headers: { ...headers, ...user.headers },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().transaction).toMatchObject({
      name: 'LIDL DIENSTLEISTUNG',
      category: 'Supermarket',
    });
    expect(response.json().extractedData).toMatchObject({ category: 'Supermarket' });
  });
});
