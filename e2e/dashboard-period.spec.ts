import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { createTransactions, todayUtc, type NewTransaction } from './support/transactions';
import { createUser, signInWithToken } from './support/users';
import { api } from './support/api';

// The dashboard's period (docs/architecture.md, Product rules): the totals of "Last month" are
// checked against sums the test makes itself from the rows it seeded, in and around that month,
// with a transfer that must count as neither income nor expense.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** A UTC calendar date, `YYYY-MM-DD` (users made by createUser count days in UTC). */
const isoDate = (year: number, monthIndex: number, day: number) =>
  new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);

/** The first and last day of the month before today's, and of the one before that. */
function months() {
  const today = new Date(`${todayUtc()}T00:00:00Z`);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  return {
    thisMonthFirst: isoDate(year, month, 1),
    lastMonthFirst: isoDate(year, month - 1, 1),
    lastMonthMiddle: isoDate(year, month - 1, 15),
    lastMonthLast: isoDate(year, month, 0),
    twoMonthsAgo: isoDate(year, month - 2, 10),
  };
}

test('"Last month" shows that month\'s income, expense and balance, transfers excluded', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'dash-period' });
  const days = months();
  const seeded: Array<NewTransaction & { isIncome: boolean }> = [
    // Last month, first and last day included.
    { name: 'Pay', category: 'Salary', cost: 2400, addedOn: days.lastMonthFirst, isIncome: true },
    {
      name: 'Market',
      category: 'Groceries',
      cost: 150.25,
      addedOn: days.lastMonthMiddle,
      isIncome: false,
    },
    { name: 'Rent', category: 'Bills', cost: 900.5, addedOn: days.lastMonthLast, isIncome: false },
    {
      name: 'Side gig',
      category: 'Freelance / Side Gig',
      cost: 75.1,
      addedOn: days.lastMonthLast,
      isIncome: true,
    },
    // Outside it: the month before, and this month.
    { name: 'Old pay', category: 'Salary', cost: 1000, addedOn: days.twoMonthsAgo, isIncome: true },
    {
      name: 'Old bill',
      category: 'Bills',
      cost: 333.33,
      addedOn: days.twoMonthsAgo,
      isIncome: false,
    },
    {
      name: 'New pay',
      category: 'Salary',
      cost: 500,
      addedOn: days.thisMonthFirst,
      isIncome: true,
    },
    { name: 'Taxi', category: 'Transportation', cost: 19.9, addedOn: todayUtc(), isIncome: false },
  ];
  await createTransactions(request, user.token, seeded);
  // Money moved between the user's own accounts last month: neither income nor expense.
  const [main] = await api<Array<{ _id: string }>>(request, user.token, 'get', '/api/accounts');
  const savings = await api<{ _id: string }>(request, user.token, 'post', '/api/accounts', {
    name: 'Savings',
    type: 'savings',
    openingBalance: 1000,
  });
  await api(request, user.token, 'post', '/api/transfers', {
    fromAccountId: main!._id,
    toAccountId: savings._id,
    amount: 400,
    date: days.lastMonthMiddle,
  });

  // The expected figures, summed here in cents from the rows above.
  const inLastMonth = seeded.filter(
    (row) => row.addedOn >= days.lastMonthFirst && row.addedOn <= days.lastMonthLast,
  );
  const cents = (rows: typeof seeded) =>
    rows.reduce((sum, row) => sum + Math.round(row.cost * 100), 0);
  const income = cents(inLastMonth.filter((row) => row.isIncome));
  const expense = cents(inLastMonth.filter((row) => !row.isIncome));
  const allIncome = cents(seeded.filter((row) => row.isIncome));
  const allExpense = cents(seeded.filter((row) => !row.isIncome));
  const [year, month] = days.lastMonthFirst.split('-').map(Number) as [number, number];
  const monthName = MONTHS[month - 1]!;
  const caption = `${monthName} 1 – ${monthName} ${Number(days.lastMonthLast.slice(8))}, ${year}`;

  await signInWithToken(page, user.token);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.period).toHaveValue('last-30-days');

  await dashboard.choosePeriod('Last month');
  await expect(dashboard.card('Total Income')).toHaveText(usd(income / 100));
  await expect(dashboard.card('Total Expense')).toHaveText(usd(expense / 100));
  await expect(dashboard.card('Current Balance')).toHaveText(usd((income - expense) / 100));
  for (const title of ['Total Income', 'Total Expense', 'Current Balance']) {
    await expect(dashboard.cardItem(title)).toContainText(caption);
  }
  await expect(dashboard.cardItem('Current Balance')).toContainText('transfers excluded');
  // Net worth is what the accounts hold today (opening balance included), and says so.
  await expect(page.getByTestId('net-worth')).toHaveText(
    usd((allIncome - allExpense) / 100 + 1000),
  );
  await expect(page.getByText('Sum of account balances today')).toBeVisible();
  // The charts follow, and say which days they show.
  const daily = dashboard.chartCard('Daily Activity (Last Month)');
  await expect(daily).toContainText(caption);
  const doughnut = await dashboard.doughnut();
  await expect(doughnut).toHaveAccessibleName(
    new RegExp(`^Expenses by category, ${usd(expense / 100).replace(/[$.]/g, '\\$&')} in total`),
  );

  // Remembered: the next visit opens on last month.
  await page.reload();
  await expect(dashboard.period).toHaveValue('last-month');
  await expect(dashboard.card('Total Expense')).toHaveText(usd(expense / 100));

  // All time: every row, still without the transfer.
  await dashboard.choosePeriod('All time');
  await expect(dashboard.card('Total Income')).toHaveText(usd(allIncome / 100));
  await expect(dashboard.card('Total Expense')).toHaveText(usd(allExpense / 100));
  await expect(dashboard.cardItem('Total Income')).toContainText('All time');
});

test('on a phone in dark mode, a custom span fits the screen and has no accessibility violations', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'dash-period-phone' });
  const days = months();
  await createTransactions(request, user.token, [
    { name: 'Lunch', category: 'Food', cost: 12.5, addedOn: days.lastMonthMiddle },
    { name: 'Coffee', category: 'Food', cost: 3.2, addedOn: todayUtc() },
  ]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInWithToken(page, user.token);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();

  await dashboard.choosePeriod('Custom');
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  await expect(from).toBeVisible();
  await from.fill(days.lastMonthFirst);
  await to.fill(days.lastMonthLast);
  await expect(dashboard.card('Total Expense')).toHaveText('$12.50');
  await expect(dashboard.chartCard('Daily Activity (Custom Period)')).toBeVisible();

  // Nothing wider than the phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious.map((violation) => violation.id)).toEqual([]);
});
