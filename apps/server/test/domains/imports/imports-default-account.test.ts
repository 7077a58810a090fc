// The empty "Main" every user starts with, when another app's export (docs/imports-other-apps.md,
// Accounts) is imported: through HTTP on a real PostgreSQL. Untouched (the only account, no
// transactions, its name, type and currency as sign-up made them), the file's first new account
// takes it over at commit, so the user is not left with an empty "Main" beside the imported
// accounts; undoing the import gives "Main" back as it was. Touched, it stays as it is.
import type { Account, Import, ImportUndoResult, Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { importFixture, uploadImport } from '../../support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

async function upload(user: SignedUpUser, name: string): Promise<Import> {
  const bytes = importFixture(`other-apps/${name}`);
  const response = await uploadImport(context.app, user, name, bytes);
  if (response.statusCode !== 201) throw new Error(`upload ${name}: ${response.body}`);
  return response.json<Import>();
}

const commit = (user: SignedUpUser, id: string) =>
  ok(user, 'POST', `/api/imports/${id}/commit`, {});
const undo = (user: SignedUpUser, id: string) =>
  ok<ImportUndoResult>(user, 'DELETE', `/api/imports/${id}`);
const accountsOf = (user: SignedUpUser) => ok<Account[]>(user, 'GET', '/api/accounts');
const transactionsOf = async (user: SignedUpUser) =>
  (await ok<{ transactions: Transaction[] }>(user, 'GET', '/api/transactions?limit=100'))
    .transactions;

/** Each account as "name type currency identifiers opening-balance", sorted by name. */
async function accountLines(user: SignedUpUser): Promise<string[]> {
  return (await accountsOf(user))
    .map(
      (account) =>
        `${account.name} ${account.type} ${account.currency} [${account.identifiers.join(',')}] ${account.openingBalance}`,
    )
    .sort();
}

const MAIN = 'Main checking USD [] 0';

describe('a fresh user importing another app export', () => {
  it('YNAB: the first new account takes over the empty Main; undo brings Main back', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    expect(await accountLines(user)).toEqual([MAIN]);

    const imported = await upload(user, 'ynab-register-eu.csv');
    await commit(user, imported._id);
    // Girokonto's YNAB "Starting Balance" is its opening balance.
    expect(await accountLines(user)).toEqual([
      'Girokonto checking USD [] 1500',
      'Tagesgeld savings USD [] 0',
    ]);
    const accounts = await accountsOf(user);
    const girokonto = accounts.find((account) => account.name === 'Girokonto')!;
    // Taken over, not deleted: the import (and any earlier one) still goes to that account.
    expect(girokonto._id).toBe(main!._id);
    expect(
      (await transactionsOf(user)).every((transaction) =>
        accounts.some((account) => account._id === transaction.accountId),
      ),
    ).toBe(true);

    const undone = await undo(user, imported._id);
    expect(await accountLines(user)).toEqual([MAIN]);
    expect((await accountsOf(user))[0]!._id).toBe(main!._id);
    const tagesgeld = accounts.find((account) => account.name === 'Tagesgeld')!;
    expect(undone.removedAccountIds).toEqual([tagesgeld._id]);
    expect(undone.keptAccountIds).toEqual([]);
    expect(await transactionsOf(user)).toEqual([]);
    const history = await ok<Import>(user, 'GET', `/api/imports/${imported._id}`);
    expect(history.status).toBe('undone');

    // Main is usable again: the same file imports as it did the first time.
    const again = await upload(user, 'ynab-register-eu.csv');
    await commit(user, again._id);
    expect(await accountLines(user)).toEqual([
      'Girokonto checking USD [] 1500',
      'Tagesgeld savings USD [] 0',
    ]);
  });

  it('Firefly III: the taken-over account has the statement currency and identifier; undo restores Main', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    const imported = await upload(user, 'firefly-export.csv');
    const created = imported.statements.filter((statement) => statement.accountId === null);
    expect(created.length).toBe(imported.statements.length);
    await commit(user, imported._id);
    const accounts = await accountsOf(user);
    expect(accounts.map((account) => account.name)).not.toContain('Main');
    expect(accounts).toHaveLength(created.length);
    const first = accounts.find((account) => account._id === main!._id)!;
    expect(first.name).toBe(created[0]!.suggestedName);
    expect(first.currency).toBe(created[0]!.currency);
    expect(first.identifiers).toEqual(created[0]!.identifier ? [created[0]!.identifier] : []);

    await undo(user, imported._id);
    expect(await accountLines(user)).toEqual([MAIN]);
    expect((await accountsOf(user))[0]!._id).toBe(main!._id);
  });

  it('keeps the account the import made of Main when it holds something new at undo', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    const imported = await upload(user, 'ynab-register-eu.csv');
    await commit(user, imported._id);
    await ok(user, 'POST', '/api/transactions', {
      name: 'Bakery',
      category: 'Food',
      cost: 3.2,
      addedOn: '2026-04-02',
      isIncome: false,
      accountId: main!._id,
    });
    const undone = await undo(user, imported._id);
    expect(undone.keptAccountIds).toEqual([main!._id]);
    expect(await accountLines(user)).toEqual(['Girokonto checking USD [] 0']);
  });
});

describe('a Main the user has touched stays beside the imported accounts', () => {
  const cases: Array<[string, (user: SignedUpUser, main: Account) => Promise<unknown>]> = [
    [
      'renamed',
      (user, main) =>
        ok(user, 'PUT', `/api/accounts/${main._id}`, { name: 'Wallet', type: 'checking' }),
    ],
    [
      'holding a transaction',
      (user, main) =>
        ok(user, 'POST', '/api/transactions', {
          name: 'Bakery',
          category: 'Food',
          cost: 3.2,
          addedOn: '2026-02-02',
          isIncome: false,
          accountId: main._id,
        }),
    ],
    [
      'not the only account',
      (user) => ok(user, 'POST', '/api/accounts', { name: 'Cash', type: 'cash' }),
    ],
  ];
  for (const [touch, change] of cases) {
    it(`when ${touch}`, async () => {
      const user = await signUp(context.app, { setup: true });
      const [main] = await accountsOf(user);
      await change(user, main!);
      const before = await accountsOf(user);
      const imported = await upload(user, 'ynab-register-eu.csv');
      await commit(user, imported._id);
      const after = await accountsOf(user);
      expect(after).toHaveLength(before.length + 2);
      const kept = after.find((account) => account._id === main!._id)!;
      expect(kept.name).toBe(before.find((account) => account._id === main!._id)!.name);
      const undone = await undo(user, imported._id);
      expect(undone.removedAccountIds).toHaveLength(2);
      expect((await accountsOf(user)).map((account) => account.name).sort()).toEqual(
        before.map((account) => account.name).sort(),
      );
    });
  }
});
