import { expect, test } from '@playwright/test';
import { SettingsPage } from './pages/settings-page';
import { api } from './support/api';
import { createTransactions } from './support/transactions';
import { createUser, signInWithToken } from './support/users';

type Account = { _id: string; name: string; balance: number };

test('downloads all my data and restores it into a new user', async ({ page, request }) => {
  const alice = await createUser(request, { label: 'export' });
  const [main] = await api<Account[]>(request, alice.token, 'get', '/api/accounts');
  const savings = await api<Account>(request, alice.token, 'post', '/api/accounts', {
    name: 'Savings',
    type: 'savings',
    openingBalance: 100,
  });
  await createTransactions(request, alice.token, [
    { name: 'Groceries', category: 'Food', cost: 42.5, addedOn: '2026-03-04' },
    { name: 'Pay', category: 'Salary', cost: 3000, addedOn: '2026-03-05', isIncome: true },
  ]);
  await api(request, alice.token, 'post', '/api/transfers', {
    fromAccountId: main!._id,
    toAccountId: savings._id,
    amount: 500,
    date: '2026-03-06',
    note: null,
  });

  await signInWithToken(page, alice.token);
  const settings = new SettingsPage(page);
  await settings.goto();
  const download = page.waitForEvent('download');
  await settings.downloadDataButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('moneta-export.zip');
  const zipPath = await file.path();

  const bob = await createUser(request, { label: 'restore' });
  await signInWithToken(page, bob.token);
  await settings.goto();
  await settings.restore(zipPath);
  await expect(settings.yourData.getByRole('status')).toHaveText(
    /Restored 2 accounts, 2 transactions, 1 transfers/,
  );

  const balances = async (token: string) =>
    (await api<Account[]>(request, token, 'get', '/api/accounts'))
      .map((account) => `${account.name}:${account.balance}`)
      .sort();
  expect(await balances(bob.token)).toEqual(await balances(alice.token));

  // A second restore into the same account is refused, and says why.
  await settings.restore(zipPath);
  await expect(settings.yourData.getByRole('alert')).toContainText('Nothing was restored');
});
