// The SimpleFIN client against a SimpleFIN server written from the protocol (1.0.7) and the
// bridge's developer guide: claim once, accounts with their query parameters, windows of at
// most 90 days within 24 requests a day, 402/403, the account set's errors and bad data.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BankProviderError,
  type BankProviderErrorCode,
} from '../../../src/domains/bank-connections/providers/provider-types';
import { createRequestBudget } from '../../../src/domains/bank-connections/providers/request-budget';
import {
  claimAccessUrl,
  createSimplefinClient,
  readSetupToken,
  SIMPLEFIN_REQUESTS_PER_DAY,
} from '../../../src/domains/bank-connections/providers/simplefin-client';
import {
  startSimplefinServer,
  type SimplefinRawAccount,
  type SimplefinServer,
} from '../../support/simplefin-server';

const DAY = 86_400;
const now = new Date('2026-06-30T12:00:00Z');
const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const local = { policy: { allowPrivateUrls: true }, now: () => now };

function checking(transactions: SimplefinRawAccount['transactions']): SimplefinRawAccount {
  return {
    org: { domain: 'mybank.com', 'sfin-url': 'https://sfin.mybank.com', name: 'My Bank' },
    id: 'ACT-checking',
    name: 'Checking',
    currency: 'USD',
    balance: '100.23',
    'available-balance': '75.23',
    'balance-date': epoch('2026-06-29T08:00:00Z'),
    transactions,
    extra: { 'account-open-date': 978360153 },
  };
}

async function expectCode(promise: Promise<unknown>, code: BankProviderErrorCode) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BankProviderError);
  expect((error as BankProviderError).code).toBe(code);
  return error as BankProviderError;
}

let server: SimplefinServer;
beforeEach(async () => {
  server = await startSimplefinServer([
    checking([
      {
        id: 't1',
        posted: epoch('2026-06-01T10:00:00Z'),
        amount: '-33293.43',
        description: "Uncle Frank's Bait Shop",
      },
      {
        id: 't2',
        posted: epoch('2026-06-02T10:00:00Z'),
        amount: '1200.5000',
        description: 'Salary',
        payee: 'ACME',
        memo: 'June',
      },
      {
        id: 't3',
        posted: 0,
        amount: '-4.5',
        description: 'Coffee',
        pending: true,
        transacted_at: epoch('2026-06-29T07:00:00Z'),
      },
    ]),
  ]);
});
afterEach(() => server.close());

async function connect(
  budget = createRequestBudget({ limit: SIMPLEFIN_REQUESTS_PER_DAY, now: () => now }),
) {
  const accessUrl = await claimAccessUrl(server.newSetupToken(), local);
  return { accessUrl, client: createSimplefinClient(accessUrl, budget, local), budget };
}

describe('claiming the access URL', () => {
  it('turns a setup token into an access URL holding Basic credentials, once', async () => {
    const token = server.newSetupToken();
    const accessUrl = await claimAccessUrl(token, local);
    const url = new URL(accessUrl);
    expect(url.username).not.toBe('');
    expect(url.password).not.toBe('');
    expect(`${url.origin}${url.pathname}`).toBe(server.root);

    const again = await expectCode(claimAccessUrl(token, local), 'SETUP_TOKEN_USED');
    expect(again.message).toMatch(/already used or is unknown.*compromised/s);
    expect(server.claims.map((claim) => claim.status)).toEqual([200, 403]);
  });

  it('refuses a token that is not the Base64 of an http(s) URL, before any request', async () => {
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    for (const token of [
      '',
      'not base64!',
      base64('hello world'),
      base64('ftp://bridge.example/claim/x'),
      base64('javascript:alert(1)'),
    ]) {
      await expectCode(claimAccessUrl(token, local), 'SETUP_TOKEN_INVALID');
    }
    // https is required unless private addresses are allowed (a bridge on one's own network).
    expect(() =>
      readSetupToken(base64('http://bridge.example/claim/x'), { allowPrivateUrls: false }),
    ).toThrow(expect.objectContaining({ code: 'SETUP_TOKEN_INVALID' }));
    expect(
      readSetupToken(`  ${base64('https://bridge.example/claim/x')}\n`, { allowPrivateUrls: false })
        .href,
    ).toBe('https://bridge.example/claim/x');
    expect(server.claims).toEqual([]);
  });

  it('refuses a claim URL on a private or loopback address unless they are allowed', async () => {
    const token = server.newSetupToken();
    await expectCode(
      claimAccessUrl(token, { policy: { allowPrivateUrls: false } }),
      'SETUP_TOKEN_INVALID',
    );
    const https = Buffer.from('https://127.0.0.1/simplefin/claim/x').toString('base64');
    await expectCode(
      claimAccessUrl(https, { policy: { allowPrivateUrls: false } }),
      'PRIVATE_ADDRESS_REFUSED',
    );
    const named = Buffer.from('https://localhost/simplefin/claim/x').toString('base64');
    await expectCode(
      claimAccessUrl(named, { policy: { allowPrivateUrls: false } }),
      'PRIVATE_ADDRESS_REFUSED',
    );
    expect(server.claims).toEqual([]);
  });
});

describe('reading accounts', () => {
  it('reads balances only, with amounts read exactly to cents', async () => {
    const { client } = await connect();
    const set = await client.readBalances();
    expect(set.accounts).toEqual([
      {
        providerAccountId: 'ACT-checking',
        name: 'Checking',
        currency: 'USD',
        type: null,
        balance: 10023,
        balanceDate: '2026-06-29',
        institution: 'My Bank',
      },
    ]);
    expect(set.transactions).toEqual([]);
    expect(set.problems).toEqual([]);
    expect(server.accountsRequests.at(-1)!.query.get('balances-only')).toBe('1');
  });

  it('reads transactions with pending ones, posted on their UTC day, pending by when they happened', async () => {
    const { client } = await connect();
    const set = await client.readTransactions({ from: new Date('2026-05-31T00:00:00Z'), to: now });
    expect(set.transactions).toEqual([
      expect.objectContaining({
        providerTransactionId: 't1',
        date: '2026-06-01',
        amount: -3329343,
        isPending: false,
        payee: null,
      }),
      expect.objectContaining({
        providerTransactionId: 't2',
        amount: 120050,
        payee: 'ACME',
        description: 'Salary — June',
      }),
      expect.objectContaining({
        providerTransactionId: 't3',
        date: '2026-06-29',
        amount: -450,
        isPending: true,
      }),
    ]);
    const query = server.accountsRequests.at(-1)!.query;
    expect(query.get('pending')).toBe('1');
    expect(query.get('start-date')).toBe(String(epoch('2026-05-31T00:00:00Z')));
    expect(query.get('end-date')).toBe(String(Math.floor(now.getTime() / 1000)));
  });

  it('asks for the accounts named, each as its own account parameter', async () => {
    server.accounts.push({ ...checking([]), id: 'ACT-savings', name: 'Savings' });
    const { client } = await connect();
    const set = await client.readBalances(['ACT-savings']);
    expect(set.accounts.map((account) => account.providerAccountId)).toEqual(['ACT-savings']);
    expect(server.accountsRequests.at(-1)!.query.getAll('account')).toEqual(['ACT-savings']);
  });

  it('reads a long range in windows of at most 90 days, end exclusive, each transaction once', async () => {
    const from = new Date('2025-12-01T00:00:00Z');
    server.accounts[0]!.transactions = Array.from({ length: 210 }, (_, day) => ({
      id: `d${day}`,
      posted: epoch('2025-12-01T00:00:00Z') + day * DAY,
      amount: '-1.00',
      description: `Day ${day}`,
    }));
    const { client } = await connect();
    const set = await client.readTransactions({ from, to: new Date('2026-06-29T00:00:00Z') });
    const windows = server.accountsRequests.map((request) => [
      Number(request.query.get('start-date')),
      Number(request.query.get('end-date')),
    ]);
    expect(windows).toHaveLength(3);
    for (const [start, end] of windows) expect(end! - start!).toBeLessThanOrEqual(90 * DAY);
    expect(windows[0]![0]).toBe(from.getTime() / 1000);
    expect(windows[1]![0]).toBe(windows[0]![1]);
    expect(windows[2]![0]).toBe(windows[1]![1]);
    expect(set.transactions).toHaveLength(210);
    expect(
      new Set(set.transactions.map((transaction) => transaction.providerTransactionId)).size,
    ).toBe(210);
  });
});

describe('the request budget of 24 a day', () => {
  it('stops at 24 requests in 24 hours and says when the next is possible', async () => {
    let clock = now;
    const budget = createRequestBudget({ limit: SIMPLEFIN_REQUESTS_PER_DAY, now: () => clock });
    const { client } = await connect(budget);
    for (let request = 0; request < 24; request += 1) await client.readBalances();
    const spent = await expectCode(client.readBalances(), 'REQUEST_BUDGET_SPENT');
    expect(spent.message).toContain('2026-07-01T12:00:00.000Z');
    expect(server.accountsRequests).toHaveLength(24);
    clock = new Date(now.getTime() + 24 * 3600 * 1000 + 1);
    await client.readBalances();
    expect(server.accountsRequests).toHaveLength(25);
  });

  it('refuses a range whose windows the budget cannot all pay for, before sending any', async () => {
    const spentAt = Array.from({ length: 22 }, () => new Date(now.getTime() - 3600_000));
    const budget = createRequestBudget({ limit: 24, spentAt, now: () => now });
    const { client } = await connect(budget);
    await expectCode(
      client.readTransactions({ from: new Date('2025-12-01T00:00:00Z'), to: now }),
      'REQUEST_BUDGET_SPENT',
    );
    expect(server.accountsRequests).toEqual([]);
    expect(budget.remaining()).toBe(2);
  });
});

describe('what the bridge answers besides data', () => {
  it('maps 402 to a payment due and 403 to revoked access, never quoting the access URL', async () => {
    const { client, accessUrl } = await connect();
    server.paymentDue = true;
    const due = await expectCode(client.readBalances(), 'PAYMENT_REQUIRED');
    expect(due.message).toMatch(/payment/i);
    server.paymentDue = false;
    server.revokeAll();
    const revoked = await expectCode(client.readBalances(), 'ACCESS_REVOKED');
    expect(revoked.message).toMatch(/new setup token/);
    for (const error of [due, revoked]) {
      expect(error.message).not.toContain(new URL(accessUrl).password);
      expect(JSON.stringify(error)).not.toContain(new URL(accessUrl).password);
    }
  });

  it("keeps the account set's errors for the person, sanitized, and reads version 2's errlist too", async () => {
    server.errors = [
      'You must reauthenticate.',
      '<b>My Bank</b>\u0007 needs you',
      'You must reauthenticate.',
    ];
    const { client } = await connect();
    expect((await client.readBalances()).errors).toEqual([
      'You must reauthenticate.',
      'My Bank needs you',
    ]);
    server.rawAnswer = JSON.stringify({
      errlist: [{ code: 'con.auth', msg: 'Authentication failed for My Bank' }],
      accounts: [],
    });
    expect((await client.readBalances()).errors).toEqual(['Authentication failed for My Bank']);
  });

  it('refuses an answer that is not JSON or not an account set', async () => {
    const { client } = await connect();
    for (const answer of ['<html>oops</html>', '{"accounts": []}', '{"errors": []}', '[]']) {
      server.rawAnswer = answer;
      await expectCode(client.readBalances(), 'PROVIDER_ANSWER_INVALID');
    }
  });
});

describe('bad data in the account set', () => {
  it('names each row it cannot read and keeps the others', async () => {
    const posted = epoch('2026-06-10T10:00:00Z');
    server.accounts.splice(
      0,
      1,
      checking([
        { posted, amount: '-1.00', description: 'No id' },
        { id: '', posted, amount: '-1.00', description: 'Empty id' },
        { id: 'a1', posted, amount: '-1.005', description: 'Past the cents' },
        { id: 'a2', posted, amount: '1,50', description: 'Comma' },
        { id: 'a3', posted, amount: 12.5, description: 'A number, not a string' },
        { id: 'a4', posted: '2026-06-10', amount: '-2.00', description: 'Posted as text' },
        { id: 'a5', posted, amount: '-3.00' },
        { id: 'ok', posted, amount: '-0.10', description: 'Fine', extra: { category: 'food' } },
        { id: 'ok', posted, amount: '-0.20', description: 'Same id again' },
      ]),
    );
    server.accounts.push(
      {
        ...checking([{ id: 'ok', posted, amount: '-9.99', description: 'Same id, other account' }]),
        id: 'ACT-card',
        name: 'Card',
      },
      { id: 'ACT-broken', name: 'No currency', balance: '1', 'balance-date': posted },
      {
        ...checking([]),
        id: 'ACT-miles',
        name: 'Miles',
        currency: 'https://www.example.com/flight-miles',
      },
    );
    const { client } = await connect();
    const set = await client.readTransactions({ from: new Date('2026-06-01T00:00:00Z'), to: now });
    expect(
      set.transactions.map((row) => [row.providerAccountId, row.providerTransactionId, row.amount]),
    ).toEqual([
      ['ACT-checking', 'ok', -10],
      ['ACT-card', 'ok', -999],
    ]);
    expect(set.problems.map((problem) => [problem.code, problem.providerTransactionId])).toEqual([
      ['TRANSACTION_WITHOUT_ID', null],
      ['TRANSACTION_WITHOUT_ID', null],
      ['AMOUNT_UNREADABLE', 'a1'],
      ['AMOUNT_UNREADABLE', 'a2'],
      ['AMOUNT_UNREADABLE', 'a3'],
      ['DATE_UNREADABLE', 'a4'],
      ['TRANSACTION_UNREADABLE', 'a5'],
      ['TRANSACTION_ID_REPEATED', 'ok'],
      ['ACCOUNT_UNREADABLE', null],
      ['ACCOUNT_UNREADABLE', null],
    ]);
    expect(set.accounts.map((account) => account.providerAccountId)).toEqual([
      'ACT-checking',
      'ACT-card',
    ]);
  });

  it('dates a pending row without any time today, and accepts fields the protocol does not name', async () => {
    server.accounts[0]!.transactions = [
      { id: 'p0', posted: 0, amount: '-8.00', description: 'Hold', pending: true },
    ];
    server.accounts[0]!.name = 'Checking\u0000 <i>main</i>';
    server.rawAnswer = undefined;
    const { client } = await connect();
    const set = await client.readTransactions({ from: new Date('2026-06-01T00:00:00Z'), to: now });
    expect(set.transactions).toEqual([
      expect.objectContaining({ providerTransactionId: 'p0', date: '2026-06-30', isPending: true }),
    ]);
    expect(set.accounts[0]!.name).toBe('Checking main');
    server.rawAnswer = JSON.stringify({ errors: [], accounts: [], connections: [], 'x-extra': 1 });
    expect((await client.readBalances()).accounts).toEqual([]);
  });

  it('does not compare a balance dated in the future', async () => {
    server.accounts[0]!['balance-date'] = epoch('2026-07-02T00:00:00Z');
    const { client } = await connect();
    const set = await client.readBalances();
    expect(set.accounts[0]).toMatchObject({ balance: null, balanceDate: null });
    expect(set.problems).toEqual([
      expect.objectContaining({
        code: 'BALANCE_DATE_IN_FUTURE',
        providerAccountId: 'ACT-checking',
      }),
    ]);
  });

  it('reads amounts with any number of decimals when the digits past the cents are zeros', async () => {
    const posted = epoch('2026-06-10T10:00:00Z');
    const amounts = ['7', '-0.5', '12.5000000', '+3.10', '-0.00', '123456789012.34'];
    server.accounts[0]!.transactions = amounts.map((amount, at) => ({
      id: `x${at}`,
      posted,
      amount,
      description: amount,
    }));
    const { client } = await connect();
    const set = await client.readTransactions({ from: new Date('2026-06-01T00:00:00Z'), to: now });
    expect(set.transactions.map((row) => row.amount)).toEqual([
      700, -50, 1250, 310, 0, 12345678901234,
    ]);
    expect(set.problems).toEqual([]);
  });
});

describe('private addresses', () => {
  it('refuses an access URL on a loopback address unless allowed, sending nothing', async () => {
    const accessUrl = await claimAccessUrl(server.newSetupToken(), local);
    const budget = createRequestBudget({ limit: 24 });
    expect(() =>
      createSimplefinClient(accessUrl, budget, { policy: { allowPrivateUrls: false } }),
    ).toThrow(expect.objectContaining({ code: 'URL_INVALID' }));
    const https = new URL(accessUrl);
    https.protocol = 'https:';
    expect(() =>
      createSimplefinClient(https.toString(), budget, { policy: { allowPrivateUrls: false } }),
    ).toThrow(expect.objectContaining({ code: 'PRIVATE_ADDRESS_REFUSED' }));
    expect(server.accountsRequests).toEqual([]);
  });
});
