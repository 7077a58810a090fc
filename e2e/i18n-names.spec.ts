// The translation check of every signed-in screen in German, French and Japanese (docs/i18n.md,
// Browser checks): no English in the visible text, in the accessible names and hints (aria-label,
// title, placeholder, alt) or in the charts' summaries, which the screens draw once scrolled to.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  englishOnPage,
  englishPatterns,
  scrollThrough,
  type Language,
} from './support/english-check';
import { createTransactions, daysAgo } from './support/transactions';
import { createUser, signInWithToken } from './support/users';

const SCREEN_PATHS = [
  '/dashboard',
  '/transactions',
  '/transactions/trash',
  '/tags',
  '/accounts',
  '/receipts',
  '/import',
  '/rules',
  '/rates',
  '/settings',
  '/reports',
  '/budgets',
  '/recurring-transactions',
] as const;

/** Transactions in built-in categories (whose names are translated), spread over two months. */
async function seed(request: APIRequestContext, token: string): Promise<string[]> {
  await createTransactions(request, token, [
    { name: 'Bäckerei 1', category: 'Groceries', cost: 12.5, addedOn: daysAgo(1) },
    { name: 'Bäckerei 2', category: 'Transportation', cost: 30, addedOn: daysAgo(5) },
    { name: 'Bäckerei 3', category: 'Shopping', cost: 45.2, addedOn: daysAgo(40) },
    { name: 'Lohn', category: 'Salary', cost: 2500, addedOn: daysAgo(3), isIncome: true },
  ]);
  const accounts = (await (
    await request.get('/api/accounts', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { name: string }[];
  return ['Bäckerei 1', 'Bäckerei 2', 'Bäckerei 3', 'Lohn', ...accounts.map((a) => a.name)];
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('main h1').first()).toBeVisible();
}

const LANGUAGES = [
  { language: 'de', locale: 'de-DE' },
  { language: 'fr', locale: 'fr-FR' },
  { language: 'ja', locale: 'ja-JP' },
] as const satisfies readonly { language: Language; locale: string }[];

for (const { language, locale } of LANGUAGES) {
  test.describe(language, () => {
    test.use({ locale, timezoneId: 'Europe/Berlin' });

    test(`${language}: no English in any signed-in screen's text, names or charts`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 360, height: 780 });
      const user = await createUser(request, { completeSetup: false, label: `names-${language}` });
      const setup = await request.put('/api/auth/setup', {
        headers: { Authorization: `Bearer ${user.token}` },
        data: { defaultCurrency: 'EUR', locale },
      });
      expect(setup.status()).toBe(200);
      const userData = [...(await seed(request, user.token)), user.email];
      await signInWithToken(page, user.token);
      const patterns = englishPatterns(language);
      const failing: Record<string, string[]> = {};
      for (const path of SCREEN_PATHS) {
        await page.goto(path);
        await settle(page);
        await scrollThrough(page);
        await page.waitForLoadState('networkidle');
        const english = await englishOnPage(page, userData, patterns);
        if (english.length > 0) failing[path] = english;
      }
      // The dashboard's charts were drawn: their summaries were among the names checked.
      await page.goto('/dashboard');
      await settle(page);
      await scrollThrough(page);
      await expect(page.locator('canvas[role="img"]').first()).toHaveAttribute('aria-label', /.+/);
      expect(failing).toEqual({});
    });
  });
}
