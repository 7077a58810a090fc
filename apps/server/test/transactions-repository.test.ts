import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransactionsRepository } from '../src/domains/transactions/transactions-repository';
import { createTestApp, signUp, type TestContext } from './test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

describe('insertMany (the bulk path)', () => {
  it('inserts thousands of rows for several users in one statement, totals included', async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const repository = createTransactionsRepository(context.database.db);
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      userId: index % 2 ? alice.id : bob.id,
      name: `Row ${index} with 'quotes', "doubles" and {braces}`,
      category: index % 3 ? 'Food' : 'Salary',
      costCents: index + 1,
      addedOn: `2026-0${(index % 9) + 1}-15`,
      isIncome: index % 3 === 0,
      note: index % 5 ? null : 'a note, with a comma',
    }));
    expect(await repository.insertMany(rows)).toBe(5000);
    expect(await repository.insertMany([])).toBe(0);

    expect((await repository.pageWithCount(alice.id, {}, { limit: 1, offset: 0 })).total).toBe(
      2500,
    );
    const found = await repository.page(
      alice.id,
      { search: 'Row 1 with' },
      { limit: 10, offset: 0 },
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      name: 'Row 1 with \'quotes\', "doubles" and {braces}',
      category: 'Food',
      costCents: 2,
      addedOn: '2026-02-15',
      isIncome: false,
      note: null,
    });

    const totals = await repository.totals(bob.id);
    const bobRows = rows.filter((row) => row.userId === bob.id);
    const sum = (isIncome: boolean) =>
      bobRows
        .filter((row) => row.isIncome === isIncome)
        .reduce((total, row) => total + row.costCents, 0);
    expect(totals).toEqual({ incomeCents: sum(true), expenseCents: sum(false) });
  });
});
