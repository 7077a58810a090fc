import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { ReportsPage } from './pages/reports-page';
import { TransactionsPage } from './pages/transactions-page';
import { createTransactions, todayUtc, type NewTransaction } from './support/transactions';
import { createUser, signInWithToken } from './support/users';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** Year and month (1–12) `back` months before today's month (UTC, the test users' zone). */
function monthBefore(back: number): { year: number; month: number } {
  const [year = 0, month = 1] = todayUtc().split('-').map(Number);
  const index = year * 12 + (month - 1) - back;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function day({ year, month }: { year: number; month: number }, date: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

const lastDay = ({ year, month }: { year: number; month: number }) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Three whole months of a small household, inside the default range (the last 12 months). */
const july = monthBefore(3);
const august = monthBefore(2);
const september = monthBefore(1);
const SEEDED: NewTransaction[] = [
  { name: 'Pay', category: 'Salary', cost: 3000, addedOn: day(july, 1), isIncome: true },
  { name: 'Rent', category: 'Rent', cost: 1200, addedOn: day(july, 3) },
  { name: 'Market one', category: 'Food', cost: 120.5, addedOn: day(july, 9) },
  { name: 'Pay', category: 'Salary', cost: 3000, addedOn: day(august, 1), isIncome: true },
  { name: 'Rent', category: 'Rent', cost: 1200, addedOn: day(august, 3) },
  { name: 'Market two', category: 'Food', cost: 80.25, addedOn: day(august, 12) },
  { name: 'Corner bakery', category: 'Food', cost: 45, addedOn: day(august, 20) },
  { name: 'Electricity', category: 'Bills', cost: 95, addedOn: day(august, 21) },
  { name: 'Pay', category: 'Salary', cost: 3100, addedOn: day(september, 1), isIncome: true },
  { name: 'Market three', category: 'Food', cost: 60.4, addedOn: day(september, 5) },
  // This month: outside the last 12 whole months.
  { name: 'Market today', category: 'Food', cost: 33, addedOn: todayUtc() },
];

const monthOf = (date: string) => date.slice(0, 7);
const label = ({ year, month }: { year: number; month: number }) => `${MONTHS[month - 1]} ${year}`;

/** What the cash flow of one month must say, summed from what was seeded. */
function expectedMonth(month: { year: number; month: number }) {
  const rows = SEEDED.filter((row) => monthOf(row.addedOn) === day(month, 1).slice(0, 7));
  const sum = (list: NewTransaction[]) => list.reduce((total, row) => total + row.cost, 0);
  const income = sum(rows.filter((row) => row.isIncome));
  const expense = sum(rows.filter((row) => !row.isIncome));
  return { income, expense, net: income - expense };
}

async function seededUser(page: Page, request: Parameters<typeof createUser>[0]) {
  const user = await createUser(request, { label: 'reports' });
  await createTransactions(request, user.token, SEEDED);
  await signInWithToken(page, user.token);
  return user;
}

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

test('the cash flow adds up what was entered, by month and by quarter, and a category cell opens its transactions', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await seededUser(page, request);
  const reports = new ReportsPage(page);
  await reports.goto();
  await expect(reports.period).toHaveValue('last-12-months');
  await reports.settle();

  // Each seeded month, then the whole range (this month's expense left out).
  for (const month of [july, august, september]) {
    const { income, expense, net } = expectedMonth(month);
    const row = reports.row('Cash flow', label(month));
    await expect(row).toContainText(usd(income));
    await expect(row).toContainText(usd(expense));
    await expect(row).toContainText(usd(net));
  }
  const inRange = SEEDED.filter((row) => row.addedOn < day(monthBefore(0), 1));
  const income = inRange.filter((row) => row.isIncome).reduce((sum, row) => sum + row.cost, 0);
  const expense = inRange.filter((row) => !row.isIncome).reduce((sum, row) => sum + row.cost, 0);
  const total = reports.row('Cash flow', 'Total');
  await expect(total).toContainText(usd(income));
  await expect(total).toContainText(usd(expense));
  await expect(total).toContainText(usd(income - expense));
  await expect(reports.row('Cash flow', 'Average per month')).toContainText(
    usd(Math.round(((income - expense) / 12) * 100) / 100),
  );
  // The chart is drawn, and says what it shows.
  await expect(reports.section('Cash flow').getByRole('img')).toHaveAccessibleName(
    new RegExp(`^Cash flow per month: income ${usd(income).replace(/[$.]/g, '\\$&')}`),
  );

  // By quarter: the same totals, each quarter the sum of its months.
  await reports.interval.selectOption({ label: 'Quarter' });
  await expect(reports.rangeShown).toContainText('by quarter');
  await reports.settle();
  await expect(total).toContainText(usd(income));
  const quarters = new Map<string, { income: number; expense: number }>();
  for (const month of [july, august, september]) {
    const key = `${month.year}-${Math.ceil(month.month / 3)}`;
    const sums = quarters.get(key) ?? { income: 0, expense: 0 };
    const figures = expectedMonth(month);
    quarters.set(key, {
      income: sums.income + figures.income,
      expense: sums.expense + figures.expense,
    });
  }
  for (const sums of quarters.values()) {
    await expect(
      reports
        .rows('Cash flow')
        .filter({ hasText: usd(sums.income) })
        .filter({ hasText: usd(sums.expense) }),
    ).toHaveCount(1);
  }

  // Back to months; August's food opens exactly August's food.
  await reports.interval.selectOption({ label: 'Month' });
  await reports.settle();
  const food = reports.row('Spending by category', 'Food');
  const augustFood = 80.25 + 45;
  await food
    .getByRole('link', {
      name: `${usd(augustFood)}, Food in ${label(august)}: show the transactions`,
    })
    .click();
  const transactions = new TransactionsPage(page);
  await expect(transactions.heading).toBeVisible();
  const query = new URL(page.url()).searchParams;
  expect(Object.fromEntries(query)).toEqual({
    type: 'expense',
    category: 'Food',
    from: day(august, 1),
    to: day(august, lastDay(august)),
  });
  await expect(transactions.chip('Category: Food')).toBeVisible();
  await expect.poll(() => transactions.names()).toEqual(['Corner bakery', 'Market two']);

  // Back keeps the report as it was.
  await page.goBack();
  await expect(reports.heading).toBeVisible();
  await expect(reports.interval).toHaveValue('month');
});

test('a report downloads as CSV with the figures on screen', async ({ page, request }) => {
  await seededUser(page, request);
  const reports = new ReportsPage(page);
  await reports.goto();
  await reports.settle();
  const downloading = page.waitForEvent('download');
  await reports
    .section('Cash flow')
    .getByRole('button', { name: 'Download CSV: Cash flow' })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('moneta_cashflow.csv');
  const text = await readFile(await download.path(), 'utf8');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toContain('Start,End,Income,Expense,Net');
  // Twelve months, each a line.
  expect(lines).toHaveLength(13);
  expect(text).toContain(`${day(august, 1)},${day(august, lastDay(august))},3000`);
});

test('light at 1280 px and dark at 360 px, with no accessibility violations', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await seededUser(page, request);
  const reports = new ReportsPage(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await reports.goto();
  await reports.settle();
  // A chart is drawn when it comes into view.
  await reports.section('Net worth').scrollIntoViewIfNeeded();
  await expect(reports.section('Net worth').getByRole('img')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 740 });
  await reports.goto();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await reports.settle();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  );
  // The tables are lists: a category's total and its months with figures are on screen.
  const food = reports.row('Spending by category', 'Food');
  await food.scrollIntoViewIfNeeded();
  for (const name of [
    /Food in the whole range/,
    `${usd(125.25)}, Food in ${label(august)}: show the transactions`,
  ]) {
    await expect(food.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
  }
  // The chart keeps its legend (drawn on the canvas) and its summary.
  await reports.section('Spending by category').getByRole('img').scrollIntoViewIfNeeded();
  await expect(reports.section('Spending by category').getByRole('img')).toHaveAccessibleName(
    /^Spending by category, /,
  );
  expect(await violations(page)).toEqual([]);
});

test('each dashboard card opens its report over the dashboard period', async ({
  page,
  request,
}) => {
  await seededUser(page, request);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.choosePeriod('Last year');
  await dashboard
    .chartCard('Expenses by Category')
    .getByRole('link', { name: 'Category report' })
    .click();
  const reports = new ReportsPage(page);
  await expect(reports.heading).toBeVisible();
  await expect(reports.period).toHaveValue('last-year');
  await expect(reports.section('Spending by category')).toBeVisible();

  await page.goBack();
  await dashboard.cardItem('Total Income').getByRole('link', { name: 'Cash flow report' }).click();
  await expect(reports.period).toHaveValue('last-year');
  await page.goBack();
  await page.getByRole('link', { name: 'Net worth report' }).click();
  await expect(reports.period).toHaveValue('last-12-months');
  await expect(reports.section('Net worth').getByRole('table')).toBeVisible();
});
