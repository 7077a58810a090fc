// Languages and formats (docs/i18n.md): a German browser is offered German at
// setup, works in it with German numbers and dates, then switches to Japanese and finds no
// English left on the translated screens. Extend SCREENS as more screens are translated.
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInWithToken } from './support/users';

test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

/**
 * Translated screens, what shows each is drawn, and the part of it that is translated (the whole
 * page once every section is; a selector may match several parts, their texts are joined).
 */
const SCREENS: { path: string; scope: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/dashboard',
    scope: 'body',
    ready: (page) => expect(page.getByTestId('summary-amount').first()).toBeVisible(),
  },
  {
    path: '/settings',
    scope: 'main',
    // The lists load after the page: the sessions list holds this browser's session.
    ready: (page) => expect(page.getByRole('list', { name: 'セッション' })).toBeVisible(),
  },
  {
    // The landing page's feature cards and its dashboard preview (the hero's words are the
    // route's, app/routes).
    path: '/',
    scope: 'section[aria-labelledby="features-heading"] ul, [aria-hidden="true"].shadow-xl',
    ready: (page) => expect(page.locator('#features-heading')).toBeVisible(),
  },
  {
    // The contact page's form, cards and questions (its headings are the route's).
    path: '/contact',
    scope: 'main form, main aside ul, section[aria-labelledby="faq-heading"] > div:last-child',
    ready: (page) => expect(page.locator('main form')).toBeVisible(),
  },
  {
    path: '/no-such-page',
    scope: 'body',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
];

/**
 * English words of the translated screens that must not be left in Japanese. Short common words
 * and names (Moneta, currency codes, the user's own data) are not in it.
 */
const ENGLISH = [
  'Dashboard',
  'Transactions',
  'Accounts',
  'Reports',
  'Settings',
  'Logout',
  'Total Income',
  'Total Expense',
  'Current Balance',
  'Preferences',
  'Time zone',
  'Theme',
  'Period',
  'Showing',
  'Add Transaction',
  'Recent Transactions',
  'Expenses by Category',
  'Income Vs Time',
  'Expense Vs Time',
  'Manage accounts',
  'Net worth',
  'Upcoming',
  'Manage recurring',
  'Daily Activity',
  'Last 30 Days',
  'Cash flow report',
  'Account',
  'Email',
  'Categories by rules',
  'Manage rules',
  'Change password',
  'Current password',
  'Sessions',
  'This device',
  'Signed in',
  'Sign out',
  'Last seen',
  'Two-factor',
  'Set up',
  'Passkeys',
  'API tokens',
  'Create a token',
  'Read only',
  'Security events',
  'Your data',
  'Download all my data',
  'Restore from a Moneta export',
  'Danger Zone',
  'Delete Account',
  'Visualise your spending',
  'Scan your receipts',
  'Customisable categories',
  'Daily activity',
  'Income',
  'Expenses',
  'Balance',
  'Name',
  'Inquiry type',
  'Subject',
  'Message',
  'Send Message',
  'Email us',
  'Quick replies',
  'Support hours',
  'Is Moneta free to use?',
  'How do I delete my account?',
  'Page not found',
  'Back to home',
];

async function visibleText(page: Page, selector: string): Promise<string> {
  const texts = await page
    .locator(selector)
    .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).innerText));
  expect(texts.length, `nothing matches ${selector}`).toBeGreaterThan(0);
  return texts.join('\n');
}

/** The names of the visible buttons whose text does not fit their box (clipped at 360 px). */
async function clippedButtons(page: Page): Promise<(string | null)[]> {
  return page
    .locator('button:visible')
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => button.scrollWidth > button.clientWidth + 1)
        .map((button) => button.textContent),
    );
}

test('a German browser is offered German, sees German formats, and can switch to Japanese', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const user = await createUser(request, { completeSetup: false, label: 'i18n' });
  await signInWithToken(page, user.token);
  await page.goto('/setup');

  // The browser's language is offered first, and the setup page is already in it.
  const language = page.getByLabel('Sprache und Formate');
  await expect(language).toHaveValue('de-DE');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await page.getByRole('radio', { name: /EUR/ }).check();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/auth/setup') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ locale: 'de-DE', defaultCurrency: 'EUR' });

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();

  // Installing the app from a German page reads the German manifest.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.de.webmanifest');
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: 'Moneta', lang: 'de', id: '/' });
  expect(manifest.description).toContain('Einnahmen und Ausgaben');

  // 12,50 typed as a German writes it: the form reads it in the user's number format.
  await page.getByRole('button', { name: 'Buchung hinzufügen' }).click();
  const dialog = page.getByRole('dialog').first();
  await dialog.locator('input[name="name"]').fill('Bäckerei');
  await dialog.locator('select[name="category"]').selectOption('Food');
  await dialog.locator('input[name="cost"]').fill('12,50');
  await dialog.locator('input[name="addedOn"]').fill('2026-11-25');
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/transactions') && response.request().method() === 'POST',
  );
  await dialog.locator('button[type="submit"]').click();
  // The new account holds nothing: the app asks to confirm an expense above its balance (the
  // last button, after Cancel, adds it anyway, whatever the language).
  const ask = page.getByRole('alertdialog');
  if (
    await ask.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    )
  ) {
    await ask.getByRole('button').last().click();
  }
  const transaction = await created;
  expect(transaction.status()).toBe(201);
  expect(await transaction.json()).toMatchObject({ cost: 12.5, currency: 'EUR' });

  // Amounts and dates in German.
  // The default period, the last 30 days, holds the 25th.
  const main = page.locator('main');
  await expect(main.getByText('Bäckerei')).toBeVisible();
  await expect(main.getByText(/^-12,50\s€$/).first()).toBeVisible();
  await expect(main.getByText(/25\.11\.2026/).first()).toBeVisible();
  await expect(main.getByTestId('summary-amount').nth(1)).toHaveText(/^12,50\s€$/);
  await page.screenshot({ path: 'test-results/i18n-de-dashboard-360.png', fullPage: true });

  // The daily chart, drawn once scrolled to: its title names the period, its spoken summary and
  // hidden table write the day and the amounts the German way.
  const daily = page.getByRole('region', { name: 'Tägliche Aktivität (Letzte 30 Tage)' });
  await daily.scrollIntoViewIfNeeded();
  const dailyChart = daily.getByRole('img');
  await expect(dailyChart).toHaveAttribute(
    'aria-label',
    /^Tägliche Aktivität\. Einnahmen vom .*: nichts erfasst\. Ausgaben vom .*: insgesamt 12,50\s€ an 1 Tag; am höchsten 12,50\s€ am 25\.11\.2026\.$/,
  );
  await expect(daily.locator('caption')).toHaveText(
    'Tägliche Einnahmen und Ausgaben (Tage mit Bewegungen)',
  );
  await expect(daily.locator('tbody tr').first()).toHaveText(/25\.11\.2026\s*0,00\s€\s*12,50\s€/);
  await daily.screenshot({ path: 'test-results/i18n-de-daily-chart-360.png' });

  // Japanese, chosen in Settings: shown at once and remembered on the server.
  await page.goto('/settings');
  const chosen = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/auth/setup') && response.request().method() === 'PUT',
  );
  await page.getByLabel('Sprache und Formate').selectOption('ja-JP');
  expect(await (await chosen).json()).toMatchObject({ locale: 'ja-JP', defaultCurrency: 'EUR' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page.getByLabel('言語と表示形式')).toHaveValue('ja-JP');

  await page.reload();
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await screen.ready(page);
    const text = await visibleText(page, screen.scope);
    const left = ENGLISH.filter((word) => text.includes(word));
    expect(left, `English left on ${screen.path}`).toEqual([]);
    expect(await clippedButtons(page), `clipped on ${screen.path}`).toEqual([]);
    // Nothing wider than the 360-px screen (a header button pushed past it, say).
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${screen.path} is wider than the screen`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `test-results/i18n-ja${screen.path === '/' ? '-landing' : screen.path.replace('/', '-')}-360.png`,
      fullPage: true,
    });
  }
  await page.goto('/dashboard');
  await expect(page.getByTestId('summary-amount').nth(1)).toHaveText(/^€12\.50$/);
  await expect(page.getByText('2026/11/25').first()).toBeVisible();

  // No button is clipped at 360 px: each one's text fits its box.
  expect(await clippedButtons(page)).toEqual([]);
});

test('a German visitor signs up, fills the contact form and reads Settings in German', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });

  // Sign-up: the shared rules' messages under the fields, in German.
  await page.goto('/register');
  const register = page.locator('main form');
  await register.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(register).toContainText('Bitte gib eine gültige E-Mail-Adresse ein.');
  await expect(register).toContainText('Das Passwort muss 8–16 Zeichen lang sein.');
  await page.screenshot({ path: 'test-results/i18n-de-register-360.png', fullPage: true });

  // Sign-in: German labels and button; a wrong password is said in German (errors namespace).
  // Set up in German (a user's saved locale, not the browser's, decides once signed in).
  const user = await createUser(request, { completeSetup: false, label: 'i18n-de' });
  const setup = await request.put('/api/auth/setup', {
    data: { defaultCurrency: 'EUR', locale: 'de-DE' },
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(setup.status()).toBe(200);
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(user.email);
  await page.getByLabel('Passwort', { exact: true }).fill('Wr0ng!pass');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('alert').first()).toContainText(
    'E-Mail-Adresse oder Passwort ist falsch.',
  );
  await page.screenshot({ path: 'test-results/i18n-de-login-360.png', fullPage: true });
  expect(await clippedButtons(page)).toEqual([]);

  // The contact form's own checks, in German.
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.locator('main form')).toContainText('Bitte gib deinen Namen ein.');
  await expect(page.locator('main form')).toContainText('Bitte gib einen Betreff ein.');
  await page.getByRole('button', { name: 'Ist Moneta kostenlos?' }).click();
  await expect(page.getByText('Ja. Moneta ist kostenlos')).toBeVisible();
  await page.screenshot({ path: 'test-results/i18n-de-contact-360.png', fullPage: true });

  // Settings in German: every section, device names and dates the German way.
  await signInWithToken(page, user.token);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Sitzungen' });
  await expect(sessions).toContainText('Dieses Gerät');
  await expect(sessions).toContainText(/Angemeldet am \d{2}\.\d{2}\.\d{4}/);
  for (const heading of [
    'Passwort ändern',
    'Zwei-Faktor-Authentifizierung',
    'Passkeys',
    'API-Tokens',
    'Sicherheitsereignisse',
    'Deine Daten',
    'Gefahrenbereich',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  // The current password's check and the shared rule for the new one, in German.
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.locator('main')).toContainText('Bitte gib dein aktuelles Passwort ein.');
  await page.screenshot({ path: 'test-results/i18n-de-settings-360.png', fullPage: true });
  expect(await clippedButtons(page)).toEqual([]);
});

test('a German user who submits a wrong transfer reads what is wrong in German', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const user = await createUser(request, { label: 'i18n-transfer', locale: 'de-DE' });
  // A second account, so that money can move between two.
  const savings = await request.post('/api/accounts', {
    data: { name: 'Tagesgeld', type: 'savings' },
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(savings.status()).toBe(201);
  const savingsId = ((await savings.json()) as { _id: string })._id;
  await signInWithToken(page, user.token);
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Überweisung', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Überweisung zwischen Konten' });
  const submit = dialog.getByRole('button', { name: 'Überweisung speichern' });
  await expect(submit).toBeVisible();

  // No amount and no date: each field says so under it, in German, and nothing is sent.
  let isSent = false;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/transfers') && sent.method() === 'POST') isSent = true;
  });
  await dialog.getByLabel('Datum').fill('');
  await submit.click();
  await expect(dialog.getByLabel(/^Betrag/)).toHaveAccessibleDescription(
    'Bitte gib einen gültigen Betrag größer als 0 ein.',
  );
  await expect(dialog.getByLabel('Datum')).toHaveAccessibleDescription(
    'Bitte gib ein gültiges Datum ein.',
  );

  // The same account twice: the rule of the pair, in German.
  await dialog.getByLabel(/^Betrag/).fill('12,50');
  await dialog.getByLabel('Datum').fill('2026-11-25');
  await dialog.getByLabel('An', { exact: true }).selectOption({ index: 0 });
  await dialog.getByLabel('Von', { exact: true }).selectOption({ index: 0 });
  await submit.click();
  await expect(dialog).toContainText(
    'Wähle zwei verschiedene Konten, zwischen denen du Geld überweist.',
  );
  const text = await dialog.innerText();
  for (const english of [
    'Please enter a valid amount greater than 0.',
    'Please enter a valid date (YYYY-MM-DD).',
    'Choose two different accounts to move money between.',
    'Invalid input',
  ]) {
    expect(text).not.toContain(english);
  }
  await page.screenshot({ path: 'test-results/i18n-de-transfer-errors-360.png', fullPage: true });
  expect(isSent).toBe(false);

  // Corrected, it is saved.
  await dialog.getByLabel('An', { exact: true }).selectOption(savingsId);
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/transfers') && response.request().method() === 'POST',
  );
  await submit.click();
  expect((await created).status()).toBe(201);
});

test.describe('Japanese visitor', () => {
  test.use({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });

  test('signs in and registers in Japanese at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      const form = page.locator('main form').first();
      await expect(form.getByLabel('メールアドレス')).toBeVisible();
      const text = await visibleText(page, 'main form');
      // Not 'Password': the password rules' checklist is a shared component (components/password).
      const left = ['Email', 'Sign In', 'Create Account', 'passkey'].filter((word) =>
        text.includes(word),
      );
      expect(left, `English left on ${path}`).toEqual([]);
      expect(await clippedButtons(page), `clipped on ${path}`).toEqual([]);
      await page.screenshot({
        path: `test-results/i18n-ja-${path.slice(1)}-360.png`,
        fullPage: true,
      });
    }
    await page.getByRole('button', { name: 'アカウントを作成' }).click();
    await expect(page.locator('main form')).toContainText(
      '有効なメールアドレスを入力してください。',
    );
  });
});
