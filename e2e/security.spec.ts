import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { SecuritySettings } from './pages/security-settings';
import { publicUrl } from './support/addresses';
import { createUser, PASSWORD, signInWithToken } from './support/users';

// Passkeys belong to a domain name, and WebAuthn refuses an IP address as one: these tests open
// the app at PUBLIC_URL, http://localhost (a secure context too), whose host the server takes as
// the relying party (relying-party.ts).
test.use({ baseURL: publicUrl });
// Each test walks through several screens and sign-ins: more than the default 30 s on a busy
// two-core machine.
test.describe.configure({ timeout: 120_000 });

/** The code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function status(request: APIRequestContext, path: string, token: string) {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  return response.status();
}

async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  if (!token) throw new Error('No session token in the page.');
  return token;
}

async function signIn(page: Page, email: string, password: string): Promise<LoginPage> {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(email, password);
  return login;
}

async function logout(page: Page): Promise<void> {
  await new AppShell(page).logoutButton.click();
  await expect(new LoginPage(page).heading).toBeVisible();
}

test('changing the password signs out every other session and keeps this one', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'password' });
  // The sign-up's session stands for another device.
  expect(await status(request, '/api/auth/me', user.token)).toBe(200);
  await signIn(page, user.email, user.password);
  await new AppShell(page).expectDashboard();

  const settings = new SecuritySettings(page);
  await settings.goto();
  await expect(settings.sessions.getByRole('listitem')).toHaveCount(2);
  await settings.changePasswordTo(PASSWORD, 'N3w!passw0rd');
  await expect(settings.changePassword.getByRole('status')).toHaveText(
    'Your password has been changed. Every other session has been signed out.',
  );

  expect(await status(request, '/api/auth/me', user.token)).toBe(401);
  // This page goes on with the new session.
  expect(await status(request, '/api/auth/me', await storedToken(page))).toBe(200);
  await page.reload();
  await expect(settings.sessions.getByRole('listitem')).toHaveCount(1);
  await expect(settings.sessions.getByText('This device')).toBeVisible();
  await expect(settings.events).toContainText('Password changed');

  const oldPassword = await request.post('/api/auth/login', {
    data: { email: user.email, password: PASSWORD },
  });
  expect(oldPassword.status()).toBe(401);
});

test('two-factor: turned on in Settings, then a code and a backup code (once) sign in', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'totp' });
  await signIn(page, user.email, user.password);
  await new AppShell(page).expectDashboard();

  const settings = new SecuritySettings(page);
  await settings.goto();
  const secret = await settings.startTwoFactorSetup();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const backupCodes = await settings.turnOnTwoFactor(totpCode(secret));
  expect(new Set(backupCodes).size).toBe(10);

  // Logout ends the session on the server: a copy of its token no longer works.
  const sessionToken = await storedToken(page);
  await logout(page);
  expect(await status(request, '/api/auth/me', sessionToken)).toBe(401);

  const login = await signIn(page, user.email, user.password);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await login.enterCode('000000');
  await expect(login.error).toHaveText('That code is not right, or it was already used.');
  // The code used to turn it on is spent: the next step's code (accepted for a clock a little
  // ahead) signs in without waiting 30 s.
  await login.code.fill(totpCode(secret, 1));
  await login.verify.click();
  await new AppShell(page).expectDashboard();

  await logout(page);
  await signIn(page, user.email, user.password);
  await login.enterCode(backupCodes[0] ?? '');
  await new AppShell(page).expectDashboard();

  await logout(page);
  await signIn(page, user.email, user.password);
  await login.enterCode(backupCodes[0] ?? '');
  await expect(login.error).toHaveText('That code is not right, or it was already used.');
  await expect(page).toHaveURL(/\/login$/);

  await login.code.fill(backupCodes[1] ?? '');
  await login.verify.click();
  await new AppShell(page).expectDashboard();
  await settings.goto();
  await expect(settings.twoFactor).toContainText('8 backup codes left.');
});

test('a read API token reads but cannot write or manage security, and stops when revoked', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'token' });
  await signIn(page, user.email, user.password);
  await new AppShell(page).expectDashboard();
  const settings = new SecuritySettings(page);
  await settings.goto();

  const token = await settings.createToken('Reader', 'Read only');
  expect(token).toMatch(/^mnt_/);
  await expect(settings.apiTokens.getByRole('list', { name: 'API tokens' })).toContainText(
    'Read only',
  );
  // Shown once: no longer anywhere on the page.
  await expect(page.getByText(token)).toHaveCount(0);

  const auth = { Authorization: `Bearer ${token}` };
  expect((await request.get('/api/transactions', { headers: auth })).status()).toBe(200);
  const write = await request.post('/api/transactions', {
    headers: auth,
    data: { name: 'Tea', category: 'Food', cost: 3, addedOn: '2026-03-10', isIncome: false },
  });
  expect(write.status()).toBe(403);
  expect((await request.get('/api/auth/tokens', { headers: auth })).status()).toBe(403);

  await settings.revokeToken('Reader');
  await expect(settings.apiTokens.getByText('No API tokens yet.')).toBeVisible();
  expect((await request.get('/api/transactions', { headers: auth })).status()).toBe(401);
});

test('a passkey added in Settings signs in from the login page', async ({ page, request }) => {
  // A virtual authenticator in Chromium: a platform passkey with user verification.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  const user = await createUser(request, { label: 'passkey' });
  await signIn(page, user.email, user.password);
  await new AppShell(page).expectDashboard();
  const settings = new SecuritySettings(page);
  await settings.goto();
  await settings.addPasskey('Test laptop');
  await expect(settings.passkeys).toContainText('Never used');

  await logout(page);
  await new LoginPage(page).passkeyButton.click();
  await new AppShell(page).expectDashboard();

  await settings.goto();
  await expect(settings.passkeys).toContainText('Last used');
  await expect(settings.events).toContainText('Passkey added');
});

test('the security sections fit 360 px, answer the keyboard and pass axe in both themes', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await createUser(request, { label: 'narrow' });
  await signInWithToken(page, user.token);
  const settings = new SecuritySettings(page);
  await settings.goto();
  await expect(settings.sessions.getByText('This device')).toBeVisible();
  // A sign-up is not a sign-in: a new account has no events yet.
  await expect(settings.events.getByText('No security events yet.')).toBeVisible();

  // By keyboard: the two-factor setup opens with Enter and the code field takes the focus
  // through Tab order.
  await settings.twoFactor.getByRole('button', { name: 'Set up' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    settings.twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  await settings.twoFactor.getByRole('button', { name: 'Copy key' }).focus();
  await page.keyboard.press('Tab');
  await expect(settings.twoFactor.getByLabel('Code from the app')).toBeFocused();
  await settings.createToken('Narrow', 'Read only');

  const scrollsSideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(await scrollsSideways()).toBe(false);

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    // The app follows the system's scheme until the user picks one.
    await expect(page.locator('html')).toHaveClass(
      theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    const results = await new AxeBuilder({ page }).include('main').analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
    expect(serious, `${theme} theme`).toEqual([]);
  }
});
