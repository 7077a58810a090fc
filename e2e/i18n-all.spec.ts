// Every signed-in screen in another language (docs/i18n.md): a user who chose 日本語 at setup, with a
// little of everything (two accounts, income, expenses, a transfer, a budget, a recurring
// transaction, a rule), visits each screen of the router and opens the main dialogs; no visible
// text may hold an English word. The same walk in German also checks the formats: dates as
// 25.11.2026 and money as 12,50 €, never the original US forms.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  message,
  messagePatterns,
  SAME_IN_EVERY_LANGUAGE,
  type Language,
} from './support/english-check';
import { createUser, signInWithToken, type TestUser } from './support/users';

/**
 * Screens whose English comes from folders translated in a part not merged into this branch yet:
 * their English is still printed, but does not fail the test. Every part is merged; keep it empty
 * (a part translated later lists its screens here until it is merged).
 */
const NOT_YET_MERGED_SCREENS: readonly string[] = [];

const ALLOWED_WORDS = new Set(SAME_IN_EVERY_LANGUAGE);

const SCREEN_PATHS = [
  '/dashboard',
  '/transactions',
  '/transactions/trash',
  '/tags',
  '/accounts',
  '/accounts/:accountId',
  '/receipts',
  '/import',
  '/rules',
  '/rates',
  '/settings',
  '/reports',
  '/budgets',
  '/recurring-transactions',
] as const;

/** Where a dialog is opened, and the button (namespace, key) that opens it. */
const DIALOGS: { path: string; namespace: string; key: string }[] = [
  { path: '/dashboard', namespace: 'dashboard', key: 'addTransaction' },
  { path: '/transactions', namespace: 'transactions', key: 'page.addTransaction' },
  { path: '/accounts', namespace: 'accounts', key: 'addAccount' },
  { path: '/budgets', namespace: 'budgets', key: 'page.add' },
  { path: '/budgets', namespace: 'budgets', key: 'goals.add' },
  { path: '/recurring-transactions', namespace: 'recurring-transactions', key: 'page.add' },
  { path: '/rules', namespace: 'rules', key: 'page.add' },
];

/**
 * English a German page must not show: each English message of the web whose German differs, as
 * a pattern (its `{{values}}` any text), and words only English has (for texts not yet in a
 * message file). A Latin script cannot be told from English by its letters.
 */
function englishPatterns(language: Language): string[] {
  const patterns = messagePatterns(language);
  const words = [
    'the',
    'and',
    'your',
    'you',
    'with',
    'this',
    'from',
    'not',
    'are',
    'for',
    'Add',
    'Cancel',
    'Select',
    'Loading',
    'Category',
    'Account',
    'Currency',
    'Settings',
    'Save',
    'Delete',
    'Edit',
    'Close',
    'Next',
    'Previous',
    'Upcoming',
    'days',
    'Income',
    'Expense',
    'Transactions',
    'Amount',
    'Date',
    'Search',
    'Show',
    'Hide',
    'drop',
    'here',
    'Manage',
    'Back',
    'Balance',
    'Recurring',
    'Rules',
    'Reports',
    'Receipts',
    'Rates',
    'Trash',
    'Dashboard',
    'worth',
  ];
  // Not \b: it takes "ü" for a word's end ("Frühere" would hold "here").
  patterns.push(`(?<!\\p{L})(?:${words.join('|')})(?!\\p{L})`);
  return patterns;
}

interface Seeded {
  mainAccountId: string;
  /** Texts the user wrote (and the server's name for the first account): not checked. */
  userData: string[];
}

const TODAY = '2026-11-25';

/** A little of everything, through the API, as the user would have entered it. */
async function seed(request: APIRequestContext, user: TestUser): Promise<Seeded> {
  const headers = { Authorization: `Bearer ${user.token}` };
  const post = async (url: string, data: Record<string, unknown>) => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    return (await response.json()) as Record<string, unknown>;
  };
  const savings = await post('/api/accounts', { name: '貯金口座', type: 'savings' });
  const accounts = (await (await request.get('/api/accounts', { headers })).json()) as {
    _id: string;
    name: string;
  }[];
  const main = accounts.find((account) => account._id !== savings._id)!;
  await post('/api/transactions', {
    name: 'パン屋',
    category: 'Food',
    cost: 12.5,
    addedOn: TODAY,
    isIncome: false,
    accountId: main._id,
  });
  await post('/api/transactions', {
    name: '給料',
    category: 'Salary',
    cost: 2500,
    addedOn: '2026-11-20',
    isIncome: true,
    accountId: main._id,
  });
  await post('/api/transactions', {
    name: '電気代',
    category: 'Bills',
    cost: 80,
    addedOn: '2026-11-10',
    isIncome: false,
    accountId: main._id,
  });
  await post('/api/transfers', {
    fromAccountId: main._id,
    toAccountId: savings._id,
    amount: 300,
    date: '2026-11-21',
  });
  await post('/api/budgets', { category: 'Food', amount: 200, month: 11, year: 2026 });
  await post('/api/recurring/create', {
    name: '家賃',
    category: 'Bills',
    amount: 900,
    isIncome: false,
    frequency: 'monthly',
    startDate: '2026-12-01',
  });
  await post('/api/rules', { value: 'パン', category: 'Food' });
  return {
    mainAccountId: main._id,
    userData: [...accounts.map((account) => account.name), user.email],
  };
}

/** Sets the account up in `locale` through the setup page, as a new user would. */
async function setUpIn(page: Page, locale: string, label: string) {
  await page.goto('/setup');
  const language = page.getByLabel(label);
  // The browser's language is offered first.
  await expect(language).toHaveValue(locale);
  await page.getByRole('radio', { name: /EUR/ }).check();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/auth/setup') && response.request().method() === 'PUT',
  );
  await page.locator('main button[type="submit"]').click();
  expect(await (await saved).json()).toMatchObject({ locale, defaultCurrency: 'EUR' });
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Waits until the screen's data is drawn (no request in flight, no busy region). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('main h1').first()).toBeVisible();
}

/**
 * The visible texts (and the page title) holding an ASCII word of three letters or more that is
 * not the user's data, a currency code (three capitals) or an allowed word.
 */
function englishIn(
  page: Page,
  scope: string,
  userData: string[],
  patterns: string[] | null,
): Promise<string[]> {
  return page.evaluate(
    ({ scope, userData, allowed, patterns }) => {
      const allowedWords = new Set(allowed);
      const english = patterns?.map((source) => new RegExp(source, 'u'));
      const isEnglish = (text: string) => {
        // A time zone's IANA name (Europe/Berlin) is how every language names it.
        if (
          /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/\S/.test(
            text,
          )
        ) {
          return false;
        }
        let rest = text;
        for (const datum of userData) rest = rest.split(datum).join(' ');
        // A path or web address (/api/…, https://…) is written the same in every language.
        rest = rest.replace(/(?:https?:\/\/|\/)[\w./?=&%-]*[\w/]/g, ' ');
        if (english) return english.some((pattern) => pattern.test(rest.trim()));
        const words = rest.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
        return words.some(
          (word) =>
            word.replace(/[0-9]/g, '').length >= 3 &&
            !/^[A-Z]{3}$/.test(word) &&
            !allowedWords.has(word.toLowerCase()),
        );
      };
      const found: string[] = [];
      const root = document.querySelector(scope);
      if (!root) return [`(no ${scope})`];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        const parent = node.parentElement;
        if (!text || !parent || parent.closest('script, style, noscript, datalist, template')) {
          continue;
        }
        // The language picker names each locale in its own language ("Deutsch (Deutschland)").
        if (parent instanceof HTMLOptionElement && /^[a-z]{2}-[A-Z]{2}$/.test(parent.value)) {
          continue;
        }
        // Text in a closed <select> is read when it opens; the rest must be rendered.
        const isOption = parent.closest('select') !== null;
        if (!isOption && !parent.checkVisibility({ checkVisibilityCSS: true })) continue;
        if (isEnglish(text)) found.push(text);
      }
      if (scope === 'body' && isEnglish(document.title)) found.push(`title: ${document.title}`);
      return [...new Set(found)];
    },
    { scope, userData, allowed: [...ALLOWED_WORDS], patterns },
  );
}

/** Visits every screen and dialog; returns the English found, by screen. */
async function walk(page: Page, language: Language, seeded: Seeded) {
  const found = new Map<string, string[]>();
  // Japanese has no Latin letters of its own: any English word shows. German needs the patterns.
  const patterns = language === 'ja' ? null : englishPatterns(language);
  for (const path of SCREEN_PATHS) {
    await page.goto(path.replace(':accountId', seeded.mainAccountId));
    await settle(page);
    found.set(path, await englishIn(page, 'body', seeded.userData, patterns));
  }
  for (const dialog of DIALOGS) {
    await page.goto(dialog.path);
    await settle(page);
    const name = message(language, dialog.namespace, dialog.key);
    await page.getByRole('button', { name, exact: true }).first().click();
    const opened = page.getByRole('dialog').last();
    await expect(opened).toBeVisible();
    await page.waitForLoadState('networkidle');
    found.set(
      `${dialog.path} → ${dialog.namespace}:${dialog.key}`,
      await englishIn(page, '[role="dialog"]', seeded.userData, patterns),
    );
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
  }
  return found;
}

/** Fails on English (or US formats) outside NOT_YET_MERGED_SCREENS; prints all of it. */
function expectNoEnglish(found: Map<string, string[]>) {
  const failing: Record<string, string[]> = {};
  for (const [screen, texts] of found) {
    if (texts.length === 0) continue;
    const isPending = NOT_YET_MERGED_SCREENS.includes(screen);
    console.log(`${isPending ? '(not yet merged) ' : ''}English on ${screen}:`, texts);
    if (!isPending) failing[screen] = texts;
  }
  expect(failing).toEqual({});
}

test.describe('in Japanese', () => {
  test.use({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });

  test('no English on any signed-in screen or main dialog', async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 360, height: 780 });
    const user = await createUser(request, { completeSetup: false, label: 'i18n-all-ja' });
    await signInWithToken(page, user.token);
    await setUpIn(page, 'ja-JP', '言語と表示形式');
    const seeded = await seed(request, user);
    expectNoEnglish(await walk(page, 'ja', seeded));
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

  test('no English, and German dates and amounts, on every screen', async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 360, height: 780 });
    const user = await createUser(request, { completeSetup: false, label: 'i18n-all-de' });
    await signInWithToken(page, user.token);
    await setUpIn(page, 'de-DE', 'Sprache und Formate');
    const seeded = await seed(request, user);

    await page.goto('/transactions');
    await settle(page);
    const main = page.locator('main');
    await expect(main.getByText('25.11.2026').first()).toBeVisible();
    await expect(main.getByText(/^-12,50\s€$/).first()).toBeVisible();
    await expect(main.getByText(/^\+?2\.500,00\s€$/).first()).toBeVisible();

    expectNoEnglish(await walk(page, 'de', seeded));

    // No screen writes a date or an amount the US way.
    const usFormats = new Map<string, string[]>();
    for (const path of SCREEN_PATHS) {
      await page.goto(path.replace(':accountId', seeded.mainAccountId));
      await settle(page);
      const text = await page.locator('body').innerText();
      const us = text.match(
        /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b|€[ \u00a0]?\d[\d,]*\.\d{1,2}(?![\d.])|\b\d{1,2}\/\d{1,2}\/\d{4}\b/g,
      );
      usFormats.set(path, us ? [...new Set(us)] : []);
    }
    expectNoEnglish(usFormats);
  });
});

test.describe('screenshots at 360 px', () => {
  const LANGUAGES = [
    { language: 'en', locale: 'en-US' },
    { language: 'de', locale: 'de-DE' },
    { language: 'fr', locale: 'fr-FR' },
    { language: 'es', locale: 'es-ES' },
    { language: 'it', locale: 'it-IT' },
    { language: 'ja', locale: 'ja-JP' },
  ] as const;
  // Where the screenshots go to be looked at (docs/i18n.md): I18N_SHOTS_DIR, else test-results.
  const SHOTS = process.env.I18N_SHOTS_DIR ?? join('test-results', 'i18n-shots');
  /** Nothing on the page wider than the 360-px screen (a long word, a row of buttons). */
  const expectFits = async (page: Page, screen: string) => {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${screen} is wider than the screen`).toBeLessThanOrEqual(0);
  };

  for (const { language, locale } of LANGUAGES) {
    test.describe(language, () => {
      test.use({ locale, timezoneId: 'Europe/Berlin' });
      test(`${language}: dashboard, transactions, add form, budgets, reports`, async ({
        page,
        request,
      }) => {
        test.setTimeout(120_000);
        await page.setViewportSize({ width: 360, height: 780 });
        const user = await createUser(request, {
          completeSetup: false,
          label: `shots-${language}`,
        });
        await signInWithToken(page, user.token);
        const headers = { Authorization: `Bearer ${user.token}` };
        const setup = await request.put('/api/auth/setup', {
          headers,
          data: { defaultCurrency: 'EUR', locale },
        });
        expect(setup.status()).toBe(200);
        await seed(request, user);
        mkdirSync(SHOTS, { recursive: true });
        const shoot = async (screen: string) => {
          await expectFits(page, `${language} ${screen}`);
          await page.screenshot({ path: join(SHOTS, `${language}-${screen}.png`), fullPage: true });
        };
        for (const [screen, path] of [
          ['dashboard', '/dashboard'],
          ['transactions', '/transactions'],
          ['budgets', '/budgets'],
          ['reports', '/reports'],
        ] as const) {
          await page.goto(path);
          await settle(page);
          await shoot(screen);
        }
        await page.goto('/transactions');
        await settle(page);
        await page
          .getByRole('button', {
            name: message(language, 'transactions', 'page.addTransaction'),
            exact: true,
          })
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shoot('add-transaction');
      });
    });
  }
});
