// The Enable Banking client against an API written from Enable Banking's reference: every call's
// JWT verified with the application's public key, the bank list, the consent and its return
// with code and state, sessions, balances, and transactions paged by continuation_key.
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEnableBankingClient } from '../../../src/domains/bank-connections/providers/enablebanking-client';
import { readApplicationKey } from '../../../src/domains/bank-connections/providers/enablebanking-jwt';
import {
  BankProviderError,
  type BankProviderErrorCode,
} from '../../../src/domains/bank-connections/providers/provider-types';
import {
  startEnableBankingServer,
  type EnableBankingBankAccount,
  type EnableBankingServer,
} from '../../support/enablebanking-server';

const APPLICATION_ID = 'cf589be3-3755-465b-a8df-a90a16a31403';
const REDIRECT_URL = 'https://money.example.com/api/bank-connections/enablebanking/callback';
const policy = { allowPrivateUrls: true };

function rsaKeys(): { privatePem: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey };
}

const keys = rsaKeys();

function transaction(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    transaction_amount: { currency: 'EUR', amount: '10.00' },
    credit_debit_indicator: 'DBIT',
    status: 'BOOK',
    booking_date: '2026-06-10',
    ...fields,
  };
}

function girokonto(transactions: Record<string, unknown>[]): EnableBankingBankAccount {
  return {
    identificationHash: 'hash-girokonto',
    resource: {
      account_id: { iban: 'DE89370400440532013000' },
      name: 'Girokonto',
      currency: 'EUR',
      cash_account_type: 'CACC',
      account_servicer: { bic_fi: 'COBADEFFXXX', name: 'Testbank' },
    },
    balances: [
      {
        name: 'available',
        balance_amount: { currency: 'EUR', amount: '1450.00' },
        balance_type: 'ITAV',
        reference_date: '2026-06-29',
      },
      {
        name: 'booked',
        balance_amount: { currency: 'EUR', amount: '1234.5600' },
        balance_type: 'CLBD',
        reference_date: '2026-06-28',
      },
    ],
    transactions,
  };
}

let server: EnableBankingServer;
beforeEach(async () => {
  server = await startEnableBankingServer({
    applicationId: APPLICATION_ID,
    publicKey: keys.publicKey,
    redirectUrls: [REDIRECT_URL],
    banks: [
      {
        name: 'Testbank',
        country: 'DE',
        maximumConsentValiditySeconds: 180 * 86_400,
        accounts: [girokonto([])],
      },
      { name: 'Nordea', country: 'FI', maximumConsentValiditySeconds: 90 * 86_400, accounts: [] },
    ],
  });
});
afterEach(() => server.close());

const client = (overrides: { privateKeyPem?: string; applicationId?: string } = {}) =>
  createEnableBankingClient({
    baseUrl: server.url,
    applicationId: overrides.applicationId ?? APPLICATION_ID,
    privateKeyPem: overrides.privateKeyPem ?? keys.privatePem,
    policy,
  });

async function expectCode(promise: Promise<unknown>, code: BankProviderErrorCode) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BankProviderError);
  expect((error as BankProviderError).code).toBe(code);
  return error as BankProviderError;
}

/** The person's trip through the bank: the consent page sends them back with code and state. */
async function consent(url: string): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

async function openSession(bank = { name: 'Testbank', country: 'DE' }) {
  const authorization = await client().startAuthorization({
    bank,
    validUntil: new Date(Date.now() + 90 * 86_400_000),
    state: 'state-1',
    redirectUrl: REDIRECT_URL,
  });
  const back = await consent(authorization.url);
  return client().createSession(back.searchParams.get('code')!);
}

describe('the application and its key', () => {
  it('signs every call with a JWT the API verifies with the public key', async () => {
    const application = await client().getApplication();
    expect(application).toEqual({
      name: 'Moneta test',
      active: true,
      countries: ['DE', 'FI'],
      redirectUrls: [REDIRECT_URL],
    });
    expect(server.requests).toEqual([{ method: 'GET', path: '/application', authorized: true }]);
  });

  it('is tested against an API that refuses every JWT the documents do not allow', async () => {
    const key = createPrivateKey(keys.privatePem);
    const now = Math.floor(Date.now() / 1000);
    const jwt = (claims: Record<string, unknown>, header: Record<string, unknown> = {}) =>
      new SignJWT({
        iss: 'enablebanking.com',
        aud: 'api.enablebanking.com',
        iat: now,
        exp: now + 3600,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: APPLICATION_ID, ...header })
        .sign(key);
    const status = async (token: string) =>
      (await fetch(`${server.url}/application`, { headers: { authorization: `Bearer ${token}` } }))
        .status;
    expect(await status(await jwt({}))).toBe(200);
    for (const token of [
      await jwt({ iss: 'someone.else' }),
      await jwt({ aud: 'api.example.com' }),
      await jwt({ iat: now - 7200, exp: now - 3600 }),
      await jwt({ exp: now + 2 * 86_400 }),
      await jwt({}, { kid: 'another-application' }),
    ]) {
      expect(await status(token)).toBe(401);
    }
  });

  it('is refused with another key or another application id', async () => {
    await expectCode(
      client({ privateKeyPem: rsaKeys().privatePem }).getApplication(),
      'APPLICATION_REFUSED',
    );
    await expectCode(
      client({ applicationId: 'another-application' }).getApplication(),
      'APPLICATION_REFUSED',
    );
    expect(server.requests.map((request) => request.authorized)).toEqual([false, false]);
  });

  it('refuses a key that is not an RSA private key, never quoting it', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const cut = keys.privatePem.slice(0, 200) + '\n-----END PRIVATE KEY-----\n';
    for (const pem of [ec, publicPem, cut, 'hunter2', '']) {
      let caught: unknown;
      try {
        readApplicationKey(pem);
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({ code: 'PRIVATE_KEY_INVALID' });
      if (pem.length > 20) expect((caught as Error).message).not.toContain(pem.slice(40, 80));
    }
    const pkcs1 = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString();
    expect(readApplicationKey(pkcs1).asymmetricKeyType).toBe('rsa');
    expect(() => client({ privateKeyPem: ec })).toThrow(
      expect.objectContaining({ code: 'PRIVATE_KEY_INVALID' }),
    );
  });
});

describe('banks and consent', () => {
  it("lists a country's banks with their longest consent in days", async () => {
    expect(await client().listBanks('DE')).toEqual([
      { name: 'Testbank', country: 'DE', maxConsentDays: 180 },
    ]);
    await expectCode(client().listBanks('de'), 'PROVIDER_REFUSED');
  });

  it('opens a session from the code the bank sends back with the state, once', async () => {
    const authorization = await client().startAuthorization({
      bank: { name: 'Testbank', country: 'DE' },
      validUntil: new Date(Date.now() + 30 * 86_400_000),
      state: 'state-42',
      redirectUrl: REDIRECT_URL,
    });
    const back = await consent(authorization.url);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URL);
    expect(back.searchParams.get('state')).toBe('state-42');
    const code = back.searchParams.get('code')!;
    const session = await client().createSession(code);
    expect(session.accounts).toEqual([
      expect.objectContaining({
        providerAccountId: 'hash-girokonto',
        name: 'Girokonto',
        currency: 'EUR',
        type: 'CACC',
        institution: 'Testbank',
      }),
    ]);
    expect(session.accounts[0]!.uid).toMatch(/^[0-9a-f-]{36}$/);
    const again = await expectCode(client().createSession(code), 'PROVIDER_REFUSED');
    expect(again.message).toContain('WRONG_AUTHORIZATION_CODE');
  });

  it('keeps the account id across sessions while the uid changes', async () => {
    const first = await openSession();
    const second = await openSession();
    expect(second.accounts[0]!.providerAccountId).toBe(first.accounts[0]!.providerAccountId);
    expect(second.accounts[0]!.uid).not.toBe(first.accounts[0]!.uid);
  });

  it('is refused a redirect URL the application did not register, or an unknown bank', async () => {
    const start = (bank: { name: string; country: string }, redirectUrl: string) =>
      client().startAuthorization({
        bank,
        validUntil: new Date(Date.now() + 86_400_000),
        state: 's',
        redirectUrl,
      });
    const redirect = await expectCode(
      start({ name: 'Testbank', country: 'DE' }, 'https://evil.example/cb'),
      'PROVIDER_REFUSED',
    );
    expect(redirect.details.providerMessages).toContain('Redirect URI not allowed');
    await expectCode(start({ name: 'Nobank', country: 'DE' }, REDIRECT_URL), 'PROVIDER_REFUSED');
  });

  it("sends the person back with the bank's error when they cancel", async () => {
    server.consentError = 'access_denied';
    const authorization = await client().startAuthorization({
      bank: { name: 'Testbank', country: 'DE' },
      validUntil: new Date(Date.now() + 86_400_000),
      state: 'state-9',
      redirectUrl: REDIRECT_URL,
    });
    const back = await consent(authorization.url);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe('account data', () => {
  it('reads the booked balance before the available one, and refuses one dated in the future', async () => {
    const session = await openSession();
    const uid = session.accounts[0]!.uid;
    expect(await client().readBalance(uid)).toEqual({
      balance: 123456,
      balanceDate: '2026-06-28',
      currency: 'EUR',
    });
    server.banks[0]!.accounts[0]!.balances = [
      {
        name: 'booked',
        balance_amount: { currency: 'EUR', amount: '1.00' },
        balance_type: 'CLBD',
        reference_date: '2999-01-01',
      },
    ];
    expect(await client().readBalance(uid)).toEqual({ problem: expect.stringMatching(/future/) });
    expect((await client().readAccountDetails(uid)).providerAccountId).toBe('hash-girokonto');
  });

  it('reads every page of transactions by continuation_key: DBIT out, pending kept, cancelled left out', async () => {
    server.pageSize = 2;
    server.banks[0]!.accounts[0]!.transactions = [
      transaction({
        entry_reference: 'e1',
        creditor: { name: 'Bäckerei' },
        remittance_information: ['Brötchen', ' 4711 '],
      }),
      transaction({
        entry_reference: 'e2',
        credit_debit_indicator: 'CRDT',
        debtor: { name: 'ACME GmbH' },
        transaction_amount: { currency: 'EUR', amount: '2500.0000' },
      }),
      transaction({
        entry_reference: 'e3',
        status: 'PDNG',
        booking_date: null,
        value_date: '2026-06-29',
      }),
      transaction({ entry_reference: 'e4', status: 'CNCL' }),
      transaction({ transaction_id: 'tid-5', note: 'Only a transaction id' }),
      transaction({ entry_reference: 'e6', booking_date: '2026-05-01' }),
    ];
    const session = await openSession();
    const account = session.accounts[0]!;
    const read = await client().readTransactions(account, { dateFrom: '2026-06-01' });
    expect(read.problems).toEqual([]);
    expect(read.transactions).toEqual([
      {
        providerAccountId: 'hash-girokonto',
        providerTransactionId: 'e1',
        date: '2026-06-10',
        amount: -1000,
        currency: 'EUR',
        payee: 'Bäckerei',
        description: 'Brötchen 4711',
        isPending: false,
      },
      expect.objectContaining({
        providerTransactionId: 'e2',
        amount: 250000,
        payee: 'ACME GmbH',
        isPending: false,
      }),
      expect.objectContaining({ providerTransactionId: 'e3', date: '2026-06-29', isPending: true }),
      expect.objectContaining({
        providerTransactionId: 'tid-5',
        description: 'Only a transaction id',
      }),
    ]);
    const pages = server.requests.filter((request) => request.path.endsWith('/transactions'));
    expect(pages).toHaveLength(3);
  });

  it('names rows without an id, with an unreadable amount or repeated across pages', async () => {
    server.pageSize = 1;
    server.banks[0]!.accounts[0]!.transactions = [
      transaction({}),
      transaction({
        entry_reference: 'x1',
        transaction_amount: { currency: 'EUR', amount: '1.234' },
      }),
      transaction({ entry_reference: 'x2', credit_debit_indicator: 'UNKNOWN' }),
      transaction({ entry_reference: 'x3' }),
      transaction({ entry_reference: 'x3' }),
    ];
    const session = await openSession();
    const read = await client().readTransactions(session.accounts[0]!, { dateFrom: '2026-06-01' });
    expect(read.transactions.map((row) => row.providerTransactionId)).toEqual(['x3']);
    expect(read.problems.map((problem) => [problem.code, problem.providerTransactionId])).toEqual([
      ['TRANSACTION_WITHOUT_ID', null],
      ['AMOUNT_UNREADABLE', 'x1'],
      ['TRANSACTION_UNREADABLE', 'x2'],
      ['TRANSACTION_ID_REPEATED', 'x3'],
    ]);
  });

  it('says the consent is over once the session is deleted or expired', async () => {
    const session = await openSession();
    const account = session.accounts[0]!;
    await client().deleteSession(session.sessionId);
    const closed = await expectCode(
      client().readTransactions(account, { dateFrom: '2026-06-01' }),
      'SESSION_EXPIRED',
    );
    expect(closed.message).toMatch(/renew/);

    const other = await openSession();
    server.sessions.get(other.sessionId)!.validUntil = new Date(Date.now() - 1000).toISOString();
    await expectCode(client().readBalance(other.accounts[0]!.uid), 'SESSION_EXPIRED');
  });

  it('refuses a base URL on a private address unless allowed', () => {
    expect(() =>
      createEnableBankingClient({
        baseUrl: server.url.replace('http:', 'https:'),
        applicationId: APPLICATION_ID,
        privateKeyPem: keys.privatePem,
        policy: { allowPrivateUrls: false },
      }),
    ).toThrow(expect.objectContaining({ code: 'PRIVATE_ADDRESS_REFUSED' }));
  });
});
