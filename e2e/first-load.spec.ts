import { expect, test } from '@playwright/test';

// The server sends a first page's own copy of index.html, which preloads the page's code beside
// the entry chunk (apps/web/build/page-preloads.ts), instead of after it has run.
const PAGES = { '/': 'landing', '/login': 'login', '/dashboard': 'dashboard' };

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

test('/dashboard fetches its chart code ahead at the lowest priority, to run it when in view', async ({
  request,
}) => {
  const html = await (await request.get('/dashboard')).text();
  const prefetches = [
    ...html.matchAll(/rel="prefetch" as="script" crossorigin href="([^"]+)"/g),
  ].map((match) => match[1]!);
  expect(prefetches).toEqual([expect.stringMatching(/^\/assets\/charts-[\w-]+\.js$/)]);
  expect((await request.get(prefetches[0]!)).status()).toBe(200);
  // A visitor's page fetches nothing it will not run.
  expect(await (await request.get('/login')).text()).not.toContain('rel="prefetch"');
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
