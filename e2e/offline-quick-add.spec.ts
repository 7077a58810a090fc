import { expect, test } from '@playwright/test';
import { TransactionsPage } from './pages/transactions-page';
import { createTransactions, todayUtc } from './support/transactions';
import { createUser, signInWithToken } from './support/users';

// With the service worker, as on a phone: the app's code is cached before the network goes.
test.use({ serviceWorkers: 'allow' });
// Installing the worker fetches the whole app shell first: slower than a plain page load.
test.setTimeout(60_000);

test('a transaction added offline is sent once when the network is back', async ({
  page,
  context,
  request,
}) => {
  const user = await createUser(request, { label: 'offline-add' });
  await createTransactions(request, user.token, [
    { name: 'Salary', category: 'Salary', cost: 1000, addedOn: todayUtc(), isIncome: true },
  ]);
  await signInWithToken(page, user.token);
  const transactions = new TransactionsPage(page);
  await transactions.goto();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await expect(page.getByText(/You are offline\./)).toBeVisible();
  const form = await transactions.openAddForm();
  await form.fill({ name: 'Bus ticket', category: 'Transportation', amount: '2.50' });
  await form.submit();
  await expect(form.dialog).toBeHidden();
  await expect(
    page.getByText("Saved on this device — will be sent when you're back online.").first(),
  ).toBeVisible();
  const pending = page.getByRole('region', { name: /Waiting to be sent/ });
  await expect(pending).toContainText('Bus ticket');
  await expect(pending).toContainText('Pending');

  await context.setOffline(false);
  await expect(pending).toBeHidden();
  await expect(transactions.row('Bus ticket')).toContainText('-$2.50');

  // Exactly one was recorded, however many times the page tried.
  const answer = await request.get('/api/transactions?search=Bus%20ticket', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const list = (await answer.json()) as { transactions: { name: string }[]; total: number };
  expect(list.transactions.map((transaction) => transaction.name)).toEqual(['Bus ticket']);
  // Nothing is left to send again.
  expect(await page.evaluate(() => window.localStorage.getItem('transactionQueue'))).toBe('[]');
});
