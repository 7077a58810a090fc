import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { TransactionForm } from './pages/transaction-form';
import { TransactionsPage } from './pages/transactions-page';
import { createTransactions, todayUtc } from './support/transactions';
import { createUser, signInWithToken, type TestUser } from './support/users';
import { chooseRowAction } from './support/row-actions';

async function signedIn(page: Page, user: TestUser): Promise<TransactionsPage> {
  await signInWithToken(page, user.token);
  const transactions = new TransactionsPage(page);
  await transactions.goto();
  return transactions;
}

test('adds, edits and deletes an income and an expense', async ({ page, request }) => {
  const user = await createUser(request, { label: 'crud' });
  const transactions = await signedIn(page, user);
  await expect(transactions.empty).toBeVisible();

  // An income with a blank name gets the "<category> Income" default.
  let form = await transactions.openAddForm();
  await form.switchTo('Income');
  form = new TransactionForm(page, 'Add Income');
  await form.fill({ category: 'Salary', amount: '2000' });
  await expect(form.field('Name (optional)')).toHaveAttribute('placeholder', 'Salary Income');
  await expect(form.field('Date')).toHaveValue(todayUtc());
  await form.submit();
  await expect(form.dialog).toBeHidden();
  await expect(transactions.row('Salary Income')).toContainText('+$2,000.00');

  form = await transactions.openAddForm();
  await form.fill({
    name: 'Coffee beans',
    category: 'Groceries',
    amount: '18.75',
    note: 'Arabica',
  });
  await form.submit();
  await expect(form.dialog).toBeHidden();
  const coffee = transactions.row('Coffee beans');
  await expect(coffee).toContainText('-$18.75');
  await expect(coffee).toContainText('Groceries');

  await chooseRowAction(coffee, 'Coffee beans', 'Details');
  const details = page.getByRole('dialog', { name: 'Transaction Details' });
  await expect(details).toContainText('Expense');
  await expect(details).toContainText('Arabica');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  form = await transactions.openEditForm('Coffee beans');
  await expect(form.dialog).toHaveAccessibleName('Edit Expense');
  await form.fill({ amount: '20', date: '2026-02-28' });
  await form.submit();
  await expect(form.dialog).toBeHidden();
  await expect(coffee).toContainText('-$20.00');
  await expect(coffee).toContainText('Feb 28, 2026');

  form = await transactions.openEditForm('Salary Income');
  await expect(form.dialog).toHaveAccessibleName('Edit Income');
  await form.fill({ name: 'March salary' });
  await form.submit();
  await expect(transactions.row('March salary')).toContainText('+$2,000.00');

  await transactions.deleteRow('March salary');
  await expect(transactions.row('March salary')).toHaveCount(0);
  await transactions.deleteRow('Coffee beans');
  await expect(transactions.empty).toBeVisible();
});

test("a toast covers none of the page's own buttons", async ({ page, request }) => {
  const user = await createUser(request, { label: 'toast-place' });
  await createTransactions(request, user.token, [
    { category: 'Salary', cost: 100, addedOn: todayUtc(), isIncome: true },
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  const transactions = await signedIn(page, user);
  const form = await transactions.openAddForm();
  await form.fill({ name: 'Tea', category: 'Food', amount: '3' });
  await form.submit();
  // The whole toast, not only its text.
  const toast = page.getByRole('alert').filter({ hasText: 'Transaction added.' });
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  for (const button of [transactions.addButton, transactions.exportButton]) {
    const box = (await button.boundingBox())!;
    const overlaps =
      toastBox.x < box.x + box.width &&
      box.x < toastBox.x + toastBox.width &&
      toastBox.y < box.y + box.height &&
      box.y < toastBox.y + toastBox.height;
    expect(overlaps, `the toast covers ${await button.textContent()}`).toBe(false);
  }
});

test('asks before an expense larger than the balance', async ({ page, request }) => {
  const user = await createUser(request, { label: 'overdraft' });
  await createTransactions(request, user.token, [
    { category: 'Salary', cost: 100, addedOn: todayUtc(), isIncome: true },
  ]);
  const transactions = await signedIn(page, user);

  const form = await transactions.openAddForm();
  await form.fill({ name: 'New phone', category: 'Shopping', amount: '150' });
  await form.submit();
  await expect(transactions.confirmDialog).toContainText(
    'This expense of $150.00 is more than the current balance of Main, $100.00.',
  );
  await transactions.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.dialog).toBeVisible();
  await expect(transactions.row('New phone')).toHaveCount(0);

  await form.submit();
  await transactions.confirmDialog.getByRole('button', { name: 'Add Anyway' }).click();
  await expect(form.dialog).toBeHidden();
  await expect(transactions.row('New phone')).toContainText('-$150.00');
});

test('deletes selected rows in bulk after confirmation', async ({ page, request }) => {
  const user = await createUser(request, { label: 'bulk' });
  await createTransactions(request, user.token, [
    { name: 'Alpha', category: 'Food', cost: 1, addedOn: '2026-03-01' },
    { name: 'Bravo', category: 'Food', cost: 2, addedOn: '2026-03-02' },
    { name: 'Charlie', category: 'Food', cost: 3, addedOn: '2026-03-03' },
  ]);
  const transactions = await signedIn(page, user);
  await expect(transactions.rows).toHaveCount(3);
  await expect(transactions.bulkDeleteButton).toHaveCount(0);

  await transactions.select('Alpha');
  await transactions.select('Charlie');
  await expect(transactions.bulkDeleteButton).toHaveText('Delete (2)');
  await transactions.bulkDeleteButton.click();
  await expect(transactions.confirmDialog).toHaveAccessibleName('Delete 2 transactions?');
  await transactions.confirmDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(transactions.confirmDialog).toBeHidden();
  await expect.poll(() => transactions.names()).toEqual(['Bravo']);
  await expect(transactions.bulkDeleteButton).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Select all transactions on this page' }).check();
  await expect(transactions.bulkDeleteButton).toHaveText('Delete (1)');
});

test('filters by search, type, category and inclusive dates, with chips', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'filters' });
  await createTransactions(request, user.token, [
    { name: 'Rent', category: 'Bills', cost: 900, addedOn: '2026-03-01' },
    { name: 'Coffee', category: 'Food', cost: 4, addedOn: '2026-03-05', note: 'oat milk' },
    { name: 'Pay', category: 'Salary', cost: 3000, addedOn: '2026-03-10', isIncome: true },
    { name: 'Novel', category: 'Shopping', cost: 15, addedOn: '2026-03-15' },
  ]);
  const transactions = await signedIn(page, user);
  await expect(transactions.rows).toHaveCount(4);

  // The search waits for typing to pause: one request for the whole word.
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/transactions' && url.searchParams.has('search')) {
      searches.push(url.searchParams.get('search') ?? '');
    }
  });
  await transactions.search.pressSequentially('oat', { delay: 50 });
  await expect(transactions.rows).toHaveCount(1);
  await expect.poll(() => transactions.names()).toEqual(['Coffee']);
  expect(searches).toEqual(['oat']);
  await expect(transactions.chip('Search: oat')).toBeVisible();
  await transactions.chip('Search: oat').click();
  await expect(transactions.search).toHaveValue('');
  await expect(transactions.rows).toHaveCount(4);

  await transactions.type.selectOption('Income');
  await expect(transactions.rows).toHaveCount(1);
  await expect.poll(() => transactions.names()).toEqual(['Pay']);
  await transactions.clearFilters.click();
  await expect(transactions.rows).toHaveCount(4);

  await transactions.category.selectOption('Bills');
  await expect(transactions.rows).toHaveCount(1);
  await transactions.chip('Category: Bills').click();

  // Both ends of the range are included.
  await transactions.from.fill('2026-03-05');
  await transactions.to.fill('2026-03-10');
  await expect(transactions.rows).toHaveCount(2);
  await expect.poll(() => transactions.names()).toEqual(['Pay', 'Coffee']);
  await expect(transactions.chip('From: Mar 5, 2026')).toBeVisible();
  await expect(transactions.chip('To: Mar 10, 2026')).toBeVisible();

  // The filters live in the address: a reload keeps them.
  await page.reload();
  await expect(transactions.from).toHaveValue('2026-03-05');
  await expect(transactions.rows).toHaveCount(2);

  await transactions.chip('From: Mar 5, 2026').click();
  await expect(transactions.rows).toHaveCount(3);
  await transactions.clearFilters.click();
  await expect(transactions.rows).toHaveCount(4);
  await expect(transactions.clearFilters).toHaveCount(0);
});

test('pages by 10 and steps back after deleting the last row of a page', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'paging' });
  await createTransactions(
    request,
    user.token,
    Array.from({ length: 12 }, (_, index) => ({
      name: `Item ${String(index + 1).padStart(2, '0')}`,
      category: 'Food',
      cost: index + 1,
      addedOn: `2026-03-${String(index + 1).padStart(2, '0')}`,
    })),
  );
  const transactions = await signedIn(page, user);
  await expect(transactions.pageStatus).toHaveText('Page 1 of 2');
  await expect(transactions.rows).toHaveCount(10);
  await expect.poll(async () => (await transactions.names())[0]).toBe('Item 12');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(transactions.pageStatus).toHaveText('Page 2 of 2');
  await expect.poll(() => transactions.names()).toEqual(['Item 02', 'Item 01']);

  // A filter change goes back to page 1.
  await transactions.type.selectOption('Expense');
  await expect(transactions.pageStatus).toHaveText('Page 1 of 2');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(transactions.pageStatus).toHaveText('Page 2 of 2');

  await transactions.deleteRow('Item 02');
  await expect(transactions.rows).toHaveCount(1);
  await expect(transactions.pageStatus).toHaveText('Page 2 of 2');
  await transactions.deleteRow('Item 01');
  // Ten rows left: page 1, and no pager at all.
  await expect(transactions.rows).toHaveCount(10);
  await expect(transactions.pageStatus).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();
});

test('exports the filtered transactions as CSV', async ({ page, request }) => {
  const user = await createUser(request, { label: 'export' });
  await createTransactions(request, user.token, [
    { name: 'Dinner, with "friends"', category: 'Food', cost: 42.5, addedOn: '2026-03-04' },
    { name: 'Pay', category: 'Salary', cost: 3000, addedOn: '2026-03-05', isIncome: true },
  ]);
  const transactions = await signedIn(page, user);

  const download = page.waitForEvent('download');
  await transactions.exportButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('moneta_transactions.csv');
  const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  // The original six columns, then the account, the amount's currency, its base amount, and the
  // part of a split transaction a row is (none here).
  expect(lines[0]).toBe('Date,Type,Name,Category,Amount,Note,Account,Currency,Base amount,Split');
  expect(lines).toContain(
    '2026-03-04,Expense,"Dinner, with ""friends""",Food,42.50,,Main,USD,42.50,',
  );
  expect(lines).toContain('2026-03-05,Income,Pay,Salary,3000.00,,Main,USD,3000.00,');

  await transactions.type.selectOption('Expense');
  await expect(transactions.rows).toHaveCount(1);
  const filtered = page.waitForEvent('download');
  await transactions.exportButton.click();
  const filteredCsv = await readFile(await (await filtered).path(), 'utf8');
  expect(filteredCsv).toContain('Dinner');
  expect(filteredCsv).not.toContain('Salary');

  await page.route('**/api/transactions/export**', (route) =>
    route.fulfill({ status: 500, json: { message: 'Boom', code: 'INTERNAL' } }),
  );
  await transactions.exportButton.click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    'Failed to export CSV. Please try again.',
  );
});

test('deletes a custom category and moves its transactions to Miscellaneous', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'categories' });
  await createTransactions(request, user.token, [
    { category: 'Salary', cost: 500, addedOn: todayUtc(), isIncome: true },
  ]);
  const transactions = await signedIn(page, user);

  await transactions.manageCategoriesButton.click();
  const manage = page.getByRole('dialog', { name: 'Manage Custom Categories' });
  await expect(manage).toContainText("You haven't added any custom categories yet.");
  await manage.getByRole('button', { name: 'Close' }).click();

  // A custom category is born by saving a transaction with it.
  const form = await transactions.openAddForm();
  await form.dialog.getByRole('button', { name: 'Add New Category' }).click();
  const prompt = page.getByRole('dialog', { name: 'Add New Category' });
  await prompt.getByLabel('Enter new category name:').fill('Pets');
  await prompt.getByRole('button', { name: 'OK' }).click();
  await expect(form.field('Category')).toHaveValue('Pets');
  await form.fill({ name: 'Dog food', amount: '30' });
  await form.submit();
  await expect(form.dialog).toBeHidden();
  await expect(transactions.row('Dog food')).toContainText('Pets');

  await transactions.manageCategoriesButton.click();
  await expect(manage.getByRole('listitem')).toHaveCount(1);
  await expect(manage.getByRole('listitem')).toContainText('Pets');
  await manage.getByRole('button', { name: 'Delete Pets' }).click();
  await expect(transactions.confirmDialog).toContainText(
    'Its transactions will move to Miscellaneous.',
  );
  await transactions.confirmDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(manage).toContainText("You haven't added any custom categories yet.");
  await manage.getByRole('button', { name: 'Close' }).click();
  await expect(transactions.row('Dog food')).toContainText('Miscellaneous');
});

test('the Transactions page has no serious accessibility violations', async ({ page, request }) => {
  const user = await createUser(request, { label: 'a11y-transactions' });
  await createTransactions(request, user.token, [
    { name: 'Pay', category: 'Salary', cost: 3000, addedOn: '2026-03-05', isIncome: true },
    { name: 'Rent', category: 'Bills', cost: 900, addedOn: '2026-03-06', note: 'March' },
  ]);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const transactions = await signedIn(page, user);
    await expect(transactions.rows).toHaveCount(2);
    await transactions.type.selectOption('Expense');
    await expect(transactions.rows).toHaveCount(1);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);
  }
});
