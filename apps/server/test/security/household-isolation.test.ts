import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { given, inHousehold } from '../support/given';
import { uploadImport } from '../support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';
import { snapshotDatabase } from './database-snapshot';
import {
  attacksOnCredentialIds,
  attacksOnOwnedIds,
  MISSING_ID,
  missingTwin,
  ownedDataReads,
  ownedTraces,
  today,
  transactionBody,
  VICTIM_RATE,
  withoutCategoryName,
  type Method,
} from './isolation-routes';
import { fixedReceiptReader, seedUserData, type UserData } from './user-data';

/**
 * The IDOR matrix across households (DESIGN §7.1): Alice has her personal household H1 and
 * shares H2 with Bob. Acting on H2 (the Moneta-Household header), neither of them reaches any
 * of H1's rows: every id of H1 is a 404 with the same answer as an id that does not exist
 * (which isolation.test.ts proves is the answer to another user's id), no list, total, chart,
 * export or category through H2 holds a trace of H1, and H1 stays byte for byte as it was.
 */
let context: TestContext;
let alice: SignedUpUser;
let bob: SignedUpUser;
/** H1's rows (Alice's personal household, her default) and H2's (made by Bob, in H2). */
let personal: UserData;
let shared: UserData;
let aliceInShared: SignedUpUser;
let bobInShared: SignedUpUser;

const request = (user: SignedUpUser, method: Method, url: string, payload?: object) =>
  context.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  context = await createTestApp({ receiptReader: fixedReceiptReader() });
  alice = await signUp(context.app, { setup: true });
  bob = await signUp(context.app, { setup: true });
  personal = await seedUserData(context.app, alice, 'personalsecret');
  const household = await given.household(context.app, alice, {
    name: 'Shared',
    baseCurrency: 'USD',
  });
  await given.member(context.app, alice, household._id, bob, 'editor');
  aliceInShared = inHousehold(alice, household._id);
  bobInShared = inHousehold(bob, household._id);
  shared = {
    ...(await seedUserData(context.app, bobInShared, 'sharedown')),
    householdId: household._id,
  };
  // H1's own exchange rate, a number nothing else holds.
  const rate = await request(alice, 'PUT', '/api/rates', VICTIM_RATE);
  if (rate.statusCode !== 200) throw new Error(`rate: ${rate.body}`);
}, 60_000);
afterAll(async () => {
  await context.close();
});

/** Both members acting on H2: the one who also belongs to H1, and the one who does not. */
const attackers = () => [
  { who: 'Alice in H2', caller: aliceInShared },
  { who: 'Bob in H2', caller: bobInShared },
];

/** Every text file of a zip, by name. */
function zipTexts(bytes: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(bytes));
  return Object.fromEntries(
    Object.entries(files).map(([name, data]) => [name, Buffer.from(data).toString('latin1')]),
  );
}

describe('a household against another household’s data: requests', () => {
  it('cannot move an expense of H2 into an account of H1: 404, and it stays where it was', async () => {
    const before = await snapshotDatabase(context.database.pool);
    for (const { who, caller } of attackers()) {
      const response = await request(caller, 'PUT', `/api/transactions/${shared.expenseId}`, {
        ...transactionBody,
        accountId: personal.accountId,
      });
      expect(response.statusCode, `${who}: ${response.body}`).toBe(404);
      expect(response.json(), who).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    }
    expect(await snapshotDatabase(context.database.pool)).toEqual(before);
  });

  it('gets a 404 for every id of H1 through H2, the same 404 as for an id that does not exist', async () => {
    const before = await snapshotDatabase(context.database.pool);
    const attacks = attacksOnOwnedIds(personal, shared);
    const wrong: string[] = [];
    for (const { who, caller } of attackers()) {
      for (const attack of attacks) {
        const [name, method, url, payload] = attack;
        const response = await request(caller, method, url, payload);
        const [, , missingUrl, missingPayload] = missingTwin(attack, personal);
        const missing = await request(caller, method, missingUrl, missingPayload);
        if (response.statusCode !== 404) {
          wrong.push(`${who}, ${name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        } else if (
          withoutCategoryName(response.body, personal) !==
          withoutCategoryName(missing.body, personal)
        ) {
          wrong.push(`${who}, ${name}: ${response.body} ≠ ${missing.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshotDatabase(context.database.pool), 'nothing changed').toEqual(before);
    expect(attacks.length).toBeGreaterThanOrEqual(30);
  });

  it('gives a member of the same household no hold on the other’s sign-in', async () => {
    const before = await snapshotDatabase(context.database.pool);
    for (const [name, method, url] of attacksOnCredentialIds(personal)) {
      const response = await request(bobInShared, method, url);
      const missing = await request(bobInShared, method, url.replace(/[^/]+$/, MISSING_ID));
      expect(response.statusCode, name).toBe(404);
      expect(response.body, name).toEqual(missing.body);
    }
    expect(await snapshotDatabase(context.database.pool)).toEqual(before);
  });

  it('finds no trace of H1 in any list, search, total, chart or category of H2', async () => {
    const traces = [...ownedTraces(personal), VICTIM_RATE.rate];
    const wrong: string[] = [];
    for (const { who, caller } of attackers()) {
      for (const url of ownedDataReads(personal)) {
        const response = await request(caller, 'GET', url);
        if (response.statusCode !== 200) wrong.push(`${who} ${url}: ${response.statusCode}`);
        const seen = traces.filter((trace) => response.body.includes(trace));
        if (seen.length > 0) wrong.push(`${who} ${url} shows ${seen.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    // H2's totals and budget spending are H2's own: its paint, its receipt, its rent.
    const summary = (await request(aliceInShared, 'GET', '/api/transactions/summary')).json();
    expect(summary).toMatchObject({ totalIncome: 3000, totalExpenses: 42.5 + 12.34 + 900 });
    const budgets = (await request(aliceInShared, 'GET', '/api/budgets')).json();
    expect(budgets).toEqual([expect.objectContaining({ _id: shared.budgetId, spent: 42.5 })]);
  });

  it('exports H2 without a trace of H1, and H1 without a trace of H2', async () => {
    for (const [caller, mine, theirs] of [
      [aliceInShared, shared, personal],
      [alice, personal, shared],
    ] as const) {
      const response = await request(caller, 'GET', '/api/export');
      expect(response.statusCode).toBe(200);
      const texts = zipTexts(response.rawPayload);
      const all = Object.values(texts).join('\n');
      expect(all.includes(mine.marker), `the export holds ${mine.marker}'s rows`).toBe(true);
      for (const trace of [
        ...ownedTraces(theirs),
        ...(theirs === personal ? [VICTIM_RATE.rate] : []),
      ]) {
        const files = Object.keys(texts).filter((name) => texts[name]!.includes(trace));
        expect(files, `${mine.marker}'s export shows ${trace}`).toEqual([]);
      }
    }
  });

  it('cannot delete H1’s own rate through H2', async () => {
    const removal = await request(aliceInShared, 'DELETE', `/api/rates/CHF/${today}`);
    expect([removal.statusCode, removal.json().code]).toEqual([404, 'RATE_NOT_FOUND']);
    const kept = await request(alice, 'GET', `/api/rates?currency=CHF&from=${today}&to=${today}`);
    expect(kept.json()).toEqual([expect.objectContaining({ ownRate: Number(VICTIM_RATE.rate) })]);
  });

  it('cannot import a file into an account of H1 through H2', async () => {
    const before = await snapshotDatabase(context.database.pool);
    const file = Buffer.from('Date,Description,Amount\r\n2026-03-01,Taken over,-1.00\r\n');
    for (const { who, caller } of attackers()) {
      for (const accountAfterFile of [false, true]) {
        const into = (accountId: string) =>
          uploadImport(context.app, caller, 'x.csv', file, { accountId, accountAfterFile });
        const hers = await into(personal.accountId);
        const none = await into(MISSING_ID);
        expect(hers.statusCode, `${who}: ${hers.body}`).toBe(404);
        expect(hers.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
        expect(hers.body).toEqual(none.body);
      }
    }
    expect(await snapshotDatabase(context.database.pool)).toEqual(before);
  });
});

describe('a household against another household’s data: background writes and the default household', () => {
  it('writes what the engine, an import, a rule and a category move make into H2, never H1', async () => {
    const db = context.database.pool;
    const rowsOf = async (householdId: string) =>
      (
        await db.query<{ household_id: string; name: string; category: string }>(
          `SELECT household_id, name, category FROM transactions WHERE household_id = $1
           ORDER BY name, id`,
          [householdId],
        )
      ).rows;
    const personalBefore = await rowsOf(personal.householdId);
    // Alice acts on H2, not her default: the engine records the rule's past occurrences there.
    const rule = await request(aliceInShared, 'POST', '/api/recurring/create', {
      name: 'Cleaner',
      category: 'Bills',
      amount: 40,
      isIncome: false,
      frequency: 'monthly',
      startDate: '2026-01-05',
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const { rows: occurrences } = await db.query<{ household_id: string; created_by: null }>(
      'SELECT household_id, created_by FROM transactions WHERE recurring_id = $1',
      [rule.json()._id],
    );
    expect(occurrences.length).toBeGreaterThan(0);
    for (const row of occurrences) {
      expect(row).toEqual({ household_id: shared.householdId, created_by: null });
    }
    // An import committed and undone in H2.
    const file = Buffer.from(
      'Date,Description,Amount\r\n2026-03-01,Window cleaner,-12.00\r\n2026-03-02,Window putty,-3.00\r\n',
    );
    const upload = await uploadImport(context.app, aliceInShared, 'h2.csv', file, {
      accountId: shared.accountId,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const importId = upload.json()._id;
    const commit = await request(aliceInShared, 'POST', `/api/imports/${importId}/commit`, {});
    expect(commit.statusCode, commit.body).toBe(200);
    const { rows: imported } = await db.query<{ household_id: string; created_by: string }>(
      'SELECT household_id, created_by FROM transactions WHERE import_id = $1',
      [importId],
    );
    expect(imported).toEqual([
      { household_id: shared.householdId, created_by: alice.id },
      { household_id: shared.householdId, created_by: alice.id },
    ]);
    // A rule applied and a category renamed in H2 reach H2's rows.
    const made = await request(aliceInShared, 'POST', '/api/rules', {
      value: 'Window',
      category: 'Housekeeping',
    });
    expect(made.statusCode, made.body).toBe(201);
    const applied = await request(aliceInShared, 'POST', `/api/rules/${made.json()._id}/apply`);
    expect(applied.json()).toEqual({ updated: 2 });
    const renamed = await request(aliceInShared, 'PUT', '/api/categories', {
      from: 'Housekeeping',
      to: 'Home care',
      isIncome: false,
    });
    expect(renamed.json().moved.transactions, renamed.body).toBe(2);
    const undo = await request(aliceInShared, 'DELETE', `/api/imports/${importId}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await rowsOf(shared.householdId)).map((row) => row.name)).not.toContain(
      'Window cleaner',
    );
    expect(await rowsOf(personal.householdId)).toEqual(personalBefore);
  });

  it('keeps H1’s rows in H1, and Alice without the header sees H1 and nothing of H2', async () => {
    const { rows } = await context.database.pool.query<{ count: number }>(
      `SELECT (SELECT count(*) FROM transactions WHERE household_id = $1)::int
            + (SELECT count(*) FROM budgets WHERE household_id = $1)::int
            + (SELECT count(*) FROM recurring_rules WHERE household_id = $1)::int
            + (SELECT count(*) FROM receipts WHERE household_id = $1)::int AS count`,
      [personal.householdId],
    );
    // 2 seeded transactions + the receipt's expense + the rule's first occurrence, 1 budget,
    // 1 rule, 1 receipt.
    expect(rows[0]?.count).toBe(4 + 1 + 1 + 1);
    const list = (await request(alice, 'GET', '/api/transactions?limit=100')).json();
    expect(list.transactions.map((t: { _id: string }) => t._id).sort()).toEqual(
      expect.arrayContaining([
        personal.expenseId,
        personal.incomeId,
        personal.receiptTransactionId,
      ]),
    );
    const wrong: string[] = [];
    for (const url of ownedDataReads(shared)) {
      const response = await request(alice, 'GET', url);
      const seen = ownedTraces(shared).filter((trace) => response.body.includes(trace));
      if (seen.length > 0) wrong.push(`${url} shows ${seen.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });
});
