import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { AccountsPage } from './pages/accounts-page';
import { ImportPage } from './pages/import-page';
import { PASSWORD, signInWithToken, uniqueEmail } from './support/users';

/** A German checking account's CSV in euros: the card's payoff on 31.03.2026 is −2.087,13 €. */
const CHECKING_CSV = fileURLToPath(
  new URL(
    '../apps/server/test/fixtures/imports/as-people-meet-it/checking-eur.csv',
    import.meta.url,
  ),
);

/** The US card's CSV in dollars: "Payment Thank You +2399.78" on 03/31/2026. */
const CARD_CSV = fileURLToPath(
  new URL('../apps/server/test/fixtures/imports/as-people-meet-it/card-usd.csv', import.meta.url),
);

/** Euros per dollar on 31 March 2026: the ECB's 1.1498 dollars per euro. */
const EUR_PER_USD = 1 / 1.1498;

/**
 * A euro household with a dollar card, through the API: the default account (Main, in euros) is
 * the checking account; the day's rate is the person's own (the e2e server may run without the
 * ECB's file).
 */
async function household(request: APIRequestContext) {
  const email = uniqueEmail('payoff');
  const signup = await request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  const { token } = (await signup.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const setup = await request.put('/api/auth/setup', {
    data: { defaultCurrency: 'EUR' },
    headers,
  });
  expect(setup.ok()).toBe(true);
  const card = await request.post('/api/accounts', {
    data: { name: 'Sapphire', type: 'credit', currency: 'USD' },
    headers,
  });
  expect(card.status()).toBe(201);
  const rate = await request.put('/api/rates', {
    data: { currency: 'USD', date: '2026-03-31', rate: Number(EUR_PER_USD.toFixed(6)) },
    headers,
  });
  expect(rate.ok(), await rate.text()).toBe(true);
  return { token, headers };
}

for (const order of ['checking first', 'the card first'] as const) {
  test(`a euro checking account paying off a dollar card (${order}) is one transfer`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { token, headers } = await household(request);
    await signInWithToken(page, token);
    const imports = new ImportPage(page);
    await imports.goto();

    const uploadInto = async (path: string, fileName: string, account: string) => {
      await imports.uploadForm.getByLabel(/Choose a bank file/).setInputFiles(path);
      await imports.uploadForm.getByLabel('Into account').selectOption({ label: account });
      await imports.uploadForm.getByRole('button', { name: 'Upload and preview' }).click();
      const preview = imports.preview(fileName);
      await expect(preview).toBeVisible({ timeout: 20_000 });
      return preview;
    };
    const importChecking = async (isSecond: boolean) => {
      const preview = await uploadInto(CHECKING_CSV, 'checking-eur.csv', 'Main (Checking)');
      await expect(imports.row(preview, 'Acme GmbH')).toContainText('+€2,500.00');
      if (isSecond) {
        await expect(imports.row(preview, 'JPMorgan Chase Bank')).toContainText('Transfer');
        await preview.getByRole('button', { name: 'Import 3 transactions and 1 transfer' }).click();
        await expect(preview).toBeHidden({ timeout: 20_000 });
      } else {
        await imports.commit(preview, 4);
      }
    };
    const importCard = async (isSecond: boolean) => {
      const preview = await uploadInto(CARD_CSV, 'card-usd.csv', 'Sapphire (Credit card, USD)');
      // Each row in its statement's currency: dollars, not the household's euros.
      await expect(imports.row(preview, 'DELTA AIR LINES')).toContainText('-$1,436.20');
      await expect(imports.row(preview, 'DELTA AIR LINES')).not.toContainText('€');
      if (isSecond) {
        await expect(imports.row(preview, 'Payment Thank You')).toContainText('Transfer');
        await preview.getByRole('button', { name: 'Import 2 transactions and 1 transfer' }).click();
        await expect(preview).toBeHidden({ timeout: 20_000 });
      } else {
        await imports.commit(preview, 3);
      }
    };
    if (order === 'checking first') {
      await importChecking(false);
      await importCard(true);
    } else {
      await importCard(false);
      await importChecking(true);
    }

    const accounts = new AccountsPage(page);
    await accounts.goto();
    await expect(accounts.balance('Main')).toHaveText('-€245.45');
    // Dollars, and their worth in the household's euros beside them.
    await expect(accounts.balance('Sapphire')).toHaveText(/^\$0\.00/);

    // One transfer; March's income is the salary alone.
    const transfers = await request.get('/api/transfers', { headers });
    expect(((await transfers.json()) as { total: number }).total).toBe(1);
    const march = await request.get('/api/transactions/summary?from=2026-03-01&to=2026-03-31', {
      headers,
    });
    expect(((await march.json()) as { totalIncome: number }).totalIncome).toBe(2500);
  });
}
