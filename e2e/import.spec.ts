import AxeBuilder from '@axe-core/playwright';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { AccountsPage } from './pages/accounts-page';
import { ImportPage } from './pages/import-page';
import { TransactionsPage } from './pages/transactions-page';
import { createUser, signInWithToken } from './support/users';

/** The server's own fixture: `;`, DD.MM.YYYY, decimal comma, Windows-1252, Soll/Haben columns. */
const GERMAN_CSV = fileURLToPath(
  new URL('../apps/server/test/fixtures/imports/de-bank.csv', import.meta.url),
);

/** A Quicken export of a checking and a credit card account (and a skipped investment one). */
const QUICKEN_TWO_ACCOUNTS = fileURLToPath(
  new URL(
    '../apps/server/test/fixtures/imports/multi-account/quicken-two-accounts.qif',
    import.meta.url,
  ),
);

/**
 * A YNAB register export of three accounts, with transfers and a split
 * (docs/imports-other-apps.md).
 */
const YNAB_REGISTER = fileURLToPath(
  new URL('../apps/server/test/fixtures/imports/other-apps/ynab-register.csv', import.meta.url),
);

test('a German bank file is previewed, remapped, imported, found again as duplicates, and undone', async ({
  page,
  request,
}) => {
  // Three uploads and four screens on a busy 2-core machine.
  test.setTimeout(180_000);
  const user = await createUser(request, { label: 'import' });
  await signInWithToken(page, user.token);
  const imports = new ImportPage(page);
  await imports.goto();

  let preview = await imports.upload(GERMAN_CSV, 'de-bank.csv');
  // Detected from the bytes: Soll/Haben, decimal comma, day first, the preamble skipped.
  await expect(preview.getByRole('radio', { name: /Separate debit and credit/ })).toBeChecked();
  await expect(preview.getByLabel('Debit (money out) column')).toHaveValue('5');
  await expect(preview.getByLabel('Credit (money in) column')).toHaveValue('6');
  await expect(preview.getByLabel('Decimal separator')).toHaveValue(',');
  await expect(preview.getByLabel('Date format')).toHaveValue('DD.MM.YYYY');
  await expect(imports.counts(preview)).toHaveText(
    /New\s*8\s*Transfers\s*0\s*Duplicates\s*0\s*Problems\s*0/,
  );
  // Windows-1252 read right: umlauts and the euro sign.
  await expect(imports.row(preview, 'Bäckerei Müller')).toContainText('-$4.20');
  await expect(imports.row(preview, 'Arbeitgeber AG')).toContainText('+$2,450.00');

  // The note from "Buchungstext" rather than "Verwendungszweck": the rows are read again.
  await preview.getByLabel('Note column').selectOption('3');
  await expect(imports.row(preview, 'REWE Markt GmbH')).toContainText('Kartenzahlung');
  await expect(imports.row(preview, 'REWE Markt GmbH')).not.toContainText('REWE SAGT DANKE');
  // One row's category changed by hand.
  await imports
    .row(preview, 'REWE Markt GmbH')
    .getByLabel('Category of row 1')
    .selectOption('Groceries');
  await imports.commit(preview, 8);
  await expect(
    page.getByRole('main').getByText('8 transactions imported from de-bank.csv.', { exact: true }),
  ).toBeVisible();

  const transactions = new TransactionsPage(page);
  await transactions.goto();
  await expect(transactions.row('Bäckerei Müller')).toContainText('-$4.20');
  await expect(transactions.row('REWE Markt GmbH')).toContainText('Groceries');
  await expect(transactions.row('REWE Markt GmbH')).toContainText('$23.45');
  await expect(transactions.row('Finanzamt Köln')).toContainText('$1,012.37');

  // 2,450.00 + 1,012.37 in, 1,111.35 out.
  const accounts = new AccountsPage(page);
  await accounts.goto();
  await expect(accounts.balance('Main')).toHaveText('$2,351.02');

  // The same file again: every row is a duplicate, nothing to import.
  await imports.goto();
  preview = await imports.upload(GERMAN_CSV, 'de-bank.csv');
  await expect(imports.counts(preview)).toHaveText(
    /New\s*0\s*Transfers\s*0\s*Duplicates\s*8\s*Problems\s*0/,
  );
  await expect(preview.getByRole('button', { name: 'Import 0 transactions' })).toBeDisabled();
  await expect(
    imports.row(preview, 'REWE Markt GmbH').getByRole('checkbox', { name: 'Import row 1' }),
  ).not.toBeChecked();
  await preview.getByRole('button', { name: 'Choose another file' }).click();

  // Undo the first import: its transactions go, the balance returns.
  const committed = imports.history.getByRole('listitem').filter({ hasText: 'Imported · 8' });
  await committed.getByRole('button', { name: 'Undo de-bank.csv' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Undo the import of "de-bank.csv"?' });
  await dialog.getByRole('button', { name: 'Undo Import' }).click();
  await expect(page.getByText('Import undone: 8 transactions deleted.')).toBeVisible();
  await expect(imports.history.getByRole('listitem').filter({ hasText: 'Undone' })).toHaveCount(1);

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  await accounts.goto();
  await expect(accounts.balance('Main')).toHaveText('$0.00');
  await transactions.goto();
  await expect(transactions.empty).toBeVisible();
});

test('a rule made on the Rules screen categorises a row of the next import, on a phone in the dark', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const user = await createUser(request, { label: 'import-rule' });
  await signInWithToken(page, user.token);

  await page.goto('/rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
  await expect(page.getByText('No rules yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Rule' });
  await dialog.getByLabel('Condition').selectOption({ label: 'starts with' });
  await dialog.getByLabel('Text').fill('deutsche bahn');
  await dialog.getByLabel('For').selectOption({ label: 'Expenses only' });
  await dialog.getByLabel('Set the category to').selectOption('Transportation');
  await dialog.getByLabel('Rename to (optional)').fill('Train');
  await dialog.getByRole('button', { name: 'Add Rule' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('listitem', {
      name: 'Rule 1: Name starts with "deutsche bahn" → Transportation',
    }),
  ).toBeVisible();

  const imports = new ImportPage(page);
  await imports.goto();
  const preview = await imports.upload(GERMAN_CSV, 'de-bank.csv');
  // Renamed and categorised by the rule; the other rows keep their names.
  const train = imports.row(preview, 'Train');
  await expect(train.getByLabel('Category of row 5')).toHaveValue('Transportation');
  await expect(imports.row(preview, 'REWE Markt GmbH')).toBeVisible();
  // The rows are stacked cards at 360 px: the page never scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  // The preview with its mapping and rows, in the dark theme, as a screen reader meets it.
  await expect(page.locator('html')).toHaveClass(/dark/);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  await imports.commit(preview, 8);
  const transactions = new TransactionsPage(page);
  await transactions.goto();
  await expect(page.getByText('Train').first()).toBeVisible();
});

test('a Quicken file of two accounts goes into two accounts, its card payment one transfer, on a phone in the dark', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const user = await createUser(request, { label: 'import-multi' });
  await signInWithToken(page, user.token);
  const imports = new ImportPage(page);
  await imports.goto();

  const preview = await imports.upload(QUICKEN_TWO_ACCOUNTS, 'quicken-two-accounts.qif');
  await expect(preview).toContainText('QIF · 6 rows · 2 accounts.');
  const found = preview.getByRole('region', { name: 'Accounts in this file' });
  const statement = (name: string) =>
    found.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  // Neither account exists yet: both are offered as new accounts.
  await expect(statement('Everyday Checking')).toContainText('Checking · 3 rows');
  await expect(statement('Visa Signature')).toContainText('Credit card · 3 rows');
  await expect(statement('Visa Signature').getByLabel('Import into')).toHaveValue('new');
  // The checking block into Main, chosen with the keyboard.
  const checkingInto = statement('Everyday Checking').getByLabel('Import into');
  await checkingInto.focus();
  await checkingInto.selectOption({ label: 'Main' });
  await expect(checkingInto).not.toHaveValue('new');
  // The rows come under their account's title; the card payment's two rows are one transfer.
  const table = imports.rowsTable(preview);
  await expect(table.getByRole('columnheader', { name: 'Visa Signature' })).toBeVisible();
  await expect(imports.row(preview, 'Visa Payment')).toContainText('Transfer');

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await expect(page.locator('html')).toHaveClass(/dark/);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  await preview.getByRole('button', { name: 'Import 4 transactions and 1 transfer' }).click();
  await expect(preview).toBeHidden({ timeout: 20_000 });

  // −1,200.00 − 250.00 + 2,980.40 in Main; −42.17 + 250.00 − 15.49 on the new card account.
  const accounts = new AccountsPage(page);
  await accounts.goto();
  await expect(accounts.balance('Main')).toHaveText('$1,530.40');
  await expect(accounts.balance('Visa Signature')).toHaveText('$192.34');
});

test('a YNAB export is read as YNAB: its three accounts created, its transfers one each, on a phone in the dark', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const user = await createUser(request, { label: 'import-ynab' });
  await signInWithToken(page, user.token);
  const imports = new ImportPage(page);
  await imports.goto();

  const preview = await imports.upload(YNAB_REGISTER, 'ynab-register.csv');
  // 12 records, 11 rows: Costco's two split records are one row with its parts.
  await expect(preview).toContainText('Read as a YNAB export · 10 rows · 3 accounts.');
  // Read by YNAB's columns: no column mapping to make.
  await expect(preview.getByRole('group', { name: 'Columns' })).toHaveCount(0);
  const found = preview.getByRole('region', { name: 'Accounts in this file' });
  const statement = (name: string) =>
    found.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  // YNAB's "Starting Balance" is the account's opening balance, not a row.
  await expect(statement('Checking')).toContainText('Checking · 5 rows');
  await expect(statement('Visa Card')).toContainText('Credit card · 3 rows');
  await expect(statement('Savings').getByLabel('Import into')).toHaveValue('new');
  await expect(imports.counts(preview)).toHaveText(
    /New\s*6\s*Transfers\s*4\s*Duplicates\s*0\s*Problems\s*0/,
  );
  await expect(preview.getByRole('list', { name: 'Parts of row 4' })).toHaveText(
    /Everyday Expenses: Groceries: \$120\.00 — food\s*Household: Supplies: \$35\.50 — paper towels/,
  );

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  await preview.getByRole('button', { name: 'Import 6 transactions and 2 transfers' }).click();
  await expect(preview).toBeHidden({ timeout: 20_000 });
  // 2,500 (opening) − 86.40 − 300 − 155.50 + 1,234.56 − 40 in Checking; 300 + 1.25 in Savings.
  const accounts = new AccountsPage(page);
  await accounts.goto();
  await expect(accounts.balance('Checking')).toHaveText('$3,152.66');
  await expect(accounts.balance('Savings')).toHaveText('$301.25');
});
