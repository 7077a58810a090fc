import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { RecurringPage } from './pages/recurring-page';
import { createUser, signInWithToken } from './support/users';
import { chooseRowAction } from './support/row-actions';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// Users made by createUser keep the default time zone, UTC, so "today" is UTC's.
function utcDate(daysFromToday: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + daysFromToday);
  return date.toISOString().slice(0, 10);
}

function shown(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

type TransactionList = {
  transactions: { name: string; cost: number; addedOn: string; recurringId: string | null }[];
  total: number;
};

test('a daily rule from three days ago records four transactions; edit and delete it', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'recurring' });
  const headers = { Authorization: `Bearer ${user.token}` };
  async function transactions(): Promise<TransactionList> {
    const response = await request.get('/api/transactions?limit=100', { headers });
    expect(response.ok()).toBe(true);
    return (await response.json()) as TransactionList;
  }

  await signInWithToken(page, user.token);
  const recurring = new RecurringPage(page);
  await recurring.goto();
  await expect(recurring.emptyMessage).toBeVisible();

  await recurring.add({
    name: 'Gym pass',
    category: 'Subscriptions',
    amount: '4.5',
    startDate: utcDate(-3),
    frequency: 'daily',
  });
  const row = recurring.row('Gym pass');
  await expect(row).toContainText('Subscriptions');
  await expect(row).toContainText('-$4.50');
  await expect(row).toContainText('Expense');
  await expect(row).toContainText('Daily');
  await expect(row).toContainText(shown(utcDate(1)));

  const recorded = await transactions();
  expect(recorded.total).toBe(4);
  expect(recorded.transactions.map((transaction) => transaction.addedOn).sort()).toEqual([
    utcDate(-3),
    utcDate(-2),
    utcDate(-1),
    utcDate(0),
  ]);
  for (const transaction of recorded.transactions) {
    expect(transaction).toMatchObject({ name: 'Gym pass', cost: 4.5 });
    expect(transaction.recurringId).toEqual(expect.any(String));
  }

  // The Transactions screen lists them too.
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Gym pass' })).toHaveCount(4);

  // Editing changes the rule, records nothing twice and leaves the recorded ones as they were.
  await recurring.goto();
  await recurring.edit('Gym pass', { name: 'Gym', amount: '6', isIncome: false });
  await expect(recurring.row('Gym')).toContainText('-$6.00');
  await expect(recurring.row('Gym')).toContainText(shown(utcDate(1)));
  const afterEdit = await transactions();
  expect(afterEdit.total).toBe(4);
  expect(new Set(afterEdit.transactions.map((transaction) => transaction.name))).toEqual(
    new Set(['Gym pass']),
  );

  // An income rule starting today records one transaction and shows as income.
  await recurring.add({
    name: 'Tutoring',
    category: 'Freelance / Side Gig',
    amount: '40',
    frequency: 'weekly',
    isIncome: true,
  });
  await expect(recurring.row('Tutoring')).toContainText('+$40.00');
  await expect(recurring.row('Tutoring')).toContainText('Income');
  await expect(recurring.row('Tutoring')).toContainText('Weekly');
  await expect(recurring.row('Tutoring')).toContainText(shown(utcDate(7)));
  expect((await transactions()).total).toBe(5);

  // Deleting a rule keeps what it recorded.
  await chooseRowAction(recurring.row('Gym'), 'Gym', 'Delete');
  await recurring.deleteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(recurring.row('Gym')).toBeVisible();
  await recurring.delete('Gym');
  await expect(recurring.row('Gym')).toHaveCount(0);
  await recurring.delete('Tutoring');
  await expect(recurring.emptyMessage).toBeVisible();
  const afterDelete = await transactions();
  expect(afterDelete.total).toBe(5);
  expect(afterDelete.transactions.every((transaction) => transaction.recurringId === null)).toBe(
    true,
  );
});

test('the form shows its validation messages and the page is accessible, light and dark', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'recurring-a11y' });
  const created = await request.post('/api/recurring/create', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: {
      name: 'Rent',
      category: 'Bills',
      amount: 950,
      isIncome: false,
      frequency: 'monthly',
      startDate: utcDate(5),
    },
  });
  expect(created.status()).toBe(201);
  await signInWithToken(page, user.token);
  const recurring = new RecurringPage(page);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await recurring.goto();
    await expect(recurring.row('Rent')).toContainText(shown(utcDate(5)));
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
  }

  await recurring.addButton.click();
  const form = recurring.formDialog;
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(
    form.getByText('The next due date is computed from the start date and frequency.', {
      exact: false,
    }),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please enter a name for the recurring transaction.')).toBeVisible();
  await expect(form.getByText('Please select a category.')).toBeVisible();
  await expect(form.getByText('Please enter a valid amount greater than 0.')).toBeVisible();
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual(
    [],
  );
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(recurring.addButton).toBeFocused();
});
