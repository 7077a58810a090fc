import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { SettingsPage } from './pages/settings-page';
import { createUser } from './support/users';

test('deleting the account logs out and the old credentials stop working', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'delete' });
  const login = new LoginPage(page);
  await login.goto();
  await login.login(user.email, user.password);
  await new AppShell(page).expectDashboard();

  const settings = new SettingsPage(page);
  await settings.goto();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();

  // Cancelling keeps everything as it was.
  await settings.deleteButton.click();
  await settings.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings.dialog).toBeHidden();

  await settings.deleteAccount();
  await expect(page).toHaveURL(/\/login$/);
  await expect(login.heading).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your account and all its data were deleted.',
  );
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  // Said once: the history entry no longer carries it, so a reload does not repeat it.
  await page.reload();
  await expect(login.heading).toBeVisible();
  await expect(page.getByText('Your account and all its data were deleted.')).toBeHidden();

  await login.login(user.email, user.password);
  await expect(login.error).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login$/);
});
