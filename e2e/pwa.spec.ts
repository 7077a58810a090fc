import { expect, test, type Page } from '@playwright/test';
import { createUser, signInWithToken } from './support/users';

// This spec is about the service worker, which the others block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });
// Installing the worker fetches the whole app shell first: slower than a plain page load.
test.setTimeout(60_000);

/** Waits until the page is controlled by the app's service worker. */
async function waitForServiceWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return registration.active?.scriptURL ?? '';
  });
}

test('the app is installable: a manifest with icons and a share target, and a service worker', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href ?? '')).json()) as {
    name: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
    share_target: { action: string; method: string; params: { files: { accept: string[] }[] } };
  };
  expect(manifest.name).toBe('Moneta');
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.share_target).toMatchObject({ action: '/receipts/share', method: 'POST' });
  expect(manifest.share_target.params.files[0]?.accept).toEqual(['image/*', 'application/pdf']);
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

  expect(await waitForServiceWorker(page)).toMatch(/\/sw\.js$/);
});

test('the service worker is registered only after the first page is drawn', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'pwa-after-paint' });
  await signInWithToken(page, user.token);
  // The page's data arrives late, as on a slow network: the load event comes well before the
  // first render, which waits for it. Installing the worker (the whole app shell downloaded)
  // must not compete with that first render.
  // With or without the dashboard period's from/to.
  await page.route(/\/api\/transactions\/summary(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.addInitScript(() => {
    type Times = { registeredAt: number; renderedAt: number };
    const times = window as unknown as Times;
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<typeof register>) => {
      times.registeredAt = performance.now();
      return register(...args);
    };
    // The page's HTML paints its frame (apps/web/build/page-shell.ts) before any code runs; the
    // page is drawn when the app's first render takes the frame's place.
    new MutationObserver((_records, observer) => {
      const root = document.getElementById('root');
      if (root && root.children.length > 0 && !root.querySelector('[data-page-shell]')) {
        times.renderedAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
  expect(await waitForServiceWorker(page)).toMatch(/\/sw\.js$/);
  const { registeredAt, renderedAt, loadEnd } = await page.evaluate(() => ({
    registeredAt: (window as unknown as { registeredAt: number }).registeredAt,
    renderedAt: (window as unknown as { renderedAt?: number }).renderedAt ?? Infinity,
    loadEnd: performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd as number,
  }));
  expect(loadEnd).toBeLessThan(renderedAt);
  expect(registeredAt).toBeGreaterThan(renderedAt);
});

test('offline, the app shell still opens and says the device is offline', async ({
  page,
  context,
  request,
}) => {
  const user = await createUser(request, { label: 'pwa-offline' });
  await signInWithToken(page, user.token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
  await waitForServiceWorker(page);
  // Every precached file is in before the network goes.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });

  await context.setOffline(true);
  await page.goto('/transactions');
  await expect(page.getByText(/You are offline\./)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(/You are offline\./)).toBeHidden();
});

test('a file shared to the app is offered on the receipts page, once', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'pwa-share' });
  await signInWithToken(page, user.token);
  await page.goto('/dashboard');
  await waitForServiceWorker(page);

  // What the system does when a photo is shared to the installed app: a multipart POST.
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/receipts/share';
    form.enctype = 'multipart/form-data';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'file';
    const transfer = new DataTransfer();
    transfer.items.add(
      new File(['%PDF-1.4 shared'], 'Café receipt.pdf', { type: 'application/pdf' }),
    );
    input.files = transfer.files;
    form.append(input);
    document.body.append(form);
    form.submit();
  });
  // The receipts page takes the file out of the service worker's cache and offers it for
  // upload, once: the flag leaves the address and the cache is empty after.
  await expect(page).toHaveURL(/\/receipts$/);
  await expect(page.getByText('Café receipt.pdf')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload & Create Transaction' })).toBeFocused();
  const left = await page.evaluate(async () =>
    Boolean(await (await caches.open('moneta-share')).match('/receipts/shared-file')),
  );
  expect(left).toBe(false);
});
