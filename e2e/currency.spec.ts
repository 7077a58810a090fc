import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { createUser, signInWithToken } from './support/users';

test('the currency picked in the navigation bar persists after a reload', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'currency' });
  await signInWithToken(page, user.token);
  await page.goto('/dashboard');
  const shell = new AppShell(page);
  await shell.expectDashboard();
  await shell.expectCurrency('USD');

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/auth/setup') && response.request().method() === 'PUT',
  );
  await shell.chooseCurrency('GBP');
  expect((await saved).status()).toBe(200);

  await page.reload();
  await shell.expectDashboard();
  await shell.expectCurrency('GBP');
});
