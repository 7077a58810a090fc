import { expect, test } from '@playwright/test';
import {
  startSimplefinServer,
  type SimplefinServer,
} from '../apps/server/test/support/simplefin-server';
import { createUser, signInWithToken } from './support/users';

/** Epoch seconds at noon UTC, `days` days ago. */
const daysAgo = (days: number) => {
  const day = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  return Math.floor(Date.parse(`${day}T12:00:00Z`) / 1000);
};

let bridge: SimplefinServer;
test.beforeAll(async () => {
  bridge = await startSimplefinServer([
    {
      org: { domain: 'mybank.com', 'sfin-url': 'https://sfin.mybank.com', name: 'My Bank' },
      id: 'ACT-1',
      name: 'Everyday Checking',
      currency: 'USD',
      balance: '-42.10',
      'balance-date': daysAgo(1),
      transactions: [
        { id: 't1', posted: daysAgo(4), amount: '-30.00', description: 'Hardware Store' },
        { id: 't2', posted: daysAgo(2), amount: '-12.10', description: 'Corner Bakery' },
      ],
    },
  ]);
});
test.afterAll(() => bridge.close());

for (const width of [1280, 360]) {
  test(`a SimpleFIN token becomes a synced account whose register shows the bank's rows (${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const user = await createUser(request, { label: 'bank' });
    await signInWithToken(page, user.token);
    await page.goto('/settings/bank-connections');
    const section = page.getByRole('region', { name: 'Bank connections' });
    await section.getByLabel('Setup token').fill(bridge.newSetupToken());
    await section.getByRole('button', { name: 'Connect', exact: true }).click();
    const connection = section
      .getByRole('list', { name: 'Bank connections' })
      .getByRole('listitem')
      .first();
    await expect(connection).toContainText('My Bank');
    await expect(connection).toContainText('Everyday Checking · USD');

    await connection.getByLabel('Transactions go to').selectOption({ label: 'Main' });
    await connection.getByRole('button', { name: 'Sync now' }).click();
    await expect(connection.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    await expect(connection).toContainText('Connected');
    await expect(connection).not.toContainText('Last sync —');

    await page.goto('/accounts');
    await page.getByRole('link', { name: 'Main' }).first().click();
    await expect(page.getByText(/Synced from your bank: My Bank/)).toBeVisible();
    await expect(page.getByText('Hardware Store')).toBeVisible();
    await expect(page.getByText('Corner Bakery')).toBeVisible();
  });
}
