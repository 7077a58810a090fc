import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AccountsPage } from './pages/accounts-page';
import { DashboardPage } from './pages/dashboard-page';
import { createTransactions, daysAgo } from './support/transactions';
import { createUser, signInWithToken } from './support/users';

test('money moved between two accounts changes both balances and net worth, never the totals', async ({
  page,
  request,
}) => {
  // A long walk through three screens: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  const user = await createUser(request, { label: 'accounts' });
  await createTransactions(request, user.token, [
    { name: 'Pay', category: 'Salary', cost: 2000, addedOn: daysAgo(2), isIncome: true },
    { name: 'Groceries', category: 'Food', cost: 150, addedOn: daysAgo(1) },
  ]);
  await signInWithToken(page, user.token);

  const accounts = new AccountsPage(page);
  await accounts.goto();
  await expect(accounts.balance('Main')).toHaveText('$1,850.00');
  await accounts.addAccount('Savings', 'Savings', '500');
  await accounts.addAccount('Visa', 'Credit card', '-120.50');
  await expect(accounts.balance('Savings')).toHaveText('$500.00');
  await expect(accounts.balance('Visa')).toHaveText('-$120.50');
  await expect(accounts.netWorth).toHaveText('$2,229.50');

  await accounts.transfer('Main (Checking)', 'Savings (Savings)', '300');
  await expect(accounts.balance('Main')).toHaveText('$1,550.00');
  await expect(accounts.balance('Savings')).toHaveText('$800.00');
  await accounts.transfer('Main (Checking)', 'Visa (Credit card)', '120.50');
  await expect(accounts.balance('Visa')).toHaveText('$0.00');
  await expect(accounts.balance('Main')).toHaveText('$1,429.50');
  // Moving money between one's own accounts does not change what one owns.
  await expect(accounts.netWorth).toHaveText('$2,229.50');

  // The register of Main shows the transfers beside its transactions.
  await accounts.table.getByRole('link', { name: 'Main' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Main' })).toBeVisible();
  const entries = page.getByRole('region', { name: 'Account entries' });
  await expect(entries.getByRole('row')).toHaveCount(5);
  await expect(entries).toContainText('To Savings');
  await expect(entries).toContainText('-$300.00');

  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.card('Total Income')).toHaveText('$2,000.00');
  await expect(dashboard.card('Total Expense')).toHaveText('$150.00');
  await expect(dashboard.card('Current Balance')).toHaveText('$1,850.00');
  const panel = page.getByRole('region', { name: 'Accounts' });
  await expect(panel).toContainText('Savings');
  await expect(panel.getByTestId('net-worth')).toHaveText('$2,229.50');
  await expect(dashboard.recent.getByRole('listitem')).toHaveCount(2);

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test('a transaction added in another account shows there, and the list filters by account', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'accounts-filter' });
  const auth = { Authorization: `Bearer ${user.token}` };
  const card = await (
    await request.post('/api/accounts', { data: { name: 'Card', type: 'credit' }, headers: auth })
  ).json();
  await createTransactions(request, user.token, [
    { name: 'Pay', category: 'Salary', cost: 1000, addedOn: daysAgo(2), isIncome: true },
    { name: 'Lunch', category: 'Food', cost: 12, addedOn: daysAgo(1) },
  ]);
  await signInWithToken(page, user.token);
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await dialog.getByLabel('Account').selectOption({ label: 'Card (Credit card)' });
  await dialog.getByLabel('Name', { exact: true }).fill('Flight');
  await dialog.getByLabel('Category').selectOption('Transportation');
  await dialog.getByLabel(/Amount/).fill('420');
  await dialog.getByRole('button', { name: 'Save Expense' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('region', { name: 'Transactions table' });
  await expect(table.getByRole('row', { name: /Flight/ })).toContainText('Card');
  await page.getByLabel('Account').selectOption({ label: 'Card' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Flight');
  await expect(table).not.toContainText('Lunch');
  await expect(page).toHaveURL(new RegExp(`account=${card._id}`));

  const accounts = new AccountsPage(page);
  await accounts.goto();
  await expect(accounts.balance('Card')).toHaveText('-$420.00');
});
