import { expect, test } from '@playwright/test';
import { createUser, signInWithToken } from './support/users';

// The server sends a first page's own copy of index.html, which preloads the page's code beside
// the entry chunk (apps/web/build/page-preloads.ts), instead of after it has run; an account's
// register gets the copy written for every account.
const PAGES = {
  '/': 'landing',
  '/login': 'login',
  '/dashboard': 'dashboard',
  '/transactions': 'transactions',
  '/budgets': 'budgets',
  '/accounts/an-account': 'account',
};

for (const [path, chunk] of Object.entries(PAGES)) {
  test(`${path} preloads its own code from its HTML`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const preloads = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(preloads.some((href) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(href))).toBe(
      true,
    );
    for (const href of preloads) {
      const file = await request.get(href);
      expect(file.status(), href).toBe(200);
      expect(file.headers()['content-type'], href).toContain('javascript');
    }
  });
}

// The English messages come in two groups (apps/web/src/lib/i18n/message-groups.ts): a public
// page preloads the public pages' words only, a signed-in page the app's too; no page another
// language's.
test('a first page preloads the English messages it needs, and only those', async ({ request }) => {
  const messagesOf = async (path: string) => {
    const html = await (await request.get(path)).text();
    return [...html.matchAll(/href="\/assets\/(messages-[a-z]+-[a-z]+)-[\w-]+\.js"/g)]
      .map((match) => match[1]!)
      .sort();
  };
  expect(await messagesOf('/')).toEqual(['messages-en-public']);
  expect(await messagesOf('/login')).toEqual(['messages-en-public']);
  expect(await messagesOf('/dashboard')).toEqual(['messages-en-app', 'messages-en-public']);
});

test('a signed-in page in German gets the app’s German words', async ({ page }) => {
  const user = await createUser(page.request, { locale: 'de-DE' });
  await signInWithToken(page, user.token);
  await page.goto('/budgets');
  // The page starts in the device's English, then switches to the user's German: the app
  // group's German words (the budgets' among them) load before the switch.
  await expect(
    page.getByText('Lege pro Ausgabenkategorie ein Monatslimit fest', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Set a monthly limit', { exact: false })).toHaveCount(0);
});

test('/dashboard lists its chart code to fetch later, in an inert template', async ({
  request,
}) => {
  const html = await (await request.get('/dashboard')).text();
  const template = /<template id="later-code">(.*?)<\/template>/.exec(html)?.[1] ?? '';
  const prefetches = [
    ...template.matchAll(/<link rel="prefetch" as="script" crossorigin href="([^"]+)">/g),
  ].map((match) => match[1]!);
  // The dashboard's charts first, then the chunks they share with the reports' charts (chart.js,
  // the charts' theme): all of it fetched after the first paint, none of it up front.
  expect(prefetches[0]).toMatch(/^\/assets\/charts-[\w-]+\.js$/);
  expect(prefetches.length).toBeLessThanOrEqual(3);
  for (const href of prefetches) expect((await request.get(href)).status(), href).toBe(200);
  const preloaded = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  expect(preloaded.filter((href) => prefetches.includes(href))).toEqual([]);
  expect((await request.get(prefetches[0]!)).status()).toBe(200);
  // Outside the template, the page asks for nothing it will not run at once.
  expect(html.replace(/<template[\s\S]*?<\/template>/, '')).not.toContain('rel="prefetch"');
  // A visitor's page fetches nothing it will not run.
  expect(await (await request.get('/login')).text()).not.toContain('later-code');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('/dashboard fetches its chart code after its first paint, before the charts are in view', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, { label: 'later-code' });
    await signInWithToken(page, user.token);
    await page.goto('/dashboard');
    // A resource's timing entry is written when its response has ended, after the request that
    // Playwright sees: wait for the entry itself.
    const timing = await page.waitForFunction(() => {
      const fetched = performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/charts-[\w-]+\.js$/.test(entry.name));
      const painted = performance.getEntriesByName('first-contentful-paint')[0];
      return fetched && painted
        ? { fetchedAt: fetched.startTime, firstPaint: painted.startTime }
        : undefined;
    });
    const measured = await timing.jsonValue();
    if (!measured) throw new Error('waitForFunction ended without both entries');
    const { fetchedAt, firstPaint } = measured;
    expect(fetchedAt).toBeGreaterThan(firstPaint);
    // Fetched, not run: the charts, below the fold, are not drawn until scrolled to.
    await expect(page.locator('canvas')).toHaveCount(0);
  });
});

test('the login page opens without a loading spinner before it', async ({ page }) => {
  const spinners: string[] = [];
  await page.exposeFunction('reportSpinner', (text: string) => spinners.push(text));
  // Records any status text the app shows before the sign-in form (the spinner is a status).
  await page.addInitScript(() => {
    new MutationObserver(() => {
      document.querySelectorAll('[role="status"]').forEach((status) => {
        if (status.textContent?.includes('Loading'))
          (window as unknown as { reportSpinner: (text: string) => void }).reportSpinner(
            status.textContent,
          );
      });
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  expect(spinners).toEqual([]);
});
