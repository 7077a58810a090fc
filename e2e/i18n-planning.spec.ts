import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api';
import { createTransactions, daysAgo, todayUtc } from './support/transactions';
import { createUser, signInWithToken } from './support/users';

// Budgets, recurring transactions, rules and reports in German and Japanese on a 360-px phone
// (docs/i18n.md): the headings are the language's, and no screen scrolls sideways — German's long
// words wrap, Japanese fits.
test.use({ viewport: { width: 360, height: 740 } });

async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

const SCREENS = {
  'de-DE': {
    '/budgets': 'Budgets',
    '/recurring-transactions': 'Wiederkehrende Buchungen',
    '/rules': 'Regeln',
    '/reports': 'Berichte',
  },
  'ja-JP': {
    '/budgets': '予算',
    '/recurring-transactions': '定期取引',
    '/rules': 'ルール',
    '/reports': 'レポート',
  },
} as const;

for (const [locale, screens] of Object.entries(SCREENS)) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`budgets, recurring, rules and reports speak ${locale} and fit 360 px`, async ({
      page,
      request,
    }) => {
      // The interface follows the locale the user chose at setup (the server remembers it).
      const user = await createUser(request, { label: `i18n-${locale}`, locale });
      const [year, month] = todayUtc().split('-').map(Number) as [number, number];
      await api(request, user.token, 'post', '/api/budgets', {
        category: 'Food',
        amount: 1234.5,
        month,
        year,
      });
      await api(request, user.token, 'post', '/api/recurring/create', {
        name: 'Reinigungsfirma Sauber & Glänzend',
        category: 'Bills',
        amount: 80,
        isIncome: false,
        frequency: 'weekly',
        interval: 2,
        startDate: todayUtc(),
      });
      await api(request, user.token, 'post', '/api/rules', {
        field: 'name',
        operator: 'startsWith',
        value: 'rewe',
        isIncome: null,
        category: 'Groceries',
      });
      await createTransactions(request, user.token, [
        { name: 'REWE', category: 'Food', cost: 52.3, addedOn: daysAgo(40) },
        { name: 'Salary', category: 'Salary', cost: 3200, addedOn: daysAgo(40), isIncome: true },
      ]);
      await signInWithToken(page, user.token);

      for (const [path, title] of Object.entries(screens)) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        // Wait for the figures, not only the heading: a loaded list is what must fit.
        await page.waitForLoadState('networkidle');
        expect(await hasHorizontalScroll(page), `${locale} ${path} scrolls sideways`).toBe(false);
      }
      await page.goto('/recurring-transactions');
      await expect(
        page.getByText(locale === 'de-DE' ? 'Alle 2 Wochen' : '2週間ごと').first(),
      ).toBeVisible();
    });
  });
}
