import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { TransactionForm } from './pages/transaction-form';
import { createTransactions, daysAgo, todayUtc } from './support/transactions';
import { createUser, signInWithToken } from './support/users';

test('a new user sees zero totals and every empty message', async ({ page, request }) => {
  const user = await createUser(request, { label: 'dash-empty' });
  await signInWithToken(page, user.token);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();

  await expect(dashboard.card('Total Income')).toHaveText('$0.00');
  await expect(dashboard.card('Total Expense')).toHaveText('$0.00');
  await expect(dashboard.card('Current Balance')).toHaveText('$0.00');
  await expect(dashboard.recent).toContainText('No recent transactions');
  await expect(dashboard.chartCard('Expenses by Category')).toContainText(
    'No expense data to display.',
  );
  await expect(dashboard.chartCard('Daily Activity (Last 30 Days)')).toContainText(
    'No recent activity to display.',
  );
  await expect(dashboard.chartCard('Income Vs Time')).toContainText('No income data to display.');
  await expect(dashboard.chartCard('Expense Vs Time')).toContainText('No income data to display.');
});

test('the numbers match what was entered, and a quick add updates them', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'dash-numbers' });
  await createTransactions(request, user.token, [
    { name: 'March pay', category: 'Salary', cost: 3000, addedOn: daysAgo(3), isIncome: true },
    { name: 'Groceries run', category: 'Food', cost: 120.5, addedOn: daysAgo(2) },
    { name: 'Electricity', category: 'Bills', cost: 80, addedOn: daysAgo(1) },
  ]);
  await signInWithToken(page, user.token);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();

  await expect(dashboard.card('Total Income')).toHaveText('$3,000.00');
  await expect(dashboard.card('Total Expense')).toHaveText('$200.50');
  await expect(dashboard.card('Current Balance')).toHaveText('$2,799.50');
  await expect(dashboard.recent.getByRole('listitem')).toHaveCount(3);
  await expect(dashboard.recent.getByRole('listitem').first()).toContainText('Electricity');
  await expect(dashboard.recent.getByRole('listitem').first()).toContainText('-$80.00');
  await expect(dashboard.recent).toContainText('+$3,000.00');

  const doughnut = await dashboard.doughnut();
  await expect(doughnut).toHaveAccessibleName(
    'Expenses by category, $200.50 in total: Food $120.50 (60%), Bills $80.00 (40%).',
  );
  await expect(await dashboard.chart('Daily Activity (Last 30 Days)')).toBeVisible();
  await expect(await dashboard.chart('Income Vs Time')).toHaveAccessibleName(
    /\$3,000\.00 in total over 1 day/,
  );
  await expect(await dashboard.chart('Expense Vs Time')).toHaveAccessibleName(
    /\$200\.50 in total over 2 days/,
  );

  // Quick add: the spec's messages first, then a valid expense refreshes totals and charts.
  const form = await dashboard.openAddForm();
  await form.submit();
  await expect(form.dialog).toContainText('Please enter a name for the transaction.');
  await expect(form.dialog).toContainText('Please enter a valid cost greater than 0.');
  await expect(form.dialog).toContainText('Please select a category.');
  await form.fill({ name: 'Taxi', category: 'Transportation', amount: '19.50' });
  await expect(form.field('Date')).toHaveValue(todayUtc());
  await form.submit();
  await expect(form.dialog).toBeHidden();

  await expect(dashboard.card('Total Expense')).toHaveText('$220.00');
  await expect(dashboard.card('Current Balance')).toHaveText('$2,780.00');
  await expect(dashboard.recent.getByRole('listitem').first()).toContainText('Taxi');
  await expect(doughnut).toHaveAccessibleName(/Transportation \$19\.50/);

  // An income through the same dialog.
  await dashboard.addButton.click();
  await new TransactionForm(page, 'Add Expense').switchTo('Income');
  const income = new TransactionForm(page, 'Add Income');
  await income.fill({ category: 'Gifts', amount: '50' });
  await income.submit();
  await expect(income.dialog).toBeHidden();
  await expect(dashboard.card('Total Income')).toHaveText('$3,050.00');
  await expect(dashboard.recent.getByRole('listitem').first()).toContainText('Gifts Income');
});

test('the dashboard has no serious accessibility violations', async ({ page, request }) => {
  const user = await createUser(request, { label: 'a11y-dashboard' });
  await createTransactions(request, user.token, [
    { name: 'Pay', category: 'Salary', cost: 3000, addedOn: daysAgo(1), isIncome: true },
    { name: 'Rent', category: 'Bills', cost: 900, addedOn: todayUtc() },
  ]);
  await signInWithToken(page, user.token);
  const dashboard = new DashboardPage(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await dashboard.goto();
    await expect(await dashboard.doughnut()).toBeVisible();
    await expect(await dashboard.chart('Expense Vs Time')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);
  }
});

test('on a phone, a chart below the fold is drawn when it is scrolled to', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'dash-fold' });
  await createTransactions(request, user.token, [
    { name: 'Pay', category: 'Salary', cost: 3000, addedOn: daysAgo(1), isIncome: true },
    { name: 'Rent', category: 'Bills', cost: 900, addedOn: todayUtc() },
  ]);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithToken(page, user.token);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.card('Total Expense')).toHaveText('$900.00');
  const card = dashboard.chartCard('Expense Vs Time');
  await expect(card).not.toBeInViewport();
  // Loaded and left alone, the chart out of view is not drawn: its place is held.
  await page.waitForLoadState('networkidle');
  await expect(card.getByRole('img')).toHaveCount(0);

  await expect(await dashboard.chart('Expense Vs Time')).toHaveAccessibleName(
    /\$900\.00 in total over 1 day/,
  );
});
