import { expect, test, type Page } from '@playwright/test';
import { createUser, signInWithToken } from './support/users';

// A signed-in first page's HTML holds its frame (apps/web/build/page-shell.ts): the navigation
// bar, the title and the line under it, painted before the page's code has loaded. The app's
// first render replaces it; these tests hold the two to the same words and the same place, in
// the device's language, on a phone and on a wide screen.

type Box = { x: number; y: number; width: number; height: number };

const PAGES = [
  { path: '/budgets', title: { en: 'Budgets', de: 'Budgets' }, hasDescription: true },
  { path: '/transactions', title: { en: 'Transactions', de: 'Buchungen' }, hasDescription: false },
  { path: '/reports', title: { en: 'Reports', de: 'Berichte' }, hasDescription: true },
  { path: '/settings', title: { en: 'Settings', de: 'Einstellungen' }, hasDescription: true },
];

async function boxesOf(page: Page, hasDescription: boolean) {
  const box = async (selector: string) =>
    (await page.locator(selector).first().boundingBox()) as Box | null;
  return {
    header: await box('header'),
    brand: await box('header a[href="/"]'),
    title: await box('main h1'),
    description: hasDescription ? await box('main h1 + p') : null,
  };
}

function expectSameBox(shell: Box | null, app: Box | null, what: string) {
  expect(shell, what).not.toBeNull();
  expect(app, what).not.toBeNull();
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs(shell![side] - app![side]), `${what}: ${side}`).toBeLessThanOrEqual(1);
  }
}

for (const width of [360, 1280]) {
  for (const language of ['en', 'de'] as const) {
    test(`a signed-in page is framed before its code runs, in the app's own boxes (${language}, ${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const user = await createUser(page.request, {
        label: 'page-shell',
        ...(language === 'de' ? { locale: 'de-DE' } : {}),
      });
      await signInWithToken(page, user.token);
      if (language === 'de') {
        // The device's last locale, as the app stores it after a visit.
        await page.evaluate(() => window.localStorage.setItem('locale', 'de-DE'));
      }
      for (const { path, title, hasDescription } of PAGES) {
        // Without its code, the page shows its frame alone.
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(path);
        const shell = page.locator('[data-page-shell]');
        await expect(shell).toBeVisible();
        // Its name is the words shown: the other languages' are hidden from screen readers too.
        await expect(
          page.getByRole('heading', { level: 1, name: title[language], exact: true }),
        ).toBeVisible();
        expect(await page.locator('main h1').innerText()).toBe(title[language]);
        await expect(page.locator('main h1 + p')).toHaveCount(hasDescription ? 1 : 0);
        // One language's words show; the others are in the HTML, hidden.
        const shown = await shell
          .locator('.shell-words > [lang]')
          .evaluateAll((spans) =>
            spans
              .filter((span) => getComputedStyle(span).display !== 'none')
              .map((span) => span.getAttribute('lang')),
          );
        expect(shown.length).toBeGreaterThan(0);
        expect(new Set(shown)).toEqual(new Set([language]));
        const framed = await boxesOf(page, hasDescription);

        // With its code, the app's first render takes the frame's place.
        await page.unroute('**/assets/*.js');
        await page.goto(path);
        await expect(shell).toHaveCount(0);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title[language]);
        // The page's own controls are drawn: its first render is in.
        await expect(page.locator('header button').first()).toBeVisible();
        const drawn = await boxesOf(page, hasDescription);
        expectSameBox(framed.header, drawn.header, `${path}: the navigation bar`);
        expectSameBox(framed.brand, drawn.brand, `${path}: the name`);
        expectSameBox(framed.title, drawn.title, `${path}: the title`);
        if (hasDescription)
          expectSameBox(framed.description, drawn.description, `${path}: the line under the title`);
      }
    });
  }
}

test('the frame’s page loads its code after the frame is painted, and runs it', async ({
  page,
}) => {
  const user = await createUser(page.request, { label: 'page-shell-code' });
  await signInWithToken(page, user.token);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/budgets');
  await expect(page.locator('[data-page-shell]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Household/ })).toBeVisible();
  const { firstPaint, firstScript } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    firstScript: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    ),
  }));
  expect(firstPaint).toBeLessThan(firstScript);
  // The Content-Security-Policy (script-src 'self') lets the loader and the code run.
  expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
});

test('an account’s register is framed with its line, its title’s place kept for the account’s name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await createUser(page.request, { label: 'page-shell-register' });
  const accounts = await page.request.get('/api/accounts', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const [account] = (await accounts.json()) as { _id: string; name: string }[];
  await signInWithToken(page, user.token);
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/accounts/${account!._id}`);
  const line =
    'Every transaction and transfer of this account, newest first, with the balance after each.';
  await expect(page.locator('[data-page-shell] header')).toBeVisible();
  // No heading until the account's name is known: its place is kept, empty.
  await expect(page.locator('main h1')).toHaveCount(0);
  const place = page.locator('main [aria-hidden="true"]').first();
  // Its words in the device's language (the other languages' are in the HTML, hidden).
  await expect(page.locator('main p').first()).toBeVisible();
  expect(await page.locator('main p').first().innerText()).toBe(line);
  const framed = {
    header: await page.locator('header').boundingBox(),
    title: await place.boundingBox(),
    line: await page.locator('main p').first().boundingBox(),
  };

  await page.unroute('**/assets/*.js');
  await page.goto(`/accounts/${account!._id}`);
  await expect(page.locator('[data-page-shell]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(account!.name);
  // The account's balance is drawn under the page's line, not in the frame's place.
  await expect(page.getByText(/· balance/)).toBeVisible();
  expectSameBox(framed.header, await page.locator('header').boundingBox(), 'the navigation bar');
  expectSameBox(framed.title, await page.locator('main h1').boundingBox(), 'the title');
  expectSameBox(framed.line, await page.locator('main h1 + p').boundingBox(), 'the line');
  await expect(page.locator('main h1 + p')).toHaveText(line);
});
