import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { createUser, signInWithToken } from './support/users';

test('the base currency picked in the navigation bar persists after a reload', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'currency' });
  await signInWithToken(page, user.token);
  const flagsFetched: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (/^[A-Z]{2}-[\w-]+\.svg$/.test(name)) flagsFetched.push(name.slice(0, 2));
  });
  await page.goto('/dashboard');
  const shell = new AppShell(page);
  await shell.expectDashboard();
  await shell.expectCurrency('USD');
  await page.waitForLoadState('networkidle');
  // Only the chosen currency's flag: the closed list's flags wait until it opens.
  expect(flagsFetched).toEqual(['US']);
  await shell.currencyPicker.click();
  const japan = page.getByRole('banner').getByRole('option', { name: /^JPY / }).locator('img');
  await expect
    .poll(() => japan.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/auth/setup') && response.request().method() === 'PUT',
  );
  await shell.changeBaseCurrency('GBP');
  expect((await saved).status()).toBe(200);

  await page.reload();
  await shell.expectDashboard();
  await shell.expectCurrency('GBP');
});

test('the picker works by keyboard in the phone menu at 360 px, dark theme, axe-clean while open', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const user = await createUser(request, { label: 'currency-phone' });
  await signInWithToken(page, user.token);
  await page.goto('/dashboard');
  const shell = new AppShell(page);
  await shell.expectDashboard();
  await shell.menuButton.click();
  const picker = shell.mobileMenu.getByRole('combobox', { name: 'Currency' });
  await expect(picker).toHaveText(/^USD \(/);

  await picker.focus();
  await page.keyboard.press('ArrowDown');
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  const listbox = shell.mobileMenu.getByRole('listbox', { name: 'Currencies' });
  await expect(listbox).toBeInViewport({ ratio: 1 });
  await expect(listbox.getByRole('option', { selected: true })).toHaveText(/^USD/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  );
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);

  // Escape closes the list only; the menu stays open.
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(shell.mobileMenu).toBeVisible();
  await expect(picker).toBeFocused();

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/auth/setup') && response.request().method() === 'PUT',
  );
  await page.keyboard.press('i');
  await expect(listbox.getByRole('option', { selected: true })).toHaveText(/^INR/);
  await page.keyboard.press('Enter');
  // The confirmation over the menu: Cancel has the focus, Tab reaches Confirm.
  const confirmation = page.getByRole('alertdialog', {
    name: 'Show totals in Indian Rupee (INR)?',
  });
  await expect(confirmation).toBeInViewport();
  await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused();
  const confirmResults = await new AxeBuilder({ page }).include('[role="alertdialog"]').analyze();
  expect(confirmResults.violations.map((violation) => violation.id)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(confirmation.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(picker).toHaveText(/^INR \(/);
  await expect(picker).toBeFocused();
});
