import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { AccountsPage } from './pages/accounts-page';
import { DashboardPage } from './pages/dashboard-page';
import { ImportPage } from './pages/import-page';
import { RecurringPage } from './pages/recurring-page';
import { todayUtc } from './support/transactions';
import { createUser, signInWithToken } from './support/users';
import { api } from './support/api';

// A household's month of money, replayed in the browser: a checking account, a savings account and
// a credit card, their bank files imported in either order. The €300 to savings and the card's
// payment become one transfer each (never spending or income), the totals of "last month" are
// the sums of that month's rows made here, balances and net worth hold every row, a recurring
// rule started in the past records nothing twice, and "2,95" typed in a money field is 2.95.

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const cents = (amount: number) => Math.round(amount * 100);

/** A UTC calendar date `YYYY-MM-DD`, the month counted from today's (0 = this month). */
function dateIn(monthsBack: number, day: number): string {
  const today = new Date(`${todayUtc()}T00:00:00Z`);
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsBack, day))
    .toISOString()
    .slice(0, 10);
}

type Row = { date: string; name: string; amount: number };

/** A German bank's CSV: semicolons, DD.MM.YYYY, decimal comma, signed amounts. */
function germanCsv(rows: Row[]): string {
  const german = (date: string) => date.split('-').reverse().join('.');
  const amount = (value: number) => value.toFixed(2).replace('.', ',');
  return [
    'Buchungstag;Empfänger/Auftraggeber;Verwendungszweck;Betrag',
    ...rows.map((row) => `${german(row.date)};${row.name};;${amount(row.amount)}`),
  ].join('\n');
}

// Netflix on the same day of each of the last four months, up to today.
const netflixDay = Math.min(Number(todayUtc().slice(8)), 28);
const netflix = [3, 2, 1, 0].map((back) => ({
  date: dateIn(back, netflixDay),
  name: 'NETFLIX.COM',
  amount: -12.99,
}));
const checking: Row[] = [
  { date: dateIn(1, 3), name: 'Dauerauftrag Sparen', amount: -300 },
  { date: dateIn(1, 5), name: 'REWE Markt', amount: -2.95 },
  { date: dateIn(1, 8), name: 'Kreditkarte Abrechnung', amount: -412 },
  { date: dateIn(1, 25), name: 'Gehalt', amount: 3412.57 },
  ...netflix,
];
const savings: Row[] = [{ date: dateIn(1, 4), name: 'Übertrag vom Girokonto', amount: 300 }];
const card: Row[] = [
  { date: dateIn(1, 6), name: 'Buchhandlung', amount: -19.99 },
  { date: dateIn(1, 9), name: 'ZAHLUNG DANKE', amount: 412 },
];
/** The rows that are money moved between the accounts. */
const transferNames = new Set([
  'Dauerauftrag Sparen',
  'Übertrag vom Girokonto',
  'Kreditkarte Abrechnung',
  'ZAHLUNG DANKE',
]);

const files = {
  checking: { account: 'Main (Checking)', rows: checking },
  savings: { account: 'Savings (Savings)', rows: savings },
  card: { account: 'Card (Credit card)', rows: card },
} as const;
type FileName = keyof typeof files;

/** Uploads each statement into its account through the Import screen and commits it. */
async function importInOrder(page: Page, order: FileName[], outputPath: (name: string) => string) {
  const imports = new ImportPage(page);
  await imports.goto();
  for (const name of order) {
    const path = outputPath(`${name}.csv`);
    writeFileSync(path, germanCsv(files[name].rows), 'utf8');
    await imports.uploadForm
      .getByLabel('Into account')
      .selectOption({ label: files[name].account });
    const preview = await imports.upload(path, `${name}.csv`);
    // Whatever this file's counts, the commit takes every row that is not a duplicate.
    const commit = preview.getByRole('button', { name: /^Import \d+ transactions?/ });
    await expect(commit).toBeEnabled();
    await commit.click();
    await expect(preview).toBeHidden({ timeout: 20_000 });
  }
}

for (const { order, width, scheme } of [
  { order: ['checking', 'savings', 'card'] as FileName[], width: 1280, scheme: 'light' as const },
  { order: ['card', 'savings', 'checking'] as FileName[], width: 360, scheme: 'dark' as const },
]) {
  test(`three statements imported ${order.join(' → ')} at ${width} px, ${scheme}: one transfer each, true totals`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const user = await createUser(request, { label: 'story' });
    await api(request, user.token, 'post', '/api/accounts', { name: 'Savings', type: 'savings' });
    await api(request, user.token, 'post', '/api/accounts', { name: 'Card', type: 'credit' });
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithToken(page, user.token);

    await importInOrder(page, order, (name) => testInfo.outputPath(name));

    // One transfer each, out of checking.
    const accounts = await api<Array<{ _id: string; name: string; balance: number }>>(
      request,
      user.token,
      'get',
      '/api/accounts',
    );
    const id = (name: string) => accounts.find((account) => account.name === name)!._id;
    const { transfers } = await api<{
      transfers: Array<{ fromAccountId: string; toAccountId: string; amount: number }>;
    }>(request, user.token, 'get', '/api/transfers');
    expect(
      transfers
        .map(({ fromAccountId, toAccountId, amount }) => ({ fromAccountId, toAccountId, amount }))
        .sort((a, b) => a.amount - b.amount),
    ).toEqual([
      { fromAccountId: id('Main'), toAccountId: id('Savings'), amount: 300 },
      { fromAccountId: id('Main'), toAccountId: id('Card'), amount: 412 },
    ]);

    // Balances hold every row of each statement; net worth is their sum.
    const sum = (rows: Row[]) => rows.reduce((total, row) => total + cents(row.amount), 0) / 100;
    const accountsPage = new AccountsPage(page);
    await accountsPage.goto();
    await expect(accountsPage.balance('Main')).toContainText(usd(sum(checking)));
    await expect(accountsPage.balance('Savings')).toContainText(usd(sum(savings)));
    await expect(accountsPage.balance('Card')).toContainText(usd(sum(card)));
    await expect(accountsPage.netWorth).toHaveText(usd(sum([...checking, ...savings, ...card])));

    // "Last month" is the sum of that month's rows, transfers left out.
    const lastMonth = [...checking, ...savings, ...card].filter(
      (row) => row.date.slice(0, 7) === dateIn(1, 1).slice(0, 7) && !transferNames.has(row.name),
    );
    const income = lastMonth.filter((row) => row.amount > 0);
    const expense = lastMonth.filter((row) => row.amount < 0);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.choosePeriod('Last month');
    await expect(dashboard.card('Total Income')).toHaveText(usd(sum(income)));
    await expect(dashboard.card('Total Expense')).toHaveText(usd(-sum(expense)));
    await expect(dashboard.card('Current Balance')).toHaveText(usd(sum(lastMonth)));

    // A budget for last month counts its category's expenses, and no transfer.
    const [year, month] = dateIn(1, 1).split('-').map(Number) as [number, number];
    await api(request, user.token, 'post', '/api/budgets', {
      category: 'Miscellaneous',
      amount: 100,
      month,
      year,
    });
    const budgets = await api<Array<{ category: string; spent: number }>>(
      request,
      user.token,
      'get',
      `/api/budgets?month=${month}&year=${year}`,
    );
    const recorded = await api<{
      transactions: Array<{ category: string; cost: number; isIncome: boolean; addedOn: string }>;
    }>(
      request,
      user.token,
      'get',
      `/api/transactions?category=Miscellaneous&isIncome=false&startDate=${dateIn(1, 1)}&endDate=${dateIn(0, 0)}&limit=100`,
    );
    expect(budgets.find((budget) => budget.category === 'Miscellaneous')?.spent).toBe(
      recorded.transactions.reduce((total, row) => total + cents(row.cost), 0) / 100,
    );
    // Every expense of last month here is a new payee's, so Miscellaneous: all of them.
    expect(budgets.find((budget) => budget.category === 'Miscellaneous')?.spent).toBe(
      -sum(expense),
    );

    // The transactions list shows the transfers with their own look.
    await page.goto('/transactions');
    await expect(page.getByRole('rowheader', { name: /Transfer to Savings/ })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: /Transfer from Main/ }).first()).toBeVisible();

    // A recurring Netflix started in the past, next to the imported history: nothing twice.
    const recurring = new RecurringPage(page);
    await recurring.goto();
    await recurring.add({
      name: 'Netflix',
      category: 'Entertainment',
      amount: '12,99',
      startDate: netflix[0]!.date,
      frequency: 'monthly',
    });
    const list = await api<{ transactions: Array<{ name: string; recurringId: string | null }> }>(
      request,
      user.token,
      'get',
      '/api/transactions?search=netflix&limit=100',
    );
    expect(list.transactions).toHaveLength(netflix.length);
    expect(list.transactions.every((row) => row.recurringId !== null)).toBe(true);
  });
}

test('"2,95" typed in the money fields saves 2.95', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createUser(request, { label: 'comma' });
  await api(request, user.token, 'post', '/api/accounts', { name: 'Savings', type: 'savings' });
  await signInWithToken(page, user.token);

  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const form = await dashboard.openAddForm();
  await form.fill({ name: 'Bakery', category: 'Transportation', amount: '2,95' });
  await form.submit();
  // Main holds nothing yet: the overdraft check names it, and the user goes ahead.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Add Anyway' }).click();
  await expect(form.dialog).toBeHidden();

  const accountsPage = new AccountsPage(page);
  await accountsPage.goto();
  await accountsPage.addAccount('Cash', 'Cash', '2,95');
  await accountsPage.transfer('Main (Checking)', 'Savings (Savings)', '2,95');

  const { transactions } = await api<{ transactions: Array<{ name: string; cost: number }> }>(
    request,
    user.token,
    'get',
    '/api/transactions',
  );
  expect(transactions.find((row) => row.name === 'Bakery')?.cost).toBe(2.95);
  const accounts = await api<Array<{ name: string; openingBalance: number }>>(
    request,
    user.token,
    'get',
    '/api/accounts',
  );
  expect(accounts.find((account) => account.name === 'Cash')?.openingBalance).toBe(2.95);
  const { transfers } = await api<{ transfers: Array<{ amount: number }> }>(
    request,
    user.token,
    'get',
    '/api/transfers',
  );
  expect(transfers.map((transfer) => transfer.amount)).toEqual([2.95]);
});
