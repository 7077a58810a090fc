import { generateKeyPairSync } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  startEnableBankingServer,
  type EnableBankingServer,
} from '../apps/server/test/support/enablebanking-server';
import {
  startSimplefinServer,
  type SimplefinServer,
} from '../apps/server/test/support/simplefin-server';
import { enableBankingUrl, publicUrl } from './support/addresses';
import { createUser, signInWithToken } from './support/users';

/** Epoch seconds at noon UTC, `days` days ago. */
const daysAgo = (days: number) => {
  const day = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  return Math.floor(Date.parse(`${day}T12:00:00Z`) / 1000);
};

/** The day (YYYY-MM-DD, UTC) `days` days ago, as Enable Banking writes its dates. */
const dayAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

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

test.describe('Enable Banking', () => {
  // The bank sends the person back to PUBLIC_URL, so the session must live at that origin.
  test.use({ baseURL: publicUrl });

  const applicationId = 'cf589be3-3755-465b-a8df-a90a16a31403';
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const booked = (id: string, days: number, amount: string, creditor: string) => ({
    entry_reference: id,
    transaction_amount: { currency: 'EUR', amount },
    credit_debit_indicator: 'DBIT',
    status: 'BOOK',
    booking_date: dayAgo(days),
    creditor: { name: creditor },
    remittance_information: [`${creditor} ref`],
  });

  let api: EnableBankingServer;
  test.beforeAll(async () => {
    api = await startEnableBankingServer({
      applicationId,
      publicKey: keys.publicKey,
      redirectUrls: [`${publicUrl}/api/bank-connections/enablebanking/callback`],
      port: Number(new URL(enableBankingUrl).port),
      banks: [
        {
          name: 'Testbank',
          country: 'DE',
          maximumConsentValiditySeconds: 180 * 86_400,
          accounts: [
            {
              identificationHash: 'hash-girokonto',
              resource: { name: 'Girokonto', currency: 'EUR', cash_account_type: 'CACC' },
              balances: [
                {
                  name: 'booked',
                  balance_amount: { currency: 'EUR', amount: '-89.50' },
                  balance_type: 'CLBD',
                  reference_date: dayAgo(1),
                },
              ],
              transactions: [
                booked('e1', 6, '69.50', 'Stadtwerke'),
                booked('e2', 2, '20.00', 'Bäckerei Schmidt'),
              ],
            },
          ],
        },
      ],
    });
  });
  test.afterAll(() => api.close());

  for (const width of [1280, 360]) {
    test(`an application key and the bank's consent become a synced account whose register shows the bank's rows (${width} px)`, async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      const user = await createUser(request, { label: 'enablebanking' });
      await signInWithToken(page, user.token);
      await page.goto('/settings/bank-connections');
      const section = page.getByRole('region', { name: 'Bank connections' });
      await section.getByLabel('Application id').fill(applicationId);
      await section.getByLabel('Private key (PEM)').fill(privateKeyPem);
      await section.getByRole('button', { name: 'Save the key' }).click();
      await expect(page.getByText('The application key is checked and saved.')).toBeVisible();
      await section.getByLabel('Country').fill('de');
      await section.getByRole('button', { name: 'Find banks' }).click();
      await section.getByLabel('Bank', { exact: true }).selectOption('Testbank');
      await section.getByRole('button', { name: 'Go to your bank' }).click();

      // The bank's consent page sends the browser through Moneta's callback back to Settings.
      await page.waitForURL(/\/settings\/bank-connections\?connection=/);
      await expect(
        section.getByText('Your bank gave its consent.', { exact: false }),
      ).toBeVisible();
      const connection = section
        .getByRole('list', { name: 'Bank connections' })
        .getByRole('listitem')
        .first();
      await expect(connection).toContainText('Testbank');
      await expect(connection).toContainText('Girokonto · EUR');
      await expect(connection).toContainText('Connected');

      await connection
        .getByLabel('Transactions go to')
        .selectOption({ label: 'A new account "Girokonto"' });
      await expect(connection.getByLabel('Transactions go to')).toHaveValue(/^(?!create$).+/);
      await connection.getByRole('button', { name: 'Sync now' }).click();
      await expect(connection.getByRole('button', { name: 'Sync now' })).toBeEnabled();
      await expect(connection).toContainText('Connected');
      await expect(connection).not.toContainText('Last sync —');
      // Every call the app made carried a JWT the application's public key verifies.
      expect(api.requests.every((call) => call.authorized)).toBe(true);

      await page.goto('/accounts');
      await page.getByRole('link', { name: 'Girokonto' }).first().click();
      await expect(page.getByText(/Synced from your bank: Testbank/)).toBeVisible();
      await expect(page.getByText('Stadtwerke')).toBeVisible();
      await expect(page.getByText('Bäckerei Schmidt')).toBeVisible();
    });
  }
});
