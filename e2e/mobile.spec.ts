import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { createTransactions, todayUtc } from './support/transactions';
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

/** A user with something in every table: two accounts, transactions, a budget, a rule. */
async function userWithData(
  request: APIRequestContext,
): Promise<{ token: string; accountId: string }> {
  const user = await createUser(request, { label: 'mobile-data' });
  const headers = { Authorization: `Bearer ${user.token}` };
  const post = async (path: string, data: object) => {
    const answer = await request.post(`/api${path}`, { data, headers });
    if (!answer.ok()) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
    return (await answer.json()) as { _id: string };
  };
  const savings = await post('/accounts', {
    name: 'Holiday savings with a rather long name',
    type: 'savings',
    openingBalance: 1250,
  });
  const today = todayUtc();
  await createTransactions(request, user.token, [
    {
      name: 'Monthly salary from the employer',
      category: 'Salary',
      cost: 3200,
      addedOn: today,
      isIncome: true,
    },
    {
      name: 'Weekly groceries at the market hall',
      category: 'Groceries',
      cost: 86.4,
      addedOn: today,
    },
    {
      name: 'Train',
      category: 'Transportation',
      cost: 12.5,
      addedOn: today,
      note: 'Return ticket',
    },
  ]);
  const [year, month] = today.split('-').map(Number);
  await post('/budgets', { category: 'Groceries', amount: 400, month, year });
  await post('/recurring/create', {
    name: 'Streaming subscription',
    category: 'Subscriptions',
    amount: 15.99,
    isIncome: false,
    frequency: 'monthly',
    startDate: today,
  });
  return { token: user.token, accountId: savings._id };
}

function signedInScreens(accountId: string) {
  return [
    { path: '/dashboard', heading: 'Dashboard Overview' },
    { path: '/transactions', heading: 'Transactions' },
    { path: '/accounts', heading: 'Accounts' },
    { path: `/accounts/${accountId}`, heading: 'Holiday savings with a rather long name' },
    { path: '/budgets', heading: 'Budgets' },
    { path: '/reports', heading: 'Reports' },
    { path: '/recurring-transactions', heading: 'Recurring Transactions' },
    { path: '/receipts', heading: /Receipt/ },
    { path: '/settings', heading: 'Settings' },
    { path: '/tags', heading: 'Tags' },
    { path: '/transactions/trash', heading: 'Trash' },
  ];
}

/** Waits for the screen's data: no spinner or skeleton left. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('every signed-in screen with data fits a 360-px-wide screen', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token, accountId } = await userWithData(request);
  await signInWithToken(page, token);
  for (const { path, heading } of signedInScreens(accountId)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await settle(page);
    expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false);
  }
  // The tables are stacked rows: the amount and the row menu are on screen.
  await page.goto('/transactions');
  const row = page.getByRole('row', { name: /Weekly groceries/ });
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByText('-$86.40')).toBeInViewport();
  await row
    .getByRole('button', { name: 'Actions for Weekly groceries at the market hall' })
    .click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Details' })).toBeFocused();
  await expect(menu).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.goto('/budgets');
  const budget = page.getByRole('row', { name: /Groceries/ });
  await budget.scrollIntoViewIfNeeded();
  await expect(budget.getByRole('progressbar')).toBeInViewport();
  await expect(budget.getByText('$313.60')).toBeInViewport();

  // Settings holds the preferences; their toast stays clear of the header's buttons.
  await page.goto('/settings');
  const preferences = page.getByRole('region', { name: 'Preferences' });
  // The zones are listed once the select is used (focused or pressed), as a person uses it.
  const zone = preferences.getByLabel('Time zone');
  await zone.focus();
  await zone.selectOption('Asia/Tokyo');
  const toast = page.getByText('Time zone set to Asia/Tokyo.');
  await expect(toast).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  const toastBox = await toast.boundingBox();
  expect(header && toastBox && toastBox.y >= header.y + header.height).toBe(true);
});

test('on a phone the filters fold behind one button, so the first row shows on the first screen', async ({
  page,
  request,
}) => {
  const { token } = await userWithData(request);
  await signInWithToken(page, token);
  await page.goto('/transactions');
  // The row after the table's header row.
  const firstRow = page.getByRole('region', { name: 'Transactions table' }).getByRole('row').nth(1);
  await expect(firstRow).toBeInViewport({ ratio: 1 });
  const type = page.getByLabel('Type', { exact: true });
  await expect(type).toBeHidden();
  const filtersButton = page.getByRole('button', { name: /^Filters( \(\d+\))?$/ });
  await expect(filtersButton).toHaveText('Filters');
  await expect(filtersButton).toHaveAttribute('aria-expanded', 'false');

  await filtersButton.click();
  await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
  await type.selectOption('expense');
  await expect(page.getByRole('button', { name: 'Remove filter Type: Expense' })).toBeVisible();
  await filtersButton.click();
  await expect(type).toBeHidden();
  // What is set behind the fold is counted on the button.
  await expect(filtersButton).toHaveText('Filters (1)');
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test('the full navigation bar shows from 1280 px, the menu below', async ({ page, request }) => {
  const user = await createUser(request, { label: 'nav-width' });
  await signInWithToken(page, user.token);
  const shell = new AppShell(page);
  await page.setViewportSize({ width: 1279, height: 800 });
  await page.goto('/dashboard');
  await shell.expectDashboard();
  await expect(shell.nav).toBeHidden();
  await expect(shell.menuButton).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(shell.nav).toBeVisible();
  await expect(shell.menuButton).toBeHidden();
  await expect(shell.logoutButton).toBeInViewport({ ratio: 1 });
  // Every link on one line, none cut off.
  for (const link of await shell.nav.getByRole('link').all()) {
    await expect(link).toBeInViewport({ ratio: 1 });
    expect((await link.boundingBox())?.height).toBeLessThan(48);
  }
  expect(await hasHorizontalScroll(page)).toBe(false);
});

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [360, 1280]) {
    test(`no accessibility violations on the signed-in screens, ${theme} theme, ${width} px`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      const { token, accountId } = await userWithData(request);
      await signInWithToken(page, token);
      for (const { path, heading } of signedInScreens(accountId)) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        await settle(page);
        expect(await violations(page), `${path}`).toEqual([]);
      }
    });
  }
}
