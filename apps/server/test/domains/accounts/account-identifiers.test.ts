// Account identifiers (IBANs, account numbers, an OFX ACCTID) through HTTP on a real
// PostgreSQL: kept without spaces and in capitals, one account each, and a bank file that names
// one goes to that account.
import type { Account, Import } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { importFixture, uploadImport } from '../../support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const { call: send } = apiCalls(() => context.app);

async function accountIdentifiers(user: SignedUpUser) {
  const accounts = (await send(user, 'GET', '/api/accounts')).json<Account[]>();
  return Object.fromEntries(accounts.map((account) => [account.name, account.identifiers]));
}

describe('account identifiers', () => {
  it('keeps them without spaces and in capitals, keeps them on an update that leaves them out, and clears them with []', async () => {
    const user = await signUp(context.app, { setup: true });
    const savings = await given.account(context.app, user, {
      name: 'Savings',
      type: 'savings',
      identifiers: ['de89 3704 0044 0532 0130 00', '12-345-678'],
    });
    expect(savings.identifiers).toEqual(['DE89370400440532013000', '12345678']);
    expect((await accountIdentifiers(user)).Main).toEqual([]);

    const renamed = await send(user, 'PUT', `/api/accounts/${savings._id}`, {
      name: 'Rainy day',
      type: 'savings',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().identifiers).toEqual(['DE89370400440532013000', '12345678']);

    const cleared = await send(user, 'PUT', `/api/accounts/${savings._id}`, {
      name: 'Rainy day',
      type: 'savings',
      identifiers: [],
    });
    expect(cleared.json().identifiers).toEqual([]);
  });

  it('gives an identifier to one account of a user only (409 naming it); another user may hold the same', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.account(context.app, user, {
      name: 'Savings',
      type: 'savings',
      identifiers: ['NL91ABNA0417164300'],
    });
    const before = await accountIdentifiers(user);

    const taken = await send(user, 'POST', '/api/accounts', {
      name: 'Other',
      type: 'checking',
      identifiers: ['nl91 abna 0417 1643 00'],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'ACCOUNT_IDENTIFIER_TAKEN',
      message: 'The identifier NL91ABNA0417164300 belongs to your account "Savings" already.',
    });
    const [main] = (await send(user, 'GET', '/api/accounts')).json<Account[]>();
    const onUpdate = await send(user, 'PUT', `/api/accounts/${main!._id}`, {
      name: 'Main',
      type: 'checking',
      identifiers: ['NL91ABNA0417164300'],
    });
    expect(onUpdate.statusCode).toBe(409);
    expect(await accountIdentifiers(user)).toEqual(before);

    const other = await signUp(context.app, { setup: true });
    await given.account(context.app, other, {
      name: 'Mine',
      type: 'savings',
      identifiers: ['NL91ABNA0417164300'],
    });
    // Another user's account id is a 404, whatever the identifiers say.
    const theirs = await send(other, 'PUT', `/api/accounts/${main!._id}`, {
      name: 'Taken',
      type: 'checking',
      identifiers: ['NL91ABNA0417164300'],
    });
    expect(theirs.statusCode).toBe(404);
    expect(await accountIdentifiers(user)).toEqual(before);
  });

  it.each([
    [['DE89 3704 ?044'], 'An account identifier has 1 to 34 letters and digits'],
    [[''], 'An account identifier has 1 to 34 letters and digits'],
    [['X'.repeat(35)], 'An account identifier has 1 to 34 letters and digits'],
    [['A1', 'A2', 'A3', 'A4', 'A5', 'A6'], 'An account can have at most 5 identifiers.'],
    [['de12 3', 'DE123'], 'Each identifier can be given once.'],
    ['DE89370400440532013000', 'An account identifier has 1 to 34 letters and digits'],
    [[12345], 'An account identifier has 1 to 34 letters and digits'],
  ])('refuses identifiers %j with 400 and stores nothing', async (identifiers, message) => {
    const user = await signUp(context.app, { setup: true });
    const response = await send(user, 'POST', '/api/accounts', {
      name: 'Bad',
      type: 'checking',
      identifiers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toContain(message);
    expect(Object.keys(await accountIdentifiers(user))).toEqual(['Main']);
  });
});

describe('a bank file that names an account', () => {
  async function imported(user: SignedUpUser, name: string, accountId?: string) {
    const response = await uploadImport(context.app, user, name, importFixture(name), {
      ...(accountId ? { accountId } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Import>();
  }

  it('goes to the account whose identifier the OFX ACCTID or the CAMT IBAN is, else to the first account', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = (await send(user, 'GET', '/api/accounts')).json<Account[]>();
    const checking = await given.account(context.app, user, {
      name: 'Checking',
      type: 'checking',
      identifiers: ['0123 456 789'],
    });
    const card = await given.account(context.app, user, {
      name: 'Visa',
      type: 'credit',
      identifiers: ['4111 1111 1111 1111'],
    });
    const dutch = await given.account(context.app, user, {
      name: 'ABN',
      type: 'checking',
      identifiers: ['NL91ABNA0417164300'],
    });

    expect((await imported(user, 'checking-ofx1.ofx')).accountId).toBe(checking._id);
    expect((await imported(user, 'credit-card-ofx2.qfx')).accountId).toBe(card._id);
    expect((await imported(user, 'statement.camt053.xml')).accountId).toBe(dutch._id);
    // A file that names no account of the user's, or a format without one, goes to the first.
    expect((await imported(user, 'checking.qif')).accountId).toBe(main!._id);
    // The account the user chose wins over the one the file names.
    expect((await imported(user, 'checking-ofx1.ofx', dutch._id)).accountId).toBe(dutch._id);
  });

  it("never goes to another user's account that carries the identifier", async () => {
    const owner = await signUp(context.app, { setup: true });
    await given.account(context.app, owner, {
      name: 'Checking',
      type: 'checking',
      identifiers: ['0123456789'],
    });
    const user = await signUp(context.app, { setup: true });
    const [main] = (await send(user, 'GET', '/api/accounts')).json<Account[]>();
    expect((await imported(user, 'checking-ofx1.ofx')).accountId).toBe(main!._id);
  });
});
