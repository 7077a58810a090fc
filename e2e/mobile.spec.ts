import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { createUser, signInWithToken } from './support/users';

test.use({ viewport: { width: 360, height: 740 } });

async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test('public pages fit a 360-px-wide screen', async ({ page }) => {
  for (const path of ['/', '/login', '/register', '/contact']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false);
  }
});

test('the mobile menu opens, closes with Escape and navigates', async ({ page, request }) => {
  const user = await createUser(request, { label: 'mobile' });
  await signInWithToken(page, user.token);
  await page.goto('/dashboard');
  const shell = new AppShell(page);
  await shell.expectDashboard();
  await expect(shell.nav).toBeHidden();
  expect(await hasHorizontalScroll(page)).toBe(false);

  await shell.menuButton.click();
  await expect(shell.mobileMenu).toBeVisible();
  await expect(shell.mobileMenu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(shell.mobileMenu).toBeHidden();
  await expect(shell.menuButton).toBeFocused();
  await expect(shell.menuButton).toHaveAttribute('aria-expanded', 'false');

  await shell.menuButton.click();
  await shell.mobileMenu.getByRole('link', { name: 'Recurring Transactions' }).click();
  await expect(page).toHaveURL(/\/recurring-transactions$/);
  await expect(shell.heading('Recurring Transactions')).toBeVisible();
  await expect(shell.mobileMenu).toBeHidden();

  for (const path of ['/settings', '/transactions', '/setup']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false);
  }
});
