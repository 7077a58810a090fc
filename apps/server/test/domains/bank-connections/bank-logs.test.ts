// The server's log lines (its own logger options, at trace) never hold a bank secret, through
// connects, consents and syncs that fail as well as those that work: a setup token, an access URL
// or its password, a private key, a JWT, the consent's code and state, a sealed column's value.
import { generateKeyPairSync } from 'node:crypto';
import type { BankConnection } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../../test-app';
import { signUp } from '../../test-app';
import { bankCalls, createBankTestApp, daysAgo, PUBLIC_URL } from '../../support/bank-app';
import {
  startEnableBankingServer,
  type EnableBankingServer,
} from '../../support/enablebanking-server';
import { startSimplefinServer, type SimplefinServer } from '../../support/simplefin-server';

const APPLICATION_ID = 'a3c0e2a4-55a1-4b55-9c7e-2b1f0f6a9d10';
const CALLBACK = '/api/bank-connections/enablebanking/callback';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let context: Awaited<ReturnType<typeof createBankTestApp>>;
let bridge: SimplefinServer;
let api: EnableBankingServer;
const { call, ok, sync, map } = bankCalls(() => context.app);
/** Every secret the test saw, by name, to look for in the logs at the end. */
const secrets = new Map<string, string>();

beforeAll(async () => {
  bridge = await startSimplefinServer([
    {
      org: { domain: 'bank.test', 'sfin-url': 'https://sfin.bank.test', name: 'Log Bank' },
      id: 'ACC-1',
      name: 'Checking',
      currency: 'USD',
      balance: '-5.00',
      'balance-date': daysAgo(1).epoch,
      transactions: [{ id: 's1', posted: daysAgo(3).epoch, amount: '-5.00', description: 'Tea' }],
    },
  ]);
  api = await startEnableBankingServer({
    applicationId: APPLICATION_ID,
    publicKey: keys.publicKey,
    redirectUrls: [`${PUBLIC_URL}${CALLBACK}`],
    banks: [
      {
        name: 'Logbank',
        country: 'FI',
        maximumConsentValiditySeconds: 90 * 86_400,
        accounts: [
          {
            identificationHash: 'hash-log',
            resource: { name: 'Tili', currency: 'EUR', cash_account_type: 'CACC' },
            balances: [],
            transactions: [],
          },
        ],
      },
    ],
  });
  context = await createBankTestApp({ enableBankingUrl: api.url });
});
afterAll(async () => {
  await context.close();
  await bridge.close();
  await api.close();
});

/** Starts a consent at Logbank and follows the bank's page: the callback's query. */
async function consentAtBank(user: SignedUpUser) {
  const started = await ok<{ connection: BankConnection; authorisationUrl: string }>(
    user,
    'POST',
    '/api/bank-connections',
    { provider: 'enablebanking', bank: { name: 'Logbank', country: 'FI' } },
  );
  const bank = await fetch(started.authorisationUrl, { redirect: 'manual' });
  const back = new URL(bank.headers.get('location')!);
  return { connection: started.connection, query: back.searchParams };
}

async function sealedColumns(): Promise<string[]> {
  const { rows } = await context.database.pool.query<{ sealed: string }>(
    `SELECT secret AS sealed FROM bank_connections WHERE secret IS NOT NULL
     UNION ALL SELECT sealed_private_key FROM enable_banking_apps`,
  );
  return rows.map((row) => row.sealed);
}

describe('bank secrets in the logs', () => {
  it('a SimpleFIN connect used twice and syncs refused by the bridge log no token or access URL', async () => {
    const user = await signUp(context.app, { setup: true });
    const token = bridge.newSetupToken();
    secrets.set('setup token', token);
    const connection = await ok<BankConnection>(user, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: token,
    });
    const again = await call(user, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: token,
    });
    expect(again.statusCode).toBe(409);
    const { rows } = await context.database.pool.query<{ secret: string }>(
      'SELECT secret FROM bank_connections WHERE id = $1',
      [connection._id],
    );
    const accessUrl = new URL(
      context.secretBox.open(rows[0]!.secret, `bank-connection:${connection._id}`),
    );
    secrets.set('access URL', accessUrl.href);
    secrets.set('access URL password', accessUrl.password);

    await map(user, connection._id, 'ACC-1', { create: { name: 'Checking' } });
    bridge.rawAnswer = '{"accounts": "not a list"';
    expect((await sync(user, connection._id)).status).toBe('needs_attention');
    bridge.rawAnswer = undefined;
    bridge.revokeAll();
    expect((await sync(user, connection._id)).status).toBe('needs_attention');
  });

  it('an Enable Banking key, a refused code and an ended session log no key, JWT, code or state', async () => {
    const user = await signUp(context.app, { setup: true });
    const refusedKey = await call(user, 'PUT', '/api/bank-connections/enablebanking/app', {
      applicationId: APPLICATION_ID,
      privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    });
    expect(refusedKey.statusCode).toBe(400);
    await ok(user, 'PUT', '/api/bank-connections/enablebanking/app', {
      applicationId: APPLICATION_ID,
      privateKey: privatePem,
    });

    // A code the bank does not know, under a state Moneta issued: the session is refused.
    const refused = await consentAtBank(user);
    secrets.set('refused consent state', refused.query.get('state')!);
    const wrongCode = `${refused.query.get('code')!}-wrong`;
    secrets.set('wrong code', wrongCode);
    const failed = await context.app.inject({
      method: 'GET',
      url: `${CALLBACK}?state=${refused.query.get('state')!}&code=${wrongCode}`,
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);

    const given = await consentAtBank(user);
    secrets.set('consent code', given.query.get('code')!);
    secrets.set('consent state', given.query.get('state')!);
    const back = await context.app.inject({
      method: 'GET',
      url: `${CALLBACK}?${given.query.toString()}`,
    });
    expect(back.statusCode).toBe(302);
    await map(user, given.connection._id, 'hash-log', { create: { name: 'Tili' } });
    for (const session of api.sessions.values()) session.status = 'REVOKED';
    expect((await sync(user, given.connection._id)).status).not.toBe('ok');
  });

  it('hold none of the secrets those steps saw, nor a sealed column or a JWT', async () => {
    const logs = context.logs.join('');
    expect(logs).toContain(CALLBACK);
    const seen = new Map(secrets);
    for (const [index, line] of privatePem.split('\n').slice(1, -2).entries())
      seen.set(`private key line ${index}`, line);
    for (const [index, sealed] of (await sealedColumns()).entries())
      seen.set(`sealed column ${index}`, sealed);
    for (const [index, jwt] of api.bearerTokens.entries()) seen.set(`JWT ${index}`, jwt);
    expect(api.bearerTokens.length).toBeGreaterThan(3);
    for (const [name, value] of seen) {
      expect(value.length, name).toBeGreaterThan(8);
      expect(logs.includes(value), `${name} in the logs`).toBe(false);
    }
  });
});
