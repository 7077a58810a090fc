import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { SetupPage } from './pages/setup-page';
import { createUser, signInWithToken } from './support/users';

test('a signed-out visitor of /dashboard lands on /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(new LoginPage(page).heading).toBeVisible();
});

test('every protected page needs a session', async ({ page }) => {
  for (const path of [
    '/transactions',
    '/receipts',
    '/settings',
    '/budgets',
    '/recurring-transactions',
    '/rates',
    '/setup',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a signed-in user without setup is sent to /setup', async ({ page, request }) => {
  const user = await createUser(request, { completeSetup: false, label: 'nosetup' });
  await signInWithToken(page, user.token);
  await page.goto('/dashboard');
  await new SetupPage(page).expectLoaded(user.email);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/setup$/);
});
