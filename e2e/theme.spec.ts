import { expect, test, type Page } from '@playwright/test';

const html = (page: Page) => page.locator('html');
const favicon = (page: Page) => page.locator('link[rel="icon"]');

test('the chosen theme and page icon survive a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(html(page)).not.toHaveClass(/dark/);
  await expect(favicon(page)).toHaveAttribute('href', '/favicon-light.svg');

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html(page)).toHaveClass(/dark/);
  await expect(favicon(page)).toHaveAttribute('href', '/favicon-dark.svg');

  await page.reload();
  await expect(html(page)).toHaveClass(/dark/);
  await expect(favicon(page)).toHaveAttribute('href', '/favicon-dark.svg');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

  // The choice holds on other pages too, and the way back works.
  await page.goto('/login');
  await expect(html(page)).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.reload();
  await expect(html(page)).not.toHaveClass(/dark/);
});

test('without a stored choice the theme follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(html(page)).toHaveClass(/dark/);
  await expect(favicon(page)).toHaveAttribute('href', '/favicon-dark.svg');
});
