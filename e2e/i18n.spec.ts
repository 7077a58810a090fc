// Languages and formats (DESIGN §6.9, docs/i18n.md): a German browser is offered German at
// setup, works in it with German numbers and dates, then switches to Japanese and finds no
// English left on the translated screens. Extend SCREENS as more screens are translated.
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInWithToken } from './support/users';

test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

/**
 * Translated screens, what shows each is drawn, and the part of it that is translated (the whole
 * page once every section is: Settings' other sections are not yet, see docs/i18n.md).
 */
const SCREENS: { path: string; scope: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/dashboard',
    scope: 'body',
    ready: (page) => expect(page.getByTestId('summary-amount').first()).toBeVisible(),
  },
  {
    path: '/settings',
    scope: 'section[aria-labelledby="preferences-heading"]',
    ready: (page) => expect(page.locator('#preferences-heading')).toBeVisible(),
  },
  {
    path: '/no-such-page',
    scope: 'body',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
];

/**
 * English words of the translated screens that must not be left in Japanese. Short common words
 * and names (Moneta, currency codes, the user's own data) are not in it.
 */
const ENGLISH = [
  'Dashboard',
  'Transactions',
  'Accounts',
  'Reports',
  'Settings',
  'Logout',
  'Total Income',
  'Total Expense',
  'Current Balance',
  'Preferences',
  'Time zone',
  'Theme',
  'Period',
  'Showing',
  'Add Transaction',
  'Recent Transactions',
  'Expenses by Category',
  'Income Vs Time',
  'Expense Vs Time',
  'Manage accounts',
  'Page not found',
  'Back to home',
];

async function visibleText(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((element) => (element as HTMLElement).innerText);
}

test('a German browser is offered German, sees German formats, and can switch to Japanese', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const user = await createUser(request, { completeSetup: false, label: 'i18n' });
  await signInWithToken(page, user.token);
  await page.goto('/setup');

  // The browser's language is offered first, and the setup page is already in it.
  const language = page.getByLabel('Sprache und Formate');
  await expect(language).toHaveValue('de-DE');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await page.getByRole('radio', { name: /EUR/ }).check();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/auth/setup') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ locale: 'de-DE', defaultCurrency: 'EUR' });

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();

  // 12,50 typed as a German writes it: the form reads it in the user's number format.
  await page.getByRole('button', { name: 'Buchung hinzufügen' }).click();
  const dialog = page.getByRole('dialog').first();
  await dialog.locator('input[name="name"]').fill('Bäckerei');
  await dialog.locator('select[name="category"]').selectOption('Food');
  await dialog.locator('input[name="cost"]').fill('12,50');
  await dialog.locator('input[name="addedOn"]').fill('2026-11-25');
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/transactions') && response.request().method() === 'POST',
  );
  await dialog.locator('button[type="submit"]').click();
  // The new account holds nothing: the app asks to confirm an expense above its balance (the
  // last button, after Cancel, adds it anyway, whatever the language).
  const ask = page.getByRole('alertdialog');
  if (
    await ask.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    )
  ) {
    await ask.getByRole('button').last().click();
  }
  const transaction = await created;
  expect(transaction.status()).toBe(201);
  expect(await transaction.json()).toMatchObject({ cost: 12.5, currency: 'EUR' });

  // Amounts and dates in German.
  // The default period, the last 30 days, holds the 25th.
  const main = page.locator('main');
  await expect(main.getByText('Bäckerei')).toBeVisible();
  await expect(main.getByText(/^-12,50\s€$/).first()).toBeVisible();
  await expect(main.getByText(/25\.11\.2026/).first()).toBeVisible();
  await expect(main.getByTestId('summary-amount').nth(1)).toHaveText(/^12,50\s€$/);
  await page.screenshot({ path: 'test-results/i18n-de-dashboard-360.png', fullPage: true });

  // Japanese, chosen in Settings: shown at once and remembered on the server.
  await page.goto('/settings');
  const chosen = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/auth/setup') && response.request().method() === 'PUT',
  );
  await page.getByLabel('Sprache und Formate').selectOption('ja-JP');
  expect(await (await chosen).json()).toMatchObject({ locale: 'ja-JP', defaultCurrency: 'EUR' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page.getByLabel('言語と表示形式')).toHaveValue('ja-JP');

  await page.reload();
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await screen.ready(page);
    const text = await visibleText(page, screen.scope);
    const left = ENGLISH.filter((word) => text.includes(word));
    expect(left, `English left on ${screen.path}`).toEqual([]);
    // Nothing wider than the 360-px screen (a header button pushed past it, say).
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${screen.path} is wider than the screen`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `test-results/i18n-ja${screen.path.replace('/', '-')}-360.png`,
      fullPage: true,
    });
  }
  await page.goto('/dashboard');
  await expect(page.getByTestId('summary-amount').nth(1)).toHaveText(/^€12\.50$/);
  await expect(page.getByText('2026/11/25').first()).toBeVisible();

  // No button is clipped at 360 px: each one's text fits its box.
  const clipped = await page
    .locator('button:visible')
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => button.scrollWidth > button.clientWidth + 1)
        .map((button) => button.textContent),
    );
  expect(clipped).toEqual([]);
});
