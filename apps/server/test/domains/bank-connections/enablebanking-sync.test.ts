// Enable Banking through HTTP on real PostgreSQL, against an API written from its reference
// (every JWT verified with the application's public key): the application key, the bank list,
// the consent and the callback's single-use state, a synced account, an ended consent.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Account, BankConnection, Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../../test-app';
import { bankCalls, createBankTestApp, daysAgo, PUBLIC_URL } from '../../support/bank-app';
import {
  startEnableBankingServer,
  type EnableBankingServer,
} from '../../support/enablebanking-server';

const APPLICATION_ID = 'cf589be3-3755-465b-a8df-a90a16a31403';
const CALLBACK = '/api/bank-connections/enablebanking/callback';

function rsaKeys(): { privatePem: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey };
}
const keys = rsaKeys();

const booked = (
  id: string,
  days: number,
  amount: string,
  indicator: 'CRDT' | 'DBIT',
  name: string,
) => ({
  entry_reference: id,
  transaction_amount: { currency: 'EUR', amount },
  credit_debit_indicator: indicator,
  status: 'BOOK',
  booking_date: daysAgo(days).day,
  creditor: indicator === 'DBIT' ? { name } : null,
  debtor: indicator === 'CRDT' ? { name } : null,
  remittance_information: [`${name} ref`],
});

let context: Awaited<ReturnType<typeof createBankTestApp>>;
let api: EnableBankingServer;
const { call, ok, sync, map } = bankCalls(() => context.app);

beforeAll(async () => {
  api = await startEnableBankingServer({
    applicationId: APPLICATION_ID,
    publicKey: keys.publicKey,
    redirectUrls: [`${PUBLIC_URL}${CALLBACK}`],
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
                balance_amount: { currency: 'EUR', amount: '1180.50' },
                balance_type: 'CLBD',
                reference_date: daysAgo(1).day,
              },
            ],
            transactions: [
              booked('e1', 12, '1250.00', 'CRDT', 'Arbeitgeber GmbH'),
              booked('e2', 6, '69.50', 'DBIT', 'Stadtwerke'),
              { ...booked('e3', 1, '20.00', 'DBIT', 'Bäckerei'), status: 'PDNG' },
            ],
          },
        ],
      },
    ],
  });
  api.pageSize = 1;
  context = await createBankTestApp({ enableBankingUrl: api.url });
});
afterAll(async () => {
  await context.close();
  await api.close();
});

async function setApp(user: SignedUpUser) {
  return ok<{ applicationId: string; active: boolean; countries: string[] }>(
    user,
    'PUT',
    '/api/bank-connections/enablebanking/app',
    { applicationId: APPLICATION_ID, privateKey: keys.privatePem },
  );
}

/** Starts a consent and follows the bank's page back: the callback URL it sends the person to. */
async function consentAtBank(user: SignedUpUser) {
  const started = await call(user, 'POST', '/api/bank-connections', {
    provider: 'enablebanking',
    bank: { name: 'Testbank', country: 'DE' },
  });
  expect(started.statusCode, started.body).toBe(201);
  const { connection, authorisationUrl } = started.json<{
    connection: BankConnection;
    authorisationUrl: string;
  }>();
  expect(connection.status).toBe('pending');
  const bank = await fetch(authorisationUrl, { redirect: 'manual' });
  const back = new URL(bank.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}${CALLBACK}`);
  return { connection, back: `${back.pathname}${back.search}` };
}

describe('Enable Banking connections', () => {
  it('check the application key before keeping it, and list the banks', async () => {
    const user = await signUp(context.app, { setup: true });
    const before = await call(user, 'POST', '/api/bank-connections', {
      provider: 'enablebanking',
      bank: { name: 'Testbank', country: 'DE' },
    });
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({ code: 'BANK_APP_MISSING' });
    const notRsa = await call(user, 'PUT', '/api/bank-connections/enablebanking/app', {
      applicationId: APPLICATION_ID,
      privateKey: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----',
    });
    expect(notRsa.statusCode).toBe(400);
    expect(notRsa.json()).toMatchObject({ code: 'BANK_KEY_INVALID' });
    const otherKey = await call(user, 'PUT', '/api/bank-connections/enablebanking/app', {
      applicationId: APPLICATION_ID,
      privateKey: rsaKeys().privatePem,
    });
    expect(otherKey.statusCode).toBe(400);

    const app = await setApp(user);
    expect(app).toEqual({ applicationId: APPLICATION_ID, active: true, countries: ['DE'] });
    const banks = await ok(user, 'GET', '/api/bank-connections/enablebanking/banks?country=DE');
    expect(banks).toEqual([{ name: 'Testbank', country: 'DE', maxConsentDays: 180 }]);
    const lower = await call(user, 'GET', '/api/bank-connections/enablebanking/banks?country=de');
    expect(lower.statusCode).toBe(400);
  });

  it('turn a consent into a connection whose mapped account gets its booked rows once', async () => {
    const user = await signUp(context.app, { setup: true });
    await setApp(user);
    const { connection, back } = await consentAtBank(user);
    const returned = await context.app.inject({ method: 'GET', url: back });
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe(
      `/settings/bank-connections?connection=${connection._id}`,
    );
    const reused = await context.app.inject({ method: 'GET', url: back });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'BANK_STATE_INVALID' });
    const unknown = await context.app.inject({ method: 'GET', url: `${CALLBACK}?state=x&code=y` });
    expect(unknown.json()).toMatchObject({ code: 'BANK_STATE_INVALID' });

    const open = await ok<BankConnection>(user, 'GET', `/api/bank-connections/${connection._id}`);
    expect(open).toMatchObject({ status: 'ok', renewSoon: false, lastError: null });
    expect(Date.parse(open.validUntil!)).toBeGreaterThan(Date.now() + 170 * 86_400_000);
    expect(open.accounts).toEqual([
      expect.objectContaining({
        providerAccountId: 'hash-girokonto',
        currency: 'EUR',
        type: 'CACC',
      }),
    ]);

    const mapped = await map(user, connection._id, 'hash-girokonto', { create: { name: 'Giro' } });
    const accountId = mapped.accounts[0]!.accountId!;
    const account = (await ok<Account[]>(user, 'GET', '/api/accounts')).find(
      (candidate) => candidate._id === accountId,
    );
    expect(account).toMatchObject({ currency: 'EUR', type: 'checking' });
    const synced = await sync(user, connection._id);
    await sync(user, connection._id);
    const { transactions } = await ok<{ transactions: Transaction[] }>(
      user,
      'GET',
      `/api/transactions?accountId=${accountId}`,
    );
    expect(
      transactions
        .map((row) => [row.name, row.cost, row.isIncome, row.addedOn, row.isPending ?? false])
        .sort(),
    ).toEqual([
      ['Arbeitgeber GmbH', 1250, true, daysAgo(12).day, false],
      ['Bäckerei', 20, false, daysAgo(1).day, true],
      ['Stadtwerke', 69.5, false, daysAgo(6).day, false],
    ]);
    // 1250 − 69.50 = 1180.50: the bank and Moneta agree.
    expect(synced.accounts[0]).toMatchObject({ balance: 1180.5, balanceDifference: null });
  });

  it('mark a refused consent and an ended one, with the next step', async () => {
    const user = await signUp(context.app, { setup: true });
    await setApp(user);
    api.consentError = 'access_denied';
    const refused = await consentAtBank(user);
    api.consentError = undefined;
    const returned = await context.app.inject({ method: 'GET', url: refused.back });
    expect(returned.headers.location).toContain('error=consent');
    const marked = await ok<BankConnection>(
      user,
      'GET',
      `/api/bank-connections/${refused.connection._id}`,
    );
    expect(marked).toMatchObject({
      status: 'needs_attention',
      lastError: { code: 'CONSENT_REFUSED' },
    });

    // A state older than 30 minutes is refused.
    const late = await consentAtBank(user);
    await context.database.pool.query(
      "UPDATE bank_authorizations SET expires_at = now() - interval '1 minute' WHERE connection_id = $1",
      [late.connection._id],
    );
    const expired = await context.app.inject({ method: 'GET', url: late.back });
    expect(expired.json()).toMatchObject({ code: 'BANK_STATE_INVALID' });

    const { connection, back: firstBack } = await consentAtBank(user);
    await context.app.inject({ method: 'GET', url: firstBack });
    await map(user, connection._id, 'hash-girokonto', { create: { name: 'Giro 2' } });
    await context.database.pool.query(
      "UPDATE bank_connections SET valid_until = now() + interval '3 days' WHERE id = $1",
      [connection._id],
    );
    expect(
      (await ok<BankConnection>(user, 'GET', `/api/bank-connections/${connection._id}`)).renewSoon,
    ).toBe(true);
    await context.database.pool.query(
      "UPDATE bank_connections SET valid_until = now() - interval '1 day' WHERE id = $1",
      [connection._id],
    );
    const ended = await sync(user, connection._id);
    expect(ended).toMatchObject({
      status: 'expired',
      lastError: { code: 'SESSION_EXPIRED', nextStep: expect.stringContaining('Renew') },
    });

    // Renewing: the bank's page again, for the same connection; the mapping stays.
    const renewal = await ok<{ connection: BankConnection; authorisationUrl: string }>(
      user,
      'POST',
      `/api/bank-connections/${connection._id}/renew`,
    );
    expect(renewal.connection._id).toBe(connection._id);
    const bank = await fetch(renewal.authorisationUrl, { redirect: 'manual' });
    const back = new URL(bank.headers.get('location')!);
    await context.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    const renewed = await sync(user, connection._id);
    expect(renewed).toMatchObject({ status: 'ok', renewSoon: false, lastError: null });
    expect(renewed.accounts[0]!.accountId).toBe(ended.accounts[0]!.accountId);
    expect(Date.parse(renewed.validUntil!)).toBeGreaterThan(Date.now() + 170 * 86_400_000);

    // Disconnecting closes the session at Enable Banking.
    await ok(user, 'DELETE', `/api/bank-connections/${connection._id}`);
    expect(api.requests.at(-1)).toMatchObject({ method: 'DELETE', authorized: true });
    expect(context.logs.join('\n')).not.toContain(keys.privatePem.split('\n')[1]);
  });
});
