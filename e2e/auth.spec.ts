import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { RegisterPage } from './pages/register-page';
import { SetupPage } from './pages/setup-page';
import { PASSWORD, uniqueEmail } from './support/users';

test('register → setup → dashboard → logout → login', async ({ page }) => {
  const email = uniqueEmail('journey');
  const register = new RegisterPage(page);
  await register.goto();
  await register.register(email, PASSWORD);

  const setup = new SetupPage(page);
  await setup.expectLoaded(email);
  await expect(page.getByText('Signup successful!')).toBeVisible();
  await setup.chooseCurrency('Euro');
  await setup.submit.click();

  const shell = new AppShell(page);
  await shell.expectDashboard();
  await shell.expectCurrency('EUR');

  await shell.logoutButton.click();
  const login = new LoginPage(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(login.heading).toBeVisible();
  await expect(page.getByText('Logged out successfully.')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  await login.login(email, PASSWORD);
  await shell.expectDashboard();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await shell.expectCurrency('EUR');
});

test('a wrong password shows the server message inline', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(uniqueEmail('nobody'), PASSWORD);
  await expect(login.error).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('register validation', () => {
  test('shows each rule message and sends nothing while a rule fails', async ({ page }) => {
    const signupCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/signup')) signupCalls.push(request.url());
    });
    const register = new RegisterPage(page);
    await register.goto();

    const cases = [
      ['not-an-email', PASSWORD, 'Please enter a valid email address.'],
      ['someone@example.com', PASSWORD, 'This email domain is not allowed.'],
      [uniqueEmail('short'), 'a1!', 'Password must be 8-16 characters long.'],
      [
        uniqueEmail('weak'),
        'abcdefgh12',
        'Password must contain an alphabet, a digit, and a symbol.',
      ],
    ] as const;
    for (const [email, password, message] of cases) {
      await register.register(email, password);
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(register.heading).toBeVisible();
    }
    expect(signupCalls).toEqual([]);
  });

  test('the checklist and strength bar follow the password', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.password.fill('abcdefgh');
    await expect(register.requirement('8-16 characters')).toHaveAttribute('data-met', 'true');
    await expect(register.requirement('At least one number')).toHaveAttribute('data-met', 'false');
    await expect(register.strengthMeter()).toHaveAttribute('data-strength', 'weak');
    await register.password.fill('abcdefg1');
    await expect(register.strengthMeter()).toHaveAttribute('data-strength', 'fair');
    await register.password.fill('abcdef1!');
    await expect(register.strengthMeter()).toHaveAttribute('data-strength', 'strong');
    await expect(register.requirement('At least one symbol')).toHaveAttribute('data-met', 'true');
  });
});
