// Who may do what with a household's bank connections, the bad inputs of connecting and
// mapping, and secrets: never in an answer, a log line or the household's export.
import type { Account, BankConnection, Household } from '@moneta/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../../test-app';
import { bankCalls, createBankTestApp } from '../../support/bank-app';
import { startSimplefinServer, type SimplefinServer } from '../../support/simplefin-server';

let context: Awaited<ReturnType<typeof createBankTestApp>>;
let bridge: SimplefinServer;
const { call, ok, map } = bankCalls(() => context.app);

beforeAll(async () => {
  bridge = await startSimplefinServer([
    {
      org: { domain: 'bank.example', 'sfin-url': 'https://sfin.bank.example' },
      id: 'EUR-1',
      name: 'Euro account',
      currency: 'EUR',
      balance: '10.00',
      'balance-date': Math.floor(Date.now() / 1000) - 86_400,
      transactions: [
        {
          id: 'k1',
          posted: Math.floor(Date.now() / 1000) - 2 * 86_400,
          amount: '-5.00',
          description: 'Kiosk',
        },
      ],
    },
  ]);
  context = await createBankTestApp();
});
afterAll(async () => {
  await context.close();
  await bridge.close();
});

async function connect(user: SignedUpUser): Promise<BankConnection> {
  return ok<BankConnection>(user, 'POST', '/api/bank-connections', {
    provider: 'simplefin',
    setupToken: bridge.newSetupToken(),
  });
}

/** A member of `owner`'s personal household with `role`, calling with its header. */
async function memberOf(owner: SignedUpUser, role: 'editor' | 'viewer') {
  const [home] = await ok<Household[]>(owner, 'GET', '/api/households');
  const invitation = await ok<{ code: string }>(
    owner,
    'POST',
    `/api/households/${home!._id}/invitations`,
    { role },
  );
  const member = await signUp(context.app, { setup: true });
  await ok(member, 'POST', '/api/invitations/accept', { code: invitation.code });
  return {
    ...member,
    headers: { ...member.headers, 'moneta-household': home!._id },
  };
}

describe('bank connection rules: setup and mapping', () => {
  it('refuse bad setup tokens and a token used twice, each with its message', async () => {
    const user = await signUp(context.app, { setup: true });
    const notBase64 = await call(user, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: 'not a token!',
    });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json()).toMatchObject({ code: 'SETUP_TOKEN_INVALID' });
    const notUrl = await call(user, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: Buffer.from('just words').toString('base64'),
    });
    expect(notUrl.json()).toMatchObject({ code: 'SETUP_TOKEN_INVALID' });
    const token = bridge.newSetupToken();
    await ok(user, 'POST', '/api/bank-connections', { provider: 'simplefin', setupToken: token });
    const again = await call(user, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SETUP_TOKEN_USED' });
    expect(again.json<{ message: string }>().message).toContain('compromised');
    const unknownProvider = await call(user, 'POST', '/api/bank-connections', {
      provider: 'plaid',
    });
    expect(unknownProvider.statusCode).toBe(400);
  });

  it('map only to an account of the household in the same currency', async () => {
    const user = await signUp(context.app, { setup: true });
    const connection = await connect(user);
    const [main] = await ok<Account[]>(user, 'GET', '/api/accounts');
    const url = `/api/bank-connections/${connection._id}/accounts/EUR-1`;
    const usd = await call(user, 'PUT', url, { accountId: main!._id });
    expect(usd.statusCode).toBe(409);
    expect(usd.json()).toMatchObject({ code: 'BANK_CURRENCY_MISMATCH' });
    const stranger = await signUp(context.app, { setup: true });
    const [theirs] = await ok<Account[]>(stranger, 'GET', '/api/accounts');
    const foreign = await call(user, 'PUT', url, { accountId: theirs!._id });
    expect(foreign.statusCode).toBe(404);
    const unknown = await call(
      user,
      'PUT',
      `/api/bank-connections/${connection._id}/accounts/NOPE`,
      { accountId: null },
    );
    expect(unknown.json()).toMatchObject({ code: 'BANK_ACCOUNT_NOT_FOUND' });
    const bad = await call(user, 'PUT', url, { accountId: 5, create: {} });
    expect(bad.statusCode).toBe(400);

    const created = await map(user, connection._id, 'EUR-1', { create: { name: 'Euros' } });
    const account = (await ok<Account[]>(user, 'GET', '/api/accounts')).find(
      (candidate) => candidate._id === created.accounts[0]!.accountId,
    );
    expect(account).toMatchObject({ name: 'Euros', currency: 'EUR', type: 'checking' });
    const ignored = await map(user, connection._id, 'EUR-1', { accountId: null });
    expect(ignored.accounts[0]).toMatchObject({ accountId: null, isIgnored: true });
  });
});

describe('bank connection rules: roles and secrets', () => {
  it('let viewers read, editors sync, and only owners connect, map and delete', async () => {
    const owner = await signUp(context.app, { setup: true });
    const connection = await connect(owner);
    const viewer = await memberOf(owner, 'viewer');
    const editor = await memberOf(owner, 'editor');
    const path = `/api/bank-connections/${connection._id}`;

    expect((await call(viewer, 'GET', '/api/bank-connections')).json()).toHaveLength(1);
    for (const caller of [viewer, editor]) {
      const writes = [
        await call(caller, 'POST', '/api/bank-connections', {
          provider: 'simplefin',
          setupToken: bridge.newSetupToken(),
        }),
        await call(caller, 'PUT', `${path}/accounts/EUR-1`, { accountId: null }),
        await call(caller, 'DELETE', path),
        await call(caller, 'PUT', '/api/bank-connections/enablebanking/app', {
          applicationId: 'x',
          privateKey: 'y',
        }),
      ];
      for (const response of writes) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toMatchObject({ code: 'ROLE_FORBIDS' });
      }
    }
    expect((await call(viewer, 'POST', `${path}/sync`)).statusCode).toBe(403);
    const euro = await map(owner, connection._id, 'EUR-1', { create: { name: 'Euro' } });
    expect((await call(editor, 'POST', `${path}/sync`)).statusCode).toBe(202);
    const synced = await bankCalls(() => context.app).settled(editor, connection._id);
    expect(synced).toMatchObject({ status: 'ok', lastError: null });
    const rows = await ok<{ transactions: { name: string }[] }>(
      owner,
      'GET',
      `/api/transactions?accountId=${euro.accounts[0]!.accountId}`,
    );
    expect(rows.transactions.map((row) => row.name)).toEqual(['Kiosk']);

    // Another household's connection is not found, whatever the call.
    const stranger = await signUp(context.app, { setup: true });
    for (const [method, url] of [
      ['GET', path],
      ['POST', `${path}/sync`],
      ['DELETE', path],
      ['PUT', `${path}/accounts/EUR-1`],
      ['GET', '/api/bank-connections/not-an-id'],
    ] as const) {
      const response = await call(
        stranger,
        method,
        url,
        method === 'PUT' ? { accountId: null } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }

    const deleted = await call(owner, 'DELETE', path);
    expect(deleted.statusCode).toBe(200);
    expect((await call(owner, 'GET', path)).statusCode).toBe(404);
  });

  it('never show the access URL or the sealed secret in answers, logs or the export', async () => {
    const user = await signUp(context.app, { setup: true });
    const connection = await connect(user);
    await map(user, connection._id, 'EUR-1', { create: { name: 'Euro' } });
    const { rows } = await context.database.pool.query<{ secret: string }>(
      'SELECT secret FROM bank_connections WHERE id = $1',
      [connection._id],
    );
    const sealed = rows[0]!.secret;
    expect(sealed.startsWith('v1.')).toBe(true);
    const accessUrl = new URL(context.secretBox.open(sealed, `bank-connection:${connection._id}`));
    expect(accessUrl.password.length).toBeGreaterThan(8);
    const synced = await call(user, 'POST', `/api/bank-connections/${connection._id}/sync`);
    await bankCalls(() => context.app).settled(user, connection._id);
    const answers = [
      JSON.stringify(connection),
      synced.body,
      (await call(user, 'GET', '/api/bank-connections')).body,
    ].join('\n');
    const exported = await context.app.inject({
      method: 'GET',
      url: '/api/export',
      headers: user.headers,
    });
    expect(exported.statusCode).toBe(200);
    const files = Object.values(unzipSync(new Uint8Array(exported.rawPayload)))
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    const logs = context.logs.join('\n');
    for (const secret of [sealed, accessUrl.password, accessUrl.href, ...credentialsIn(logs)]) {
      expect(answers).not.toContain(secret);
      expect(files).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    expect(files).not.toContain('bank_connections');
    expect(files).not.toContain(sealed.slice(0, 20));
  });
});

/** Any `user:password@` a log line might hold (there must be none). */
function credentialsIn(text: string): string[] {
  return [...text.matchAll(/\/\/([^/\s:@]+:[^/\s@]+)@/g)].map((match) => match[1]!);
}
