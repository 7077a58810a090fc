import { expect, test, type Page } from '@playwright/test';
import { chooseRowAction } from './support/row-actions';
import { createTransactions, todayUtc } from './support/transactions';
import { createUser, signInWithToken } from './support/users';

// Markup a user (or someone who got hold of their account) could store in any text field. If
// the app ever rendered it as HTML, the handler would set window.__xss or a foreign element
// would appear in the page.
const NAME = '<img src=x onerror="window.__xss=1">Lunch';
const NOTE = '<script>window.__xss=2</script><b>bold</b>';
const CATEGORY = '<svg onload="window.__xss=3">Cat';
const RULE_NAME = '<iframe srcdoc="<script>parent.__xss=4</script>">Rent';

async function expectNothingInjected(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(
    page.locator('main img[src="x"], main svg[onload], main iframe, main b'),
  ).toHaveCount(0);
}

test('names, notes and categories holding markup are shown as text everywhere', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { label: 'xss' });
  const headers = { Authorization: `Bearer ${user.token}` };
  await createTransactions(request, user.token, [
    { name: NAME, category: CATEGORY, cost: 12.5, addedOn: todayUtc(), note: NOTE },
  ]);
  const budget = await request.post('/api/budgets', {
    headers,
    data: {
      category: CATEGORY,
      amount: 100,
      month: Number(todayUtc().slice(5, 7)),
      year: Number(todayUtc().slice(0, 4)),
    },
  });
  expect(budget.status()).toBe(201);
  const rule = await request.post('/api/recurring/create', {
    headers,
    data: {
      name: RULE_NAME,
      category: CATEGORY,
      amount: 900,
      isIncome: false,
      frequency: 'monthly',
      startDate: todayUtc(),
    },
  });
  expect(rule.status()).toBe(201);
  await signInWithToken(page, user.token);

  await page.goto('/dashboard');
  await expect(page.getByText(NAME).first()).toBeVisible();
  await expectNothingInjected(page);

  await page.goto('/transactions');
  const row = page.getByRole('table').locator('tbody tr').filter({ hasText: NAME });
  await expect(row).toContainText(CATEGORY);
  await chooseRowAction(row, NAME, 'Details');
  const details = page.getByRole('dialog');
  await expect(details).toContainText(NOTE);
  await expectNothingInjected(page);
  await details.getByRole('button', { name: 'Close' }).click();

  await page.goto('/budgets');
  await expect(page.getByRole('table')).toContainText(CATEGORY);
  await expectNothingInjected(page);

  await page.goto('/recurring-transactions');
  await expect(page.getByRole('table')).toContainText(RULE_NAME);
  await expectNothingInjected(page);
});
