import { randomBytes, randomUUID } from 'node:crypto';
import { roleAllows, type HouseholdRole } from '@moneta/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { given, inHousehold } from '../support/given';
import { renderReceipt } from '../support/receipt-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';
import { snapshotDatabase } from './database-snapshot';
import { buildPlans, type OperationPlan } from './fuzz-plan';
import {
  baselineCase,
  comparable,
  householdOperations,
  roleNeeded,
} from './household-role-operations';
import { listOperations, operationKey, type Operation } from './openapi-operations';
import { injectStreamRoute } from './inject-stream';
import { fixedReceiptReader, seedUserData, type UserData } from './user-data';

/**
 * The role matrix (DESIGN §7.1, Roles): in Alice's household Carol is a viewer and Dave an
 * editor. Every operation of the OpenAPI description that needs more than a member's role
 * answers 403 ROLE_FORBIDS naming the role needed and changes nothing; every read answers a
 * viewer what it answers the owner. Membership and role are the database's as of this request:
 * a member removed or demoted is refused at once, cached user included. A household always
 * keeps an owner.
 */
let context: TestContext;
let alice: SignedUpUser;
let carol: SignedUpUser;
let dave: SignedUpUser;
let home: UserData;
let operations: Operation[];
let plans: Record<string, OperationPlan>;
/** An invitation of Alice's household not used yet, for the routes that name one. */
let pendingInvitationId: string;

const send = (caller: SignedUpUser, method: string, url: string, payload?: object) =>
  context.app.inject({
    method: method as 'GET',
    url,
    headers: caller.headers,
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  context = await createTestApp({ receiptReader: fixedReceiptReader() });
  alice = await signUp(context.app, { setup: true });
  carol = await signUp(context.app, { setup: true });
  dave = await signUp(context.app, { setup: true });
  home = await seedUserData(context.app, alice, 'alicehome');
  await given.member(context.app, alice, home.householdId, carol, 'viewer');
  await given.member(context.app, alice, home.householdId, dave, 'editor');
  const pending = await given.invitation(context.app, alice, home.householdId, { role: 'viewer' });
  pendingInvitationId = pending._id;
  operations = await listOperations(context.app);
  // Every request aimed at Alice's household's own rows, even the destructive ones.
  const receiptPng = await renderReceipt(['ROLE MART', 'TOTAL 1.00']);
  plans = buildPlans(carol, home, home, receiptPng);
}, 60_000);
afterAll(async () => {
  await context.close();
});

/** The plan's request by `caller` in Alice's household, the household routes naming it. */
async function sendBaseline(caller: SignedUpUser, operation: Operation) {
  const plan = plans[operationKey(operation)];
  if (!plan) throw new Error(`no fuzz plan for ${operationKey(operation)}`);
  const key = operationKey(operation);
  // A member promoting themself; removing the owner.
  const pathParams = {
    id: home.householdId,
    userId: key.startsWith('PUT') ? caller.id : alice.id,
    invitationId: pendingInvitationId,
  };
  const ownPlan =
    key === 'PUT /api/households/{id}/members/{userId}'
      ? { ...plan, body: { role: 'owner' } }
      : plan;
  const fuzzCase = baselineCase(
    operation,
    ownPlan,
    operation.path.includes('/households/') ? pathParams : {},
  );
  const request = {
    method: fuzzCase.method as 'GET',
    url: fuzzCase.url,
    headers: { ...fuzzCase.headers, ...inHousehold(caller, home.householdId).headers },
    ...(fuzzCase.payload !== undefined ? { payload: fuzzCase.payload } : {}),
  };
  // The event stream stays open: its head is the answer.
  return plan.isStream ? injectStreamRoute(context.app, request) : context.app.inject(request);
}

/**
 * Each operation `role` may not do, sent by `caller` (of that role): what went wrong, when
 * the answer is not a 403 ROLE_FORBIDS naming the role needed or the database changed.
 */
async function refusalsGoneWrong(caller: SignedUpUser, role: HouseholdRole) {
  const refused = householdOperations(operations).filter(
    (operation) => !roleAllows(role, roleNeeded(operation)!),
  );
  const wrong: string[] = [];
  for (const operation of refused) {
    const needed = roleNeeded(operation)!;
    const before = await snapshotDatabase(context.database.pool);
    const response = await sendBaseline(caller, operation);
    const after = await snapshotDatabase(context.database.pool);
    const where = operationKey(operation);
    const body = response.json<{ code?: string; message?: string }>();
    if (response.statusCode !== 403 || body.code !== 'ROLE_FORBIDS') {
      wrong.push(`${where}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    } else if (!names(body.message ?? '', needed)) {
      wrong.push(`${where}: "${body.message}" does not name the ${needed}`);
    }
    if (JSON.stringify(before) !== JSON.stringify(after)) wrong.push(`${where}: database changed`);
  }
  return { wrong, count: refused.length };
}

/** The message names the role needed: an owner's action never says an editor may do it. */
const names = (message: string, role: HouseholdRole) =>
  new RegExp(`\\b${role}\\b`).test(message) && (role !== 'owner' || !/\beditor\b/.test(message));

describe('roles in a household: viewers and editors', () => {
  it('refuses a viewer every write, naming the role needed, and changes nothing', async () => {
    const { wrong, count } = await refusalsGoneWrong(carol, 'viewer');
    expect(wrong).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(50);
  }, 120_000);

  it('answers a viewer every read with what it answers the owner', async () => {
    const reads = householdOperations(operations).filter(
      (operation) => roleNeeded(operation) === 'viewer',
    );
    const wrong: string[] = [];
    for (const operation of reads) {
      const owners = await sendBaseline(alice, operation);
      const viewers = await sendBaseline(carol, operation);
      const where = operationKey(operation);
      // 200, or what the plan asks for when the row cannot exist here (a bank connection needs
      // a bank to make it): the viewer's answer is the owner's either way.
      const expected = plans[where]!.expect.includes(200) ? 200 : plans[where]!.expect[0];
      if (owners.statusCode !== expected) wrong.push(`${where}: owner got ${owners.statusCode}`);
      if (viewers.statusCode !== expected) {
        wrong.push(`${where}: viewer got ${viewers.statusCode} ${viewers.body.slice(0, 120)}`);
      } else if (comparable(viewers) !== comparable(owners)) {
        wrong.push(`${where}: the viewer’s answer differs from the owner’s`);
      }
    }
    expect(wrong).toEqual([]);
    expect(reads.length).toBeGreaterThanOrEqual(30);
    // Alice's rows, not the viewer's own household's.
    const carolsHome = inHousehold(carol, home.householdId);
    const list = await send(carolsHome, 'GET', `/api/transactions?search=${home.marker}`);
    for (const id of [home.expenseId, home.incomeId]) expect(list.body).toContain(id);
  }, 120_000);

  it('lets an editor write but not do the owner’s things', async () => {
    const { wrong, count } = await refusalsGoneWrong(dave, 'editor');
    expect(wrong).toEqual([]);
    expect(count).toBe(14);
    const davesHome = inHousehold(dave, home.householdId);
    const expense = await given.transaction(context.app, davesHome, {
      name: 'Groceries by Dave',
      category: 'Food',
      cost: 7,
      addedOn: '2026-03-01',
      accountId: home.accountId,
    });
    const account = await given.account(context.app, davesHome, {
      name: 'Dave cash',
      type: 'cash',
    });
    await given.transfer(context.app, davesHome, {
      fromAccountId: home.mainAccountId,
      toAccountId: account._id,
      amount: 3,
      date: '2026-03-02',
    });
    const renamed = await send(davesHome, 'PUT', `/api/goals/${home.goalId}`, {
      name: 'Trip together',
      targetAmount: 600,
    });
    expect(renamed.statusCode).toBe(200);
    // Alice, in her household without the header, sees what Dave wrote.
    const alicesList = await send(alice, 'GET', '/api/transactions?search=Dave');
    expect(alicesList.json()).toMatchObject({ total: 1, transactions: [{ _id: expense._id }] });
    const accounts = await send(alice, 'GET', '/api/accounts');
    expect(accounts.body).toContain(account._id);
  });
});

describe('roles in a household: removed members and the last owner', () => {
  it('refuses a member removed or demoted at their very next request, remembered or not', async () => {
    const eve = await signUp(context.app, { setup: true });
    const frank = await signUp(context.app, { setup: true });
    await given.member(context.app, alice, home.householdId, eve, 'editor');
    await given.member(context.app, alice, home.householdId, frank, 'editor');
    const evesHome = inHousehold(eve, home.householdId);
    const franksHome = inHousehold(frank, home.householdId);
    // Eve's default becomes Alice's household, and her script's token is bound to it.
    expect((await send(eve, 'PUT', `/api/households/${home.householdId}/default`)).statusCode).toBe(
      200,
    );
    const tokenAnswer = await send(evesHome, 'POST', '/api/auth/tokens', {
      name: 'Script',
      scope: 'write',
    });
    const token = { ...eve, headers: { authorization: `Bearer ${tokenAnswer.json().token}` } };
    // Each of her ways in answers once, so that the server remembers her.
    for (const caller of [evesHome, eve, token]) {
      expect((await send(caller, 'GET', '/api/accounts')).body).toContain(home.accountId);
    }
    expect(
      (await send(franksHome, 'POST', '/api/accounts', { name: 'F1', type: 'cash' })).statusCode,
    ).toBe(201);

    const removed = await send(
      alice,
      'DELETE',
      `/api/households/${home.householdId}/members/${eve.id}`,
    );
    expect(removed.statusCode).toBe(200);
    const demoted = await given.role(context.app, alice, home.householdId, frank.id, 'viewer');
    expect(demoted).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: frank.id, role: 'viewer' })]),
    );

    const before = await snapshotDatabase(context.database.pool);
    for (const caller of [evesHome, token]) {
      for (const [method, url, body] of [
        ['GET', '/api/accounts'],
        [
          'POST',
          '/api/transactions',
          { name: 'Late', category: 'Food', cost: 1, addedOn: '2026-03-03' },
        ],
      ] as const) {
        const response = await send(caller, method, url, body);
        expect([response.statusCode, response.json().code], `${method} ${url}`).toEqual([
          404,
          'HOUSEHOLD_NOT_FOUND',
        ]);
      }
    }
    const late = await send(franksHome, 'POST', '/api/accounts', { name: 'F2', type: 'cash' });
    expect([late.statusCode, late.json().code]).toEqual([403, 'ROLE_FORBIDS']);
    expect(await snapshotDatabase(context.database.pool)).toEqual(before);
    // Without the header Eve acts on the household she has left, never on Alice's.
    const own = await send(eve, 'GET', '/api/accounts');
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain(home.accountId);
    expect((await send(eve, 'GET', `/api/households/${home.householdId}`)).statusCode).toBe(404);
  });

  it('keeps at least one owner: the last one can neither leave nor be demoted', async () => {
    const gina = await signUp(context.app, { setup: true });
    const flat = await given.household(context.app, alice, { name: 'Flat', baseCurrency: 'EUR' });
    await given.member(context.app, alice, flat._id, gina, 'editor');
    const members = `/api/households/${flat._id}/members`;
    const refusedWhileLast = async (owner: SignedUpUser) => {
      const before = await snapshotDatabase(context.database.pool);
      const demote = await send(owner, 'PUT', `${members}/${owner.id}`, { role: 'editor' });
      const leave = await send(owner, 'DELETE', `${members}/${owner.id}`);
      for (const response of [demote, leave]) {
        expect([response.statusCode, response.json().code]).toEqual([409, 'LAST_OWNER']);
      }
      expect(await snapshotDatabase(context.database.pool)).toEqual(before);
    };
    await refusedWhileLast(alice);
    // An editor cannot make themself owner, nor demote the owner.
    for (const [userId, role] of [
      [gina.id, 'owner'],
      [alice.id, 'viewer'],
    ] as const) {
      const response = await send(gina, 'PUT', `${members}/${userId}`, { role });
      expect([response.statusCode, response.json().code]).toEqual([403, 'ROLE_FORBIDS']);
    }
    // With a second owner Alice may step down; then Gina is the last owner.
    await given.role(context.app, alice, flat._id, gina.id, 'owner');
    await given.role(context.app, alice, flat._id, alice.id, 'editor');
    await refusedWhileLast(gina);
    const list = await send(gina, 'GET', members);
    expect(list.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: alice.id, role: 'editor' }),
        expect.objectContaining({ userId: gina.id, role: 'owner' }),
      ]),
    );
  });
});

describe('ways into a household: invitation codes', () => {
  it('answers a guessed, used, revoked or expired invitation code with one 404', async () => {
    const household = home.householdId;
    const used = await given.invitation(context.app, alice, household, { role: 'editor' });
    await given.accepted(context.app, await signUp(context.app), used.code);
    const revoked = await given.invitation(context.app, alice, household, { role: 'editor' });
    const revoke = `/api/households/${household}/invitations/${revoked._id}`;
    expect((await send(alice, 'DELETE', revoke)).statusCode).toBe(200);
    const expired = await given.invitation(context.app, alice, household, { role: 'editor' });
    await context.database.pool.query(
      `UPDATE household_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [expired._id],
    );
    const guessed = randomBytes(32).toString('base64url');

    const stranger = await signUp(context.app, { setup: true });
    const before = await snapshotDatabase(context.database.pool);
    const answers = [];
    for (const code of [guessed, used.code, revoked.code, expired.code]) {
      answers.push(await send(stranger, 'POST', '/api/invitations/accept', { code }));
    }
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(await snapshotDatabase(context.database.pool)).toEqual(before);
    const households = (await send(stranger, 'GET', '/api/households')).json();
    expect(households).toHaveLength(1);
  });

  it('throttles code guesses as it throttles failed sign-ins, a right code included', async () => {
    /** Wrong tries `send` gets before the 429, and that 429. */
    const triesBeforeRefusal = async (attempt: () => Promise<LightMyRequestResponse>) => {
      for (let tries = 0; tries < 50; tries += 1) {
        const response = await attempt();
        if (response.statusCode === 429) return { tries, refusal: response };
        expect(response.statusCode, response.body).toBeLessThan(500);
      }
      throw new Error('never throttled');
    };
    const signIn = await signUp(context.app);
    const signIns = await triesBeforeRefusal(() =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: signIn.email, password: 'Wrong#1234' },
      }),
    );
    const guesser = await signUp(context.app);
    const guesses = await triesBeforeRefusal(() =>
      send(guesser, 'POST', '/api/invitations/accept', {
        code: randomBytes(32).toString('base64url'),
      }),
    );
    expect(guesses.tries).toBe(signIns.tries);
    expect(guesses.refusal.headers['retry-after']).toBeDefined();
    // Past the limit the right code is refused too: guessing stays as slow as the limit says.
    const real = await given.invitation(context.app, alice, home.householdId, { role: 'viewer' });
    const right = await send(guesser, 'POST', '/api/invitations/accept', { code: real.code });
    expect(right.statusCode).toBe(429);
    expect((await send(guesser, 'GET', '/api/households')).json()).toHaveLength(1);
  });
});

describe('ways into a household: API tokens', () => {
  /** A user with a transaction in their personal household and another in a second one. */
  async function ownerOfTwo() {
    const owner = await signUp(context.app, { setup: true });
    const [personal] = (await send(owner, 'GET', '/api/households')).json<Array<{ _id: string }>>();
    const flat = await given.household(context.app, owner, { name: 'Flat', baseCurrency: 'USD' });
    for (const [caller, name] of [
      [owner, 'Paint personal'],
      [inHousehold(owner, flat._id), 'Paint flat'],
    ] as const) {
      await given.transaction(context.app, caller, {
        name,
        category: 'Food',
        cost: 2,
        addedOn: '2026-03-01',
      });
    }
    return { owner, personalId: personal!._id, flatId: flat._id };
  }

  const tokenOf = (owner: SignedUpUser, made: LightMyRequestResponse) => ({
    ...owner,
    headers: { authorization: `Bearer ${made.json<{ token: string }>().token}` },
  });

  it('keeps a token to its household whatever header it sends', async () => {
    const { owner, personalId, flatId } = await ownerOfTwo();
    const made = await send(owner, 'POST', '/api/auth/tokens', { name: 'Script', scope: 'write' });
    expect(made.statusCode).toBe(201);
    const token = tokenOf(owner, made);
    expect((await send(token, 'GET', '/api/transactions?search=Paint')).body).toContain('personal');

    const before = await snapshotDatabase(context.database.pool);
    const transaction = { name: 'Moved', category: 'Food', cost: 1, addedOn: '2026-03-02' };
    for (const header of [flatId, 'nonsense', randomUUID()]) {
      const elsewhere = inHousehold(token, header);
      for (const [method, url, body] of [
        ['GET', '/api/transactions?search=Paint'],
        ['POST', '/api/transactions', transaction],
        ['DELETE', `/api/households/${flatId}`],
      ] as const) {
        const response = await send(elsewhere, method, url, body);
        // A data route: not the token's household (404). The households routes may refuse
        // tokens outright (403); either way nothing of the other household moves.
        const refusals = url.startsWith('/api/households/') ? [403, 404] : [404];
        expect(refusals, `${header} ${method} ${url}: ${response.statusCode}`).toContain(
          response.statusCode,
        );
        expect(response.body).not.toContain('flat');
      }
    }
    expect(await snapshotDatabase(context.database.pool)).toEqual(before);
    // The owner's default moving changes nothing for the token.
    await send(owner, 'PUT', `/api/households/${flatId}/default`);
    const still = await send(token, 'GET', '/api/transactions?search=Paint');
    expect(still.body).toContain('Paint personal');
    expect(still.body).not.toContain('Paint flat');
    expect(personalId).not.toBe(flatId);
  });

  it('keeps a token to its household on the households and invitations routes', async () => {
    const { owner, personalId, flatId } = await ownerOfTwo();
    const made = await send(owner, 'POST', '/api/auth/tokens', { name: 'Script', scope: 'write' });
    const token = tokenOf(owner, made);
    const code = (await given.invitation(context.app, owner, flatId, { role: 'viewer' })).code;
    const before = await snapshotDatabase(context.database.pool);
    for (const [method, url, body] of [
      ['GET', `/api/households/${flatId}`],
      ['PUT', `/api/households/${flatId}`, { name: 'Taken' }],
      ['PUT', `/api/households/${flatId}/default`],
      ['GET', `/api/households/${flatId}/members`],
      ['DELETE', `/api/households/${flatId}/members/${owner.id}`],
      ['GET', `/api/households/${flatId}/invitations`],
      ['POST', `/api/households/${flatId}/invitations`, { role: 'editor' }],
      ['DELETE', `/api/households/${flatId}`],
    ] as const) {
      const response = await send(token, method, url, body);
      expect([response.statusCode, response.json().code], `${method} ${url}`).toEqual([
        404,
        'HOUSEHOLD_NOT_FOUND',
      ]);
    }
    // Making or joining a household would give the script one its owner did not bind it to.
    for (const [url, body] of [
      ['/api/households', { name: 'Script', baseCurrency: 'EUR' }],
      ['/api/invitations/accept', { code }],
    ] as const) {
      expect((await send(token, 'POST', url, body)).statusCode, url).toBe(403);
    }
    expect(await snapshotDatabase(context.database.pool)).toEqual(before);
    const listed = (await send(token, 'GET', '/api/households')).json<Array<{ _id: string }>>();
    expect(listed.map((household) => household._id)).toEqual([personalId]);
    const own = await send(token, 'GET', `/api/households/${personalId}/members`);
    expect(own.statusCode).toBe(200);
  });

  it('binds a token made acting on a household to that household, and says so', async () => {
    const { owner, personalId, flatId } = await ownerOfTwo();
    const inFlat = inHousehold(owner, flatId);
    const made = await send(inFlat, 'POST', '/api/auth/tokens', { name: 'Flat', scope: 'read' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ householdId: flatId });
    const token = tokenOf(owner, made);
    const own = await send(token, 'GET', '/api/transactions?search=Paint');
    expect(own.body).toContain('Paint flat');
    expect(own.body).not.toContain('Paint personal');
    const elsewhere = await send(inHousehold(token, personalId), 'GET', '/api/accounts');
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'HOUSEHOLD_NOT_FOUND']);
  });
});
