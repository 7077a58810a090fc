import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { BudgetsPage } from './pages/budgets-page';
import { createUser, signInWithToken, type TestUser } from './support/users';
import { chooseRowAction } from './support/row-actions';

// Users made by createUser keep the default time zone, UTC: "today" and the month shown are UTC's.
const today = new Date().toISOString().slice(0, 10);
const [year, month] = today.split('-').map(Number) as [number, number];

async function addExpense(
  request: APIRequestContext,
  user: TestUser,
  expense: { category: string; cost: number; isIncome?: boolean },
): Promise<void> {
  const response = await request.post('/api/transactions', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { name: `${expense.category} purchase`, addedOn: today, isIncome: false, ...expense },
  });
  expect(response.status()).toBe(201);
}

test('create, edit and delete a budget while its bar follows the spending', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'budgets' });
  await signInWithToken(page, user.token);
  const budgets = new BudgetsPage(page);
  await budgets.goto();
  await expect(budgets.emptyMessage).toBeVisible();

  await budgets.add({ category: 'Food', amount: '100' });
  await expect(budgets.formDialog).toBeHidden();
  const row = budgets.row('Food');
  await expect(row).toContainText(`${month}/${year}`);
  await expect(row).toContainText('$100.00');
  const bar = budgets.progress('Food');
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(bar).toHaveAttribute('data-color', 'green');

  // Spending comes from the server: an expense in the category, plus ones that must not count.
  await addExpense(request, user, { category: 'Food', cost: 85 });
  await addExpense(request, user, { category: 'Shopping', cost: 500 });
  await addExpense(request, user, { category: 'Food', cost: 300, isIncome: true });
  await page.reload();
  await expect(bar).toHaveAttribute('aria-valuenow', '85');
  await expect(bar).toHaveAttribute('data-color', 'yellow');
  await expect(row).toContainText('85%');
  await expect(row).toContainText('$15.00');

  await addExpense(request, user, { category: 'Food', cost: 20 });
  await page.reload();
  await expect(bar).toHaveAttribute('aria-valuenow', '105');
  await expect(bar).toHaveAttribute('data-color', 'red');
  await expect(row.getByText('-$5.00')).toHaveAttribute('data-negative', 'true');
  // The bar is full, never wider than its track.
  const fill = bar.getByTestId('budget-progress-fill');
  const [barBox, fillBox] = await Promise.all([bar.boundingBox(), fill.boundingBox()]);
  expect(fillBox?.width).toBeCloseTo(barBox?.width ?? 0, 0);

  // Edit: from the row's menu (a click on the row opens its expenses).
  await chooseRowAction(row, 'the Food budget', 'Edit');
  await expect(budgets.formDialog).toHaveAccessibleName('Edit Budget');
  await expect(budgets.formDialog.getByLabel('Category')).toHaveValue('Food');
  await budgets.fillAndSave({ amount: '210' });
  await expect(budgets.formDialog).toBeHidden();
  await expect(row).toContainText('$210.00');
  await expect(bar).toHaveAttribute('aria-valuenow', '50');
  await expect(bar).toHaveAttribute('data-color', 'green');

  // Cancelling a deletion keeps the budget; confirming removes it.
  await chooseRowAction(row, 'the Food budget', 'Delete');
  await budgets.deleteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(budgets.deleteDialog).toBeHidden();
  await expect(row).toBeVisible();
  await budgets.delete('Food');
  await expect(budgets.emptyMessage).toBeVisible();
  await expect(budgets.addButton).toBeFocused();
});

test('a second budget for the same category and month shows the server message', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'budgets-409' });
  await signInWithToken(page, user.token);
  const budgets = new BudgetsPage(page);
  await budgets.goto();
  await budgets.add({ category: 'Bills', amount: '50' });
  await expect(budgets.row('Bills')).toBeVisible();

  await budgets.add({ category: 'Bills', amount: '60' });
  await expect(budgets.formDialog.getByRole('alert')).toHaveText(
    `A budget for Bills in ${month}/${year} already exists.`,
  );
  await expect(budgets.formDialog).toHaveAccessibleName('Add Budget');
  // What was typed is not thrown away without asking.
  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(budgets.formDialog).toBeHidden();
  await expect(budgets.table.getByRole('row')).toHaveCount(2);
});

test('the budgets page is accessible and fits a phone, light and dark', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'budgets-a11y' });
  for (const [category, cost] of [
    ['Food', 30],
    ['Bills', 90],
    ['Groceries', 120],
  ] as const) {
    const created = await request.post('/api/budgets', {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { category, amount: 100, month, year },
    });
    expect(created.status()).toBe(201);
    await addExpense(request, user, { category, cost });
  }
  for (const goal of [
    { name: 'Holiday', targetAmount: 1200, saved: 300, targetDate: `${year + 1}-06-30` },
    { name: 'Bike', targetAmount: 500, saved: 600 },
  ]) {
    const created = await request.post('/api/goals', {
      headers: { Authorization: `Bearer ${user.token}` },
      data: goal,
    });
    expect(created.status()).toBe(201);
  }
  await signInWithToken(page, user.token);
  const budgets = new BudgetsPage(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await budgets.goto();
    await expect(budgets.progress('Groceries')).toHaveAttribute('data-color', 'red');
    await expect(page.getByText('Goal reached')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
  }
});

test('copy last month onto an empty month, then turn rollover on to bring in what was left', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'budgets-rollover' });
  const headers = { Authorization: `Bearer ${user.token}` };
  const last = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const created = await request.post('/api/budgets', {
    headers,
    data: { category: 'Food', amount: 100, month: last.month, year: last.year },
  });
  expect(created.status()).toBe(201);
  const spent = await request.post('/api/transactions', {
    headers,
    data: {
      name: 'Market',
      category: 'Food',
      cost: 30,
      isIncome: false,
      addedOn: `${last.year}-${String(last.month).padStart(2, '0')}-15`,
    },
  });
  expect(spent.status()).toBe(201);

  await signInWithToken(page, user.token);
  const budgets = new BudgetsPage(page);
  await budgets.goto();
  await expect(budgets.emptyMessage).toBeVisible();
  await page.getByRole('button', { name: 'Copy last month' }).click();
  const row = budgets.row('Food');
  await expect(row).toContainText('$100.00');
  await expect(row).toContainText(`${month}/${year}`);

  // Roll over: last month's $70 left comes into this month.
  await chooseRowAction(row, 'the Food budget', 'Edit');
  await expect(budgets.formDialog).toHaveAccessibleName('Edit Budget');
  await budgets.formDialog.getByRole('checkbox', { name: 'Roll over' }).check();
  await budgets.formDialog.getByRole('button', { name: 'Save' }).click();
  await expect(budgets.formDialog).toBeHidden();
  await expect(row.getByTestId('budget-rollover')).toHaveText(
    '+$70.00 carried · $170.00 available',
  );
  await expect(row).toContainText('$170.00');
  const totals = page.getByRole('region', { name: /^Totals for / });
  await expect(totals).toContainText('Available$170.00');

  // A click on the row opens its expenses of the month.
  await row.getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/transactions\?type=expense&category=Food&from=/);
});

test('a budget set to repeat every month shows in the next month, marked, and an edit there sets that month', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'budgets-repeat' });
  await signInWithToken(page, user.token);
  const budgets = new BudgetsPage(page);
  await budgets.goto();
  await budgets.addButton.click();
  await expect(budgets.formDialog).toHaveAccessibleName('Add Budget');
  const repeat = budgets.formDialog.getByRole('switch', { name: 'Repeat every month' });
  await expect(repeat).not.toBeChecked();
  await repeat.check();
  await budgets.fillAndSave({ category: 'Food', amount: '120' });
  await expect(budgets.formDialog).toBeHidden();
  const thisMonth = budgets.row('Food');
  await expect(thisMonth).toContainText('$120.00');
  await expect(thisMonth.getByTestId('budget-repeated')).toHaveCount(0);

  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
  await page.getByRole('button', { name: 'Next month' }).click();
  const nextRow = budgets.row('Food');
  await expect(nextRow).toContainText(`${next.month}/${next.year}`);
  await expect(nextRow).toContainText('$120.00');
  await expect(nextRow.getByTestId('budget-repeated')).toHaveText(
    `Repeats from ${monthName} ${year}`,
  );

  // The marked row is accessible and fits a phone, light and dark; so is the form's switch.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(nextRow.getByTestId('budget-repeated')).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await budgets.addButton.click();
    await expect(repeat).toBeVisible();
    const inForm = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(inForm.violations.map((violation) => violation.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(budgets.formDialog).toBeHidden();
  }

  // An edit in the next month gives it its own budget, from then on; this month keeps $120.
  await chooseRowAction(nextRow, 'the Food budget', 'Edit');
  await expect(budgets.formDialog.getByText(/^Repeats from /)).toBeVisible();
  await budgets.fillAndSave({ amount: '90' });
  await expect(budgets.formDialog).toBeHidden();
  await expect(nextRow).toContainText('$90.00');
  await expect(nextRow.getByTestId('budget-repeated')).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(budgets.row('Food')).toContainText(`${month}/${year}`);
  await expect(budgets.row('Food')).toContainText('$120.00');
});
