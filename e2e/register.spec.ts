import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TransactionsPage } from './pages/transactions-page';
import { api } from './support/api';
import { createUser, signInWithToken } from './support/users';

/** Records expenses through the API, tags and all. */
async function seed(
  request: APIRequestContext,
  token: string,
  rows: Array<{ name: string; category: string; cost: number; addedOn: string; tags?: string[] }>,
) {
  for (const row of rows) {
    const response = await request.post('/api/transactions', {
      data: { isIncome: false, note: null, ...row },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

const rowsNamed = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `Row ${String(index + 1).padStart(2, '0')}`,
    category: 'Groceries',
    cost: 10 + index,
    addedOn: `2026-03-${String(index + 1).padStart(2, '0')}`,
  }));

async function signedIn(page: Page, token: string): Promise<TransactionsPage> {
  await signInWithToken(page, token);
  const transactions = new TransactionsPage(page);
  await transactions.goto();
  return transactions;
}

const select = (page: Page, name: string) =>
  page.getByRole('checkbox', { name: `Select ${name}` }).check();

test('bulk-recategorises rows across two pages, then undoes it', async ({ page, request }) => {
  const user = await createUser(request, { label: 'bulk' });
  await seed(request, user.token, rowsNamed(15));
  const transactions = await signedIn(page, user.token);

  // Page 1 (newest first): two rows; page 2: one more. The selection holds across pages.
  await select(page, 'Row 15');
  await select(page, 'Row 14');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(transactions.pageStatus).toHaveText('Page 2 of 2');
  await select(page, 'Row 03');
  await page.getByRole('button', { name: 'Edit (3)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit 3 transactions' });
  await dialog.getByLabel('Category').selectOption('Entertainment');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('3 transactions changed.')).toBeVisible();
  await expect(transactions.row('Row 03')).toContainText('Entertainment');
  await expect(transactions.row('Row 04')).toContainText('Groceries');

  const changed = await request.get('/api/transactions?category=Entertainment', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect((await changed.json()).total).toBe(3);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Change undone.')).toBeVisible();
  await expect(transactions.row('Row 03')).toContainText('Groceries');
  const after = await request.get('/api/transactions?category=Groceries', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect((await after.json()).total).toBe(15);
});

test('selects all matching rows beyond the page and edits them', async ({ page, request }) => {
  const user = await createUser(request, { label: 'allmatch' });
  await seed(request, user.token, rowsNamed(12));
  await signedIn(page, user.token);
  await page.getByRole('checkbox', { name: 'Select all transactions on this page' }).check();
  await page.getByRole('button', { name: 'Select all 12 matching' }).click();
  await expect(page.getByText('All 12 matching transactions are selected.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit (12)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit 12 transactions' });
  await dialog.getByLabel("Tags (replace each one's)").fill('weekly, food');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('12 transactions changed.')).toBeVisible();
  const tags = await request.get('/api/tags', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(await tags.json()).toEqual({
    tags: [
      { name: 'food', count: 12 },
      { name: 'weekly', count: 12 },
    ],
  });
});

test('finds rows with amount:>100 tag:trip, shows the terms as chips and saves the search', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'search' });
  await seed(request, user.token, [
    { name: 'Hotel', category: 'Bills', cost: 240, addedOn: '2026-03-01', tags: ['trip'] },
    { name: 'Museum', category: 'Entertainment', cost: 18, addedOn: '2026-03-02', tags: ['trip'] },
    { name: 'Laptop', category: 'Shopping', cost: 999, addedOn: '2026-03-03' },
    {
      name: 'Flight',
      category: 'Transportation',
      cost: 310.5,
      addedOn: '2026-03-04',
      tags: ['Trip'],
    },
  ]);
  const transactions = await signedIn(page, user.token);
  await transactions.search.fill('amount:>100 tag:trip');
  await expect(transactions.chip('Amount over 100.00')).toBeVisible();
  await expect(transactions.chip('Tag: trip')).toBeVisible();
  await expect.poll(() => transactions.names()).toEqual(['Flight', 'Hotel']);

  await page.getByRole('button', { name: 'Save search' }).click();
  const prompt = page.getByRole('dialog', { name: 'Save search' });
  await prompt.getByLabel('Name of this search:').fill('Big trip costs');
  await prompt.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Search saved as "Big trip costs".')).toBeVisible();

  // Removing the amount chip keeps the tag.
  await transactions.chip('Amount over 100.00').click();
  await expect.poll(() => transactions.names()).toEqual(['Flight', 'Museum', 'Hotel']);
  await transactions.clearFilters.click();
  await expect(transactions.rows).toHaveCount(4);
  await page.getByLabel('Saved searches').selectOption({ label: 'Big trip costs' });
  await expect.poll(() => transactions.names()).toEqual(['Flight', 'Hotel']);

  // The saved search shown can be forgotten, and Undo saves it again.
  const forget = page.getByRole('button', { name: 'Forget “Big trip costs”' });
  await forget.click();
  await expect(page.getByText('“Big trip costs” is no longer saved.')).toBeVisible();
  await expect(page.getByLabel('Saved searches')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save search' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(forget).toBeVisible();
  const saved = await api(request, user.token, 'get', '/api/filters');
  expect(saved).toMatchObject({
    filters: [{ name: 'Big trip costs', query: 'amount:>100 tag:trip' }],
  });
});

test('deletes a row and brings it back with Undo; the Trash restores too', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'trash' });
  await seed(request, user.token, rowsNamed(3));
  const transactions = await signedIn(page, user.token);
  await transactions.deleteRow('Row 02');
  await expect(transactions.row('Row 02')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('1 transaction restored.')).toBeVisible();
  await expect(transactions.row('Row 02')).toContainText('$11.00');

  await transactions.deleteRow('Row 01');
  await expect(transactions.row('Row 01')).toHaveCount(0);
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  await page.getByRole('button', { name: 'Restore Row 01' }).click();
  // The first restore's toast may still show: the newest is this one's.
  await expect(page.getByText('1 transaction restored.').last()).toBeVisible();
  await expect(page.getByText('The trash is empty.')).toBeVisible();
});

test('works at 360 px: select, edit and undo on a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await createUser(request, { label: 'phone' });
  await seed(request, user.token, rowsNamed(2));
  const transactions = await signedIn(page, user.token);
  await select(page, 'Row 01');
  await page.getByRole('button', { name: 'Edit (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit 1 transaction' });
  await dialog.getByLabel('Name', { exact: true }).fill('Renamed');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(transactions.row('Renamed')).toBeVisible();
  const scrolls = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(scrolls).toBe(false);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(transactions.row('Row 01')).toBeVisible();
});
