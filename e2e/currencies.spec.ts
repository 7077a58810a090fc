import { expect, test, type APIRequestContext } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { BudgetsPage } from './pages/budgets-page';
import { DashboardPage } from './pages/dashboard-page';
import { TransactionForm } from './pages/transaction-form';
import { api } from './support/api';
import { readEcbRates } from './support/ecb-file';
import { createUser, signInWithToken } from './support/users';

/** en-US money as the app writes these small amounts: "€34.16", "-£29.80". */
const money = (symbol: string, amount: number) =>
  `${amount < 0 ? '-' : ''}${symbol}${Math.abs(amount).toFixed(2)}`;
const round2 = (amount: number) => Math.round(amount * 100) / 100;

/** The rates load in the background at the server's first start: wait for the day asked. */
async function waitForRate(request: APIRequestContext, token: string, date: string) {
  await expect
    .poll(
      async () =>
        (
          await api<unknown[]>(
            request,
            token,
            'get',
            `/api/rates?currency=USD&from=${date}&to=${date}`,
          )
        ).length,
      { timeout: 60_000, message: 'The ECB rates never loaded (is ../shared/rates there?)' },
    )
    .toBeGreaterThan(0);
  return api<{ date: string; rate: number; source?: string }[]>(
    request,
    token,
    'get',
    `/api/rates?currency=USD&from=${date}&to=${date}`,
  );
}

test('a USD expense counts in EUR at the previous business day’s ECB rate, then in GBP once the base changes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The ECB's figures, read from the file itself: units per euro.
  const ecb = readEcbRates();
  const friday = ecb.get('2026-04-10');
  const newestDate = [...ecb.keys()].sort().at(-1) ?? '';
  const newest = ecb.get(newestDate);
  if (!friday?.USD || !friday.GBP || !newest?.USD || !newest.GBP) {
    throw new Error('The ECB file has no USD and GBP rates for 2026-04-10');
  }
  // Saturday has no rate of its own: Friday's counts. A balance "now" (net worth) converts at
  // the latest rate known (docs/currencies.md).
  const expense = { EUR: round2(40 / friday.USD), GBP: round2((40 * friday.GBP) / friday.USD) };
  const worth = { EUR: round2(-40 / newest.USD), GBP: round2((-40 * newest.GBP) / newest.USD) };

  const user = await createUser(request, { label: 'currencies' });
  const headers = { Authorization: `Bearer ${user.token}` };
  const setup = await request.put('/api/auth/setup', {
    data: { defaultCurrency: 'EUR' },
    headers,
  });
  expect(setup.ok(), await setup.text()).toBe(true);
  // The API's own rate agrees with the file: euros per dollar on that Friday.
  const [rate] = await waitForRate(request, user.token, '2026-04-10');
  expect(rate?.rate).toBeCloseTo(1 / friday.USD, 6);

  await api(request, user.token, 'post', '/api/accounts', {
    name: 'USD card',
    type: 'credit',
    openingBalance: 0,
    currency: 'USD',
  });
  await api(request, user.token, 'post', '/api/budgets', {
    category: 'Food',
    amount: 100,
    month: 4,
    year: 2026,
  });

  await signInWithToken(page, user.token);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.choosePeriod('All time');

  // Recorded as a person does: the currency follows the account chosen.
  await dashboard.addButton.click();
  const form = new TransactionForm(page, 'Add Expense');
  await form.field(/^Account/).selectOption({ label: 'USD card (Credit card, USD)' });
  await expect(form.dialog.getByRole('combobox', { name: 'Currency' })).toHaveText(/^USD \(/);
  await expect(form.field('Charged in EUR (optional)')).toBeVisible();
  await form.fill({ name: 'Diner in Boston', category: 'Food', amount: '40', date: '2026-04-11' });
  await form.submit();
  await expect(form.dialog).toBeHidden();

  const shell = new AppShell(page);
  const budgets = new BudgetsPage(page);
  const check = async (base: 'EUR' | 'GBP', symbol: string) => {
    await dashboard.goto();
    await expect(dashboard.card('Total Expense')).toHaveText(money(symbol, expense[base]));
    await expect(
      dashboard.recent.getByText(`-$40.00 · ${money(symbol, -expense[base])}`),
    ).toBeVisible();
    await expect(page.getByTestId('net-worth')).toHaveText(money(symbol, worth[base]));
    await page.goto('/budgets?month=2026-04');
    await expect(budgets.heading).toBeVisible();
    await expect(budgets.row('Food')).toContainText(money(symbol, expense[base]));
  };
  await check('EUR', '€');

  // Another base currency, from the header, after saying what changes.
  await dashboard.goto();
  await shell.chooseCurrency('GBP');
  const confirmation = page.getByRole('alertdialog', {
    name: 'Show totals in British Pound (GBP)?',
  });
  await expect(confirmation).toContainText(
    'Totals, charts, budgets and net worth will be converted to GBP',
  );
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/auth/setup') && response.request().method() === 'PUT',
  );
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
  expect((await saved).status()).toBe(200);
  // Without a reload: every total on screen refetches in the new base.
  await expect(dashboard.card('Total Expense')).toHaveText(money('£', expense.GBP));
  await check('GBP', '£');
});
