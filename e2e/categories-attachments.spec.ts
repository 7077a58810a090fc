import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TransactionsPage } from './pages/transactions-page';
import { renderReceiptPng } from './support/receipt-image';
import { chooseRowAction } from './support/row-actions';
import { createTransactions, todayUtc } from './support/transactions';
import { createUser, signInWithToken } from './support/users';

async function noAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

test('merges a category with a confirmation naming the rows, and hides a built-in', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'categories' });
  await createTransactions(request, user.token, [
    { name: 'Vet', category: 'Pets', cost: 40, addedOn: todayUtc() },
    { name: 'Kibble', category: 'Pets', cost: 12, addedOn: todayUtc() },
    { name: 'Zoo', category: 'Animals', cost: 30, addedOn: todayUtc() },
  ]);
  await signInWithToken(page, user.token);
  const transactions = new TransactionsPage(page);
  await transactions.goto();
  await transactions.manageCategoriesButton.click();
  const manage = page.getByRole('dialog', { name: 'Manage Custom Categories' });
  await expect(manage.getByText('2 transactions')).toBeVisible();
  await noAxeViolations(page);

  await manage.getByRole('button', { name: 'Rename Pets' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename or merge "Pets"' });
  await rename.getByLabel('New name, or a category to merge into').fill('Animals');
  await rename.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Merge "Pets" into "Animals"?' });
  await expect(confirm).toContainText('2 transactions will move from "Pets" to "Animals"');
  await noAxeViolations(page);
  await confirm.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText('"Pets" merged into "Animals": 2 transactions moved.')).toBeVisible();
  await expect(manage.getByRole('button', { name: 'Rename Pets' })).toBeHidden();
  await expect(manage.getByText('3 transactions')).toBeVisible();

  await manage.getByText('Built-in categories', { exact: true }).click();
  await manage.getByRole('button', { name: 'Hide Transportation' }).click();
  await expect(manage.getByRole('button', { name: 'Show Transportation' })).toBeVisible();
  await manage.getByRole('button', { name: 'Close', exact: true }).click();

  // The rows moved, and the hidden built-in is no longer offered in the form.
  await expect(transactions.row('Vet')).toContainText('Animals');
  const form = await transactions.openAddForm();
  const options = await form.dialog.getByLabel('Category').locator('option').allTextContents();
  expect(options).toContain('Food');
  expect(options).not.toContain('Transportation');
});

test('attaches a PNG and a PDF in Details, previews them, refuses a text file and deletes', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'attachments' });
  await createTransactions(request, user.token, [
    { name: 'Laptop', category: 'Shopping', cost: 999, addedOn: todayUtc() },
  ]);
  await signInWithToken(page, user.token);
  const transactions = new TransactionsPage(page);
  await transactions.goto();
  const png = await renderReceiptPng(page, ['WARRANTY CARD', 'Laptop 999.00']);
  await chooseRowAction(page, 'Laptop', 'Details');
  const details = page.getByRole('dialog', { name: 'Transaction Details' });
  await expect(details.getByText('No files attached.')).toBeVisible();

  const input = details.locator('input[type="file"]');
  await input.setInputFiles({ name: 'warranty.png', mimeType: 'image/png', buffer: png });
  await expect(details.getByText('warranty.png', { exact: true })).toBeVisible();
  await expect(
    details.getByRole('link', { name: 'Open warranty.png' }).locator('img'),
  ).toBeVisible();

  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  await input.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(details.getByRole('link', { name: 'Open invoice.pdf' })).toContainText('PDF');

  await input.setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('only text, renamed'),
  });
  await expect(details.getByText('Attach a JPG, PNG or PDF file.')).toBeVisible();
  await noAxeViolations(page);

  await details.getByRole('button', { name: 'Delete warranty.png' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete warranty.png?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(details.getByText('warranty.png', { exact: true })).toBeHidden();
  await expect(details.getByText('invoice.pdf', { exact: true })).toBeVisible();
});

test.describe('at 360 px in dark mode', () => {
  test.use({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });

  test('Manage Categories and Details fit and pass axe', async ({ page, request }) => {
    const user = await createUser(request, { label: 'catattach-mobile' });
    await createTransactions(request, user.token, [
      { name: 'Vet', category: 'Pets', cost: 40, addedOn: todayUtc() },
    ]);
    await signInWithToken(page, user.token);
    const transactions = new TransactionsPage(page);
    await transactions.goto();
    await transactions.manageCategoriesButton.click();
    const manage = page.getByRole('dialog', { name: 'Manage Custom Categories' });
    await expect(manage.getByText('1 transaction', { exact: true })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await noAxeViolations(page);
    await manage.getByRole('button', { name: 'Close', exact: true }).click();

    await chooseRowAction(page, 'Vet', 'Details');
    const details = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(details.getByText('No files attached.')).toBeVisible();
    await noAxeViolations(page);
  });
});
