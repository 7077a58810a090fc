// Live changes (GET /api/events) over real HTTP on a listening port, with real PostgreSQL
// LISTEN/NOTIFY: a member's change reaches the other members' streams, and only theirs; a removed
// member's stream ends; a change written through one server instance reaches a stream held by
// another on the same database.
import type { CreatedInvitation, Household } from '@moneta/shared';
import { LIVE_CHANGE_LIMITS } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { openDatabase, type DatabaseHandle } from '../../../src/db/database';
import type { App } from '../../../src/http/types';
import { given } from '../../support/given';
import {
  createTestApp,
  signUp,
  TEST_CONFIG,
  TEST_JWT_SECRET,
  type SignedUpUser,
  type TestContext,
} from '../../test-app';
import { openChangeStream, type ChangeStream } from './change-stream';

let context: TestContext;
/** A second instance of the server on the same database. */
let other: { app: App; database: DatabaseHandle };
let baseUrl: string;
let otherUrl: string;
const streams: ChangeStream[] = [];

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  context = await createTestApp();
  baseUrl = await listen(context.app);
  const database = openDatabase(context.databaseUrl, { maxConnections: 3 });
  const app = await buildApp({
    config: TEST_CONFIG,
    jwtSecret: TEST_JWT_SECRET,
    db: database.db,
    heavyPool: database.heavyPool,
  });
  other = { app, database };
  otherUrl = await listen(app);
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await other.app.close();
  await other.database.close();
  await context.close();
});

async function open(
  user: SignedUpUser,
  options: { household?: string; server?: string } = {},
): Promise<ChangeStream> {
  const query = options.household ? `?household=${options.household}` : '';
  const stream = await openChangeStream(`${options.server ?? baseUrl}/api/events${query}`, {
    authorization: user.headers.authorization,
  });
  streams.push(stream);
  return stream;
}

async function personalHousehold(user: SignedUpUser): Promise<Household> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/households',
    headers: user.headers,
  });
  return response.json<Household[]>()[0]!;
}

/** The owner's personal household with a second member of the given role. */
async function sharedHousehold(role: 'editor' | 'viewer' = 'viewer') {
  const owner = await signUp(context.app, { setup: true });
  const member = await signUp(context.app, { setup: true });
  const household = await personalHousehold(owner);
  const invited = await context.app.inject({
    method: 'POST',
    url: `/api/households/${household._id}/invitations`,
    headers: owner.headers,
    payload: { role },
  });
  const { code } = invited.json<CreatedInvitation>();
  const accepted = await context.app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    headers: member.headers,
    payload: { code },
  });
  expect(accepted.statusCode).toBe(200);
  return { owner, member, household };
}

const expense = (name: string) => ({
  name,
  category: 'Food',
  cost: 12.5,
  addedOn: '2026-03-10',
});

describe('live changes', () => {
  it('brings a member’s change to another member’s stream, coalesced, and nothing of other households', async () => {
    const { owner, member, household } = await sharedHousehold();
    const stream = await open(member, { household: household._id });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);

    // Writes close together come as one event naming each domain once.
    await Promise.all([
      given.transaction(context.app, owner, expense('Bread')),
      given.budget(context.app, owner, { category: 'Food', amount: 100, month: 3, year: 2026 }),
    ]);
    const heard: string[][] = [];
    while (heard.flat().length < 2 || !heard.flat().includes('budgets')) {
      heard.push((await stream.nextChange()).domains);
    }
    expect(heard.flat().sort()).toEqual(['budgets', 'transactions']);
    expect(stream.retryMs).toBe(LIVE_CHANGE_LIMITS.retryMs);

    // The member's own household and a stranger's are other households: nothing arrives.
    const stranger = await signUp(context.app, { setup: true });
    await given.transaction(context.app, stranger, expense('Not yours'));
    await given.transaction(context.app, member, expense('In my own household'));
    await expect(stream.nextChange(1_500)).rejects.toThrow(/no change/);
  });

  it('reaches a stream held by another server instance on the same database', async () => {
    const { owner, member, household } = await sharedHousehold();
    const stream = await open(member, { household: household._id, server: otherUrl });
    expect(stream.status).toBe(200);
    await given.transaction(context.app, owner, expense('Through the first instance'));
    expect((await stream.nextChange()).domains).toContain('transactions');
  });

  it('ends a removed member’s stream at once and refuses their next request', async () => {
    const { owner, member, household } = await sharedHousehold();
    const stream = await open(member, { household: household._id, server: otherUrl });
    expect(stream.status).toBe(200);
    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/households/${household._id}/members/${member.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    await stream.ended();
    const again = await open(member, { household: household._id });
    expect(again.status).toBe(404);
  });

  it('refuses strangers and malformed households, and more than the streams a user may hold', async () => {
    const { owner, household } = await sharedHousehold();
    const stranger = await signUp(context.app, { setup: true });
    expect((await open(stranger, { household: household._id })).status).toBe(404);
    expect((await open(stranger, { household: 'not-an-id' })).status).toBe(404);
    const anonymous = await openChangeStream(`${baseUrl}/api/events`, {});
    expect(anonymous.status).toBe(401);

    // Without a household named, the default one; closing a stream frees its place.
    const held: ChangeStream[] = [];
    for (let index = 0; index < LIVE_CHANGE_LIMITS.streamsPerUser; index++) {
      held.push(await open(owner));
    }
    expect(held.every((stream) => stream.status === 200)).toBe(true);
    expect((await open(owner)).status).toBe(429);
    held[0]!.close();
    await held[0]!.ended();
    await expect.poll(async () => (await open(owner)).status, { timeout: 5_000 }).toBe(200);
    for (const stream of held) stream.close();
  });
});
