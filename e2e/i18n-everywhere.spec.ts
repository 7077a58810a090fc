// The person's language all the way (docs/i18n.md): in German and in Japanese, setup preselects
// the country's currency and names currencies in the language, a search with the language's
// keywords and category names finds the rows its chip names, the doughnut speaks the language,
// amount fields show the locale's decimal mark, and the CSV "for a spreadsheet" opens in columns
// with the locale's numbers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createTransactions, daysAgo } from './support/transactions';
import { createUser, signInWithToken } from './support/users';

type Messages = Record<string, unknown>;

/** A message of the web's, read from its locale file: the test says what the person reads. */
function message(language: string, namespace: string, key: string): string {
  const file = join(
    import.meta.dirname,
    '..',
    'apps',
    'web',
    'src',
    'locales',
    language,
    `${namespace}.json`,
  );
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Messages)[part],
      JSON.parse(readFileSync(file, 'utf8')),
    );
  if (typeof value !== 'string') throw new Error(`No message ${language}/${namespace}:${key}`);
  return value;
}

/** Signs up without setup and opens the setup page in this browser's language. */
async function setUp(page: Page, request: Parameters<typeof createUser>[0], language: string) {
  const user = await createUser(request, { completeSetup: false, label: `lang-${language}` });
  await signInWithToken(page, user.token);
  await page.goto('/setup');
  return user;
}

async function search(page: Page, language: string, text: string) {
  const box = page.getByRole('searchbox', {
    name: message(language, 'transactions', 'filters.search'),
  });
  await box.fill(text);
}

/** The rows of a spreadsheet CSV: byte-order mark, CRLF, the given separator (no quoted cells here). */
function spreadsheetRows(text: string, separator: string): string[][] {
  expect(text.startsWith('\ufeff')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(separator));
}

test.describe('German', () => {
  test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

  test('setup, search, doughnut, amounts and the spreadsheet CSV speak German', async ({
    page,
    request,
  }) => {
    const user = await setUp(page, request, 'de');
    // The country's currency preselected, the currencies named in German.
    await expect(page.getByRole('radio', { name: /Euro/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /US-Dollar/ })).not.toBeChecked();
    await page
      .getByRole('button', { name: message('de', 'auth', 'setup.saveAndContinue') })
      .click();
    await expect(page).toHaveURL(/\/dashboard/);

    await createTransactions(request, user.token, [
      { name: 'Bäcker', category: 'Groceries', cost: 47.3, addedOn: daysAgo(2) },
      { name: 'Schuhe', category: 'Shopping', cost: 1234.56, addedOn: daysAgo(3) },
    ]);

    // The doughnut's accessible text and table name the categories in German.
    await page.goto('/dashboard');
    const doughnut = await chartOf(page, message('de', 'dashboard', 'charts.expensesByCategory'));
    await expect(doughnut).toHaveAttribute('aria-label', /Lebensmittel/);
    await expect(doughnut).not.toHaveAttribute('aria-label', /Groceries|Shopping/);

    // German keywords and the category's German name find the groceries; the chip agrees.
    await page.goto('/transactions');
    await search(page, 'de', 'kategorie:Lebensmittel');
    await expect(page.getByText('Kategorie: Lebensmittel')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Schuhe' })).toHaveCount(0);
    await expect(page.getByText('Bäcker').first()).toBeVisible();
    await search(page, 'de', 'category:Lebensmittel');
    await expect(page.getByText('Bäcker').first()).toBeVisible();
    await expect(page.getByText('Schuhe')).toHaveCount(0);
    await search(page, 'de', `betrag:>100 vor:${germanDate(daysAgo(0))}`);
    await expect(page.getByText('Schuhe').first()).toBeVisible();
    await expect(page.getByText('Bäcker')).toHaveCount(0);
    // A search without hits says so, not that there are no transactions yet.
    await search(page, 'de', 'kategorie:Lebensmittel betrag:>1000');
    await expect(page.getByText(message('de', 'transactions', 'page.emptyMatching'))).toBeVisible();
    await search(page, 'de', '');

    // The edit field keeps the cents with a decimal comma; a new amount's placeholder is 0,00.
    await page
      .getByRole('button', {
        name: message('de', 'transactions', 'table.actionsFor').replace('{{name}}', 'Bäcker'),
      })
      .first()
      .click();
    await page.getByRole('menuitem', { name: message('de', 'transactions', 'table.edit') }).click();
    const amount = page.getByRole('textbox', { name: /Betrag/ }).first();
    await expect(amount).toHaveValue('47,30');
    await expect(amount).toHaveAttribute('placeholder', '0,00');
    await page.keyboard.press('Escape');

    // The CSV for a spreadsheet: semicolons, decimal commas, German headers and values.
    await page.goto('/transactions');
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('button', { name: message('de', 'transactions', 'page.exportSpreadsheet') })
      .click();
    const file = await (await downloading).path();
    const rows = spreadsheetRows(readFileSync(file, 'utf8'), ';');
    const header = rows[0]!;
    expect(header.slice(0, 5)).toEqual(['Datum', 'Art', 'Name', 'Kategorie', 'Betrag']);
    const shoes = rows.find((row) => row[2] === 'Schuhe')!;
    expect(shoes[1]).toBe('Ausgabe');
    expect(shoes[3]).toBe(message('de', 'common', 'categories.shopping'));
    expect(Number(shoes[4]!.replace(',', '.'))).toBe(1234.56);
  });
});

test.describe('Japanese', () => {
  test.use({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });

  test('setup, search, doughnut and the spreadsheet CSV speak Japanese', async ({
    page,
    request,
  }) => {
    const user = await setUp(page, request, 'ja');
    await expect(page.getByRole('radio', { name: /日本円|JPY/ })).toBeChecked();
    await page
      .getByRole('button', { name: message('ja', 'auth', 'setup.saveAndContinue') })
      .click();
    await expect(page).toHaveURL(/\/dashboard/);

    const groceries = message('ja', 'common', 'categories.groceries');
    await createTransactions(request, user.token, [
      { name: 'スーパー', category: 'Groceries', cost: 1200, addedOn: daysAgo(2) },
      { name: '靴', category: 'Shopping', cost: 8000, addedOn: daysAgo(3) },
    ]);

    await page.goto('/dashboard');
    const doughnut = await chartOf(page, message('ja', 'dashboard', 'charts.expensesByCategory'));
    await expect(doughnut).toHaveAttribute('aria-label', new RegExp(groceries));

    await page.goto('/transactions');
    await search(page, 'ja', `カテゴリ:${groceries}`);
    await expect(page.getByText(`カテゴリ：${groceries}`)).toBeVisible();
    await expect(page.getByText('スーパー').first()).toBeVisible();
    await expect(page.getByText('靴')).toHaveCount(0);

    await page.goto('/transactions');
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('button', { name: message('ja', 'transactions', 'page.exportSpreadsheet') })
      .click();
    const rows = spreadsheetRows(readFileSync(await (await downloading).path(), 'utf8'), ',');
    expect(rows[0]!.slice(0, 5)).toEqual(['日付', '種類', '名前', 'カテゴリ', '金額']);
    const shoes = rows.find((row) => row[2] === '靴')!;
    expect(shoes[3]).toBe(message('ja', 'common', 'categories.shopping'));
    expect(Number(shoes[4])).toBe(8000);
  });
});

/** A dashboard chart's canvas: its card scrolled to first, as a chart is drawn once in view. */
async function chartOf(page: Page, title: string) {
  const card = page.getByRole('region', { name: title });
  await card.scrollIntoViewIfNeeded();
  return card.getByRole('img');
}

/** 'YYYY-MM-DD' as a German types it: 01.02.2026. */
function germanDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}
