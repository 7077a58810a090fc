import { expect, test } from '@playwright/test';
import { BudgetsPage } from './pages/budgets-page';
import { ReceiptsPage } from './pages/receipts-page';
import { TransactionsPage } from './pages/transactions-page';
import { printReceiptPdf } from './support/receipt-image';
import { createUser, signInWithToken } from './support/users';

// Users made by createUser keep the default time zone, UTC: the receipt is dated today so that
// its expense falls in the month the Budgets page opens on.
const today = new Date().toISOString().slice(0, 10);
const [year, month, day] = today.split('-') as [string, string, string];

/** Cents of an amount typed as "12.34": the test's own arithmetic, not the app's. */
const cents = (typed: string) => Math.round(Number(typed) * 100);
const dollars = (amountCents: number) =>
  `$${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;

test('a receipt read into an expense is split in two categories, each counted in its budget', async ({
  page,
  request,
  context,
}) => {
  // The first upload also starts the receipt readers, which takes a few seconds.
  test.setTimeout(150_000);
  const total = '48.60';
  const user = await createUser(request, { label: 'splits' });
  const headers = { Authorization: `Bearer ${user.token}` };
  await signInWithToken(page, user.token);

  // 1. A real receipt (a PDF printed by the browser) is read into an expense.
  const receipts = new ReceiptsPage(page);
  await receipts.goto();
  const pdf = await printReceiptPdf(context, [
    'CORNER MARKET',
    '8 High Street',
    // Year first: a date such as 12/07 is either order, and a reading of either is marked
    // for checking, on the days of every month up to the 12th.
    `Date: ${year}-${month}-${day}`,
    '',
    'Apples           12.10',
    'Bread            18.00',
    'Cinema ticket    18.50',
    `TOTAL          $${total}`,
  ]);
  await receipts.upload({ name: 'corner-market.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(receipts.resultPanel).toContainText(`$${total}`, { timeout: 90_000 });

  const listed = await request.get('/api/transactions', { headers });
  const [expense] = ((await listed.json()) as { transactions: { name: string; cost: number }[] })
    .transactions;
  expect(expense?.cost).toBe(Number(total));
  const name = expense!.name;

  // 2. Opened from the list and split into two parts of different categories.
  const transactions = new TransactionsPage(page);
  await transactions.goto();
  const form = await transactions.openEditForm(name);
  await form.dialog.getByRole('button', { name: 'Split into categories' }).click();
  const first = { category: 'Groceries', amount: '30.10' };
  const second = { category: 'Entertainment', amount: '18.00' };
  await form.field('Part 1 category').selectOption(first.category);
  await form.field('Part 1 amount (USD)').fill(first.amount);
  const left = form.dialog.getByText(/^(Left to assign|Assigned too much|All of the amount)/);
  await expect(left).toHaveText(`Left to assign: ${dollars(cents(total) - cents(first.amount))}`);
  await form.field('Part 2 category').selectOption(second.category);
  await form.field('Part 2 amount (USD)').fill(second.amount);
  const shortBy = cents(total) - cents(first.amount) - cents(second.amount);
  expect(shortBy).toBeGreaterThan(0);
  await expect(left).toHaveText(`Left to assign: ${dollars(shortBy)}`);

  // A wrong sum is said, and nothing is saved.
  await form.submit();
  await expect(form.dialog.getByRole('alert')).toHaveText(
    'The parts of a split must add up to exactly the amount.',
  );
  await expect(form.dialog).toBeVisible();
  const unsaved = await request.get('/api/transactions', { headers });
  expect(
    ((await unsaved.json()) as { transactions: { splits?: unknown }[] }).transactions[0]?.splits,
  ).toBeUndefined();

  // The second part takes what was left; everything is assigned, and it saves.
  second.amount = String((cents(second.amount) + shortBy) / 100);
  await form.field('Part 2 amount (USD)').fill(second.amount);
  await expect(left).toHaveText('All of the amount is assigned.');
  await form.submit();
  await expect(form.dialog).toBeHidden();

  const saved = await request.get('/api/transactions', { headers });
  expect(
    (
      (await saved.json()) as {
        transactions: { category: string; splits?: { category: string; amount: number }[] }[];
      }
    ).transactions[0],
  ).toMatchObject({
    // The transaction carries its largest part's category.
    category: first.category,
    splits: [
      { category: first.category, amount: cents(first.amount) / 100 },
      { category: second.category, amount: cents(second.amount) / 100 },
    ],
  });

  // 3. Each category's budget for the month has spent exactly its part.
  const budgets = new BudgetsPage(page);
  await budgets.goto();
  const limits = { [first.category]: '100', [second.category]: '40' };
  for (const part of [first, second]) {
    await budgets.add({ category: part.category, amount: limits[part.category]! });
    await expect(budgets.formDialog).toBeHidden();
  }
  for (const part of [first, second]) {
    const row = budgets.row(part.category);
    await expect(row).toContainText(`${Number(month)}/${year}`);
    const spent = cents(part.amount);
    const limit = cents(limits[part.category]!);
    await expect(row.getByRole('cell').filter({ hasText: dollars(spent) })).not.toHaveCount(0);
    await expect(budgets.progress(part.category)).toHaveAttribute(
      'aria-valuenow',
      String(Math.round((spent / limit) * 100)),
    );
    await expect(row).toContainText(dollars(limit - spent));
  }

  // 4. The list's category filter finds the transaction by its second part's category.
  await transactions.goto();
  await transactions.category.selectOption(second.category);
  await expect(transactions.chip(`Category: ${second.category}`)).toBeVisible();
  await expect(transactions.rows).toHaveCount(1);
  await expect.poll(() => transactions.names()).toEqual([name]);
  await transactions.category.selectOption('Bills');
  await expect(transactions.empty).toBeVisible();
});
