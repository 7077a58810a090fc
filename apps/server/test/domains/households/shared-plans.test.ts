// A household's plans through the API: categories, budgets, goals, recurring, rules, receipts
// and imports made by one member are the other members' too; a viewer sees them and changes
// nothing; another household's ids are 404; a member of two households sees each one's own;
// the export holds the household's data and only an owner restores it.
import type { CreatedInvitation, Household } from '@moneta/shared';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedReceiptReader } from '../../security/user-data';
import { importFixture, uploadImport } from '../../support/import-files';
import { multipartFile, textPdf, uploadReceipt } from '../../support/receipt-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ receiptReader: fixedReceiptReader('CORNER SHOP', 12.34) });
});
afterAll(async () => {
  await context.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A member acting on one household (the Moneta-Household header). */
const inHousehold = (user: SignedUpUser, householdId: string): SignedUpUser => ({
  ...user,
  headers: { ...user.headers, 'moneta-household': householdId } as SignedUpUser['headers'],
});

async function call(user: SignedUpUser, method: Method, url: string, payload?: object) {
  return context.app.inject({
    method,
    url,
    headers: user.headers,
    ...(payload ? { payload } : {}),
  });
}

async function ok<T>(user: SignedUpUser, method: Method, url: string, payload?: object) {
  const response = await call(user, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

async function exportOf(user: SignedUpUser): Promise<Record<string, Uint8Array>> {
  const response = await call(user, 'GET', '/api/export');
  expect(response.statusCode, response.body).toBe(200);
  return unzipSync(new Uint8Array(response.rawPayload));
}

const linesOf = (files: Record<string, Uint8Array>, name: string) =>
  new TextDecoder()
    .decode(files[name] ?? new Uint8Array())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

function restore(user: SignedUpUser, zip: Uint8Array) {
  const body = multipartFile('file', 'moneta-export.zip', 'application/zip', Buffer.from(zip));
  return context.app.inject({
    method: 'POST',
    url: '/api/export/restore',
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
}

async function personalHousehold(user: SignedUpUser): Promise<string> {
  const [personal] = await ok<Household[]>(user, 'GET', '/api/households');
  return personal!._id;
}

/** The owner invites `user` with `role`; `user` accepts. */
async function join(owner: SignedUpUser, householdId: string, user: SignedUpUser, role: string) {
  const invitation = await ok<CreatedInvitation>(
    owner,
    'POST',
    `/api/households/${householdId}/invitations`,
    { role },
  );
  await ok(user, 'POST', '/api/invitations/accept', { code: invitation.code });
}

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const ids = <T extends { _id: string }>(rows: T[]) => rows.map((row) => row._id).sort();

/** Everything of the plans a member sees in the household they act on. */
async function plansSeenBy(user: SignedUpUser) {
  const [categories, budgets, goals, recurring, rules, receipts, imports] = await Promise.all([
    ok<Array<{ name: string; isIncome: boolean; isBuiltIn: boolean }>>(
      user,
      'GET',
      '/api/categories',
    ),
    ok<Array<{ _id: string; category: string; carried?: number }>>(user, 'GET', '/api/budgets'),
    ok<Array<{ _id: string }>>(user, 'GET', '/api/goals'),
    ok<Array<{ _id: string }>>(user, 'GET', '/api/recurring'),
    ok<Array<{ _id: string }>>(user, 'GET', '/api/rules'),
    ok<Array<{ _id: string }>>(user, 'GET', '/api/receipts'),
    ok<Array<{ _id: string }>>(user, 'GET', '/api/imports'),
  ]);
  return {
    categories: categories.filter((category) => !category.isBuiltIn).map((c) => c.name),
    budgets: ids(budgets),
    goals: ids(goals),
    recurring: ids(recurring),
    rules: ids(rules),
    receipts: ids(receipts),
    imports: ids(imports),
  };
}

interface Home {
  id: string;
  owner: SignedUpUser;
  editor: SignedUpUser;
  viewer: SignedUpUser;
  made: Record<'budget' | 'rolled' | 'goal' | 'recurring' | 'rule' | 'receipt' | 'import', string>;
}
let home: Home;

/**
 * The owner's personal household, shared with an editor and a viewer; each member of the two
 * who write makes some of its plans.
 */
beforeAll(async () => {
  const owner = await signUp(context.app, { setup: true });
  const id = await personalHousehold(owner);
  const [editorUser, viewerUser] = await Promise.all([
    signUp(context.app, { setup: true }),
    signUp(context.app, { setup: true }),
  ]);
  await join(owner, id, editorUser, 'editor');
  await join(owner, id, viewerUser, 'viewer');
  const editor = inHousehold(editorUser, id);
  const viewer = inHousehold(viewerUser, id);

  await ok(owner, 'POST', '/api/categories', { name: 'Garden', isIncome: false });
  await ok(editor, 'POST', '/api/categories', { name: 'Pets', isIncome: false });
  const budget = await ok<{ _id: string }>(editor, 'POST', '/api/budgets', {
    category: 'Pets',
    amount: 100,
    month: 1,
    year: NEXT_YEAR,
  });
  const rolled = await ok<{ _id: string }>(owner, 'POST', '/api/budgets', {
    category: 'Pets',
    amount: 40,
    month: 2,
    year: NEXT_YEAR,
    rollover: true,
  });
  const goal = await ok<{ _id: string }>(editor, 'POST', '/api/goals', {
    name: 'Holiday',
    targetAmount: 1000,
  });
  const [main] = await ok<Array<{ _id: string }>>(owner, 'GET', '/api/accounts');
  const recurring = await ok<{ _id: string }>(editor, 'POST', '/api/recurring/create', {
    name: 'Vet plan',
    category: 'Pets',
    amount: 12,
    isIncome: false,
    frequency: 'monthly',
    startDate: `${NEXT_YEAR}-01-15`,
    accountId: main!._id,
  });
  const rule = await ok<{ _id: string }>(editor, 'POST', '/api/rules', {
    field: 'name',
    operator: 'contains',
    value: 'zoo shop',
    category: 'Pets',
  });
  const receipt = await uploadReceipt(
    context.app,
    owner.headers,
    textPdf(['CORNER SHOP', 'TOTAL 12.34']),
    'r.pdf',
    'application/pdf',
  );
  expect(receipt.statusCode, receipt.body).toBe(201);
  const upload = await uploadImport(
    context.app,
    owner,
    'checking.qif',
    importFixture('checking.qif'),
  );
  expect(upload.statusCode, upload.body).toBe(201);
  home = {
    id,
    owner,
    editor,
    viewer,
    made: {
      budget: budget._id,
      rolled: rolled._id,
      goal: goal._id,
      recurring: recurring._id,
      rule: rule._id,
      receipt: receipt.json<{ _id: string }>()._id,
      import: upload.json<{ _id: string }>()._id,
    },
  };
});

describe('a household shares its plans', () => {
  it('shows every member the same plans, whoever made them', async () => {
    const seen = await plansSeenBy(home.owner);
    expect(seen.categories.sort()).toEqual(['Garden', 'Pets']);
    expect(seen.budgets).toEqual([home.made.budget, home.made.rolled].sort());
    expect(seen.goals).toEqual([home.made.goal]);
    expect(seen.recurring).toEqual([home.made.recurring]);
    expect(seen.rules).toEqual([home.made.rule]);
    expect(seen.receipts).toEqual([home.made.receipt]);
    expect(seen.imports).toEqual([home.made.import]);
    expect(await plansSeenBy(home.editor)).toEqual(seen);
    expect(await plansSeenBy(home.viewer)).toEqual(seen);
  });

  it('carries one member’s budget into the other’s rolling month', async () => {
    const [february] = await ok<Array<{ _id: string; carried: number; available: number }>>(
      home.viewer,
      'GET',
      `/api/budgets?month=2&year=${NEXT_YEAR}`,
    );
    // January's 100 unspent rolls into February's 40.
    expect(february).toMatchObject({ _id: home.made.rolled, carried: 100, available: 140 });
  });

  it('lets each member who writes use what the other made', async () => {
    // The editor changes the owner's budget and the owner's receipt is the editor's to read.
    await ok(home.editor, 'PUT', `/api/budgets/${home.made.rolled}`, {
      category: 'Pets',
      amount: 50,
      month: 2,
      year: NEXT_YEAR,
    });
    const file = await call(home.editor, 'GET', `/api/receipts/${home.made.receipt}/file`);
    expect(file.statusCode).toBe(200);
    const rows = await call(home.editor, 'GET', `/api/imports/${home.made.import}/rows`);
    expect(rows.statusCode, rows.body).toBe(200);
    // The owner renames the editor's category: the editor's budget, rule and recurring follow.
    await ok(home.owner, 'PUT', '/api/categories', {
      from: 'Pets',
      to: 'Animals',
      isIncome: false,
    });
    const budgets = await ok<Array<{ category: string }>>(home.editor, 'GET', '/api/budgets');
    expect(budgets.map((budget) => budget.category)).toEqual(['Animals', 'Animals']);
    const [rule] = await ok<Array<{ category: string }>>(home.editor, 'GET', '/api/rules');
    expect(rule!.category).toBe('Animals');
    const [recurring] = await ok<Array<{ category: string }>>(home.editor, 'GET', '/api/recurring');
    expect(recurring!.category).toBe('Animals');
    const [receipt] = await ok<Array<{ createdBy: string }>>(home.editor, 'GET', '/api/receipts');
    expect(receipt!.createdBy).toBe(home.owner.id);
  });

  it('refuses every write of a viewer with 403, changing nothing', async () => {
    const before = await plansSeenBy(home.owner);
    const { made } = home;
    const writes: Array<[Method, string, object?]> = [
      ['POST', '/api/categories', { name: 'Toys', isIncome: false }],
      ['PUT', '/api/categories', { from: 'Garden', to: 'Yard', isIncome: false }],
      ['DELETE', '/api/transactions/category', { categoryToDelete: 'Garden' }],
      ['POST', '/api/budgets', { category: 'Toys', amount: 1, month: 3, year: NEXT_YEAR }],
      ['DELETE', `/api/budgets/${made.budget}`],
      ['POST', '/api/goals', { name: 'Car', targetAmount: 10 }],
      ['DELETE', `/api/goals/${made.goal}`],
      ['DELETE', `/api/recurring/${made.recurring}`],
      ['POST', '/api/rules', { field: 'name', operator: 'contains', value: 'x', category: 'Toys' }],
      ['DELETE', `/api/rules/${made.rule}`],
      ['DELETE', `/api/imports/${made.import}`],
    ];
    for (const [method, url, payload] of writes) {
      const response = await call(home.viewer, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'ROLE_FORBIDS' });
    }
    const receipt = await uploadReceipt(context.app, home.viewer.headers, textPdf(['TOTAL 1.00']));
    expect(receipt.statusCode).toBe(403);
    expect(await plansSeenBy(home.owner)).toEqual(before);
  });

  it('answers 404 to another household’s ids on every route, changing nothing', async () => {
    const stranger = await signUp(context.app, { setup: true });
    const before = await plansSeenBy(home.owner);
    const { made } = home;
    const probes: Array<[Method, string, object?]> = [
      [
        'PUT',
        `/api/budgets/${made.budget}`,
        { category: 'X', amount: 1, month: 1, year: NEXT_YEAR },
      ],
      ['DELETE', `/api/budgets/${made.budget}`],
      ['PUT', `/api/goals/${made.goal}`, { name: 'Mine', targetAmount: 5 }],
      ['DELETE', `/api/goals/${made.goal}`],
      ['DELETE', `/api/recurring/${made.recurring}`],
      [
        'PUT',
        `/api/rules/${made.rule}`,
        { field: 'name', operator: 'contains', value: 'a', category: 'X' },
      ],
      ['POST', `/api/rules/${made.rule}/apply`],
      ['DELETE', `/api/rules/${made.rule}`],
      ['GET', `/api/receipts/${made.receipt}/file`],
      [
        'PUT',
        `/api/receipts/${made.receipt}`,
        { merchant: 'X', amount: 1, date: '2026-01-01', category: 'X' },
      ],
      ['GET', `/api/imports/${made.import}`],
      ['GET', `/api/imports/${made.import}/rows`],
      ['POST', `/api/imports/${made.import}/commit`, {}],
      ['DELETE', `/api/imports/${made.import}`],
    ];
    for (const [method, url, payload] of probes) {
      const response = await call(stranger, method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    expect(await plansSeenBy(home.owner)).toEqual(before);
  });

  it('shows a member of two households each one’s own plans', async () => {
    const editor = {
      ...home.editor,
      headers: { authorization: home.editor.headers.authorization },
    };
    const own = await ok<{ _id: string }>(editor, 'POST', '/api/goals', {
      name: 'Own',
      targetAmount: 9,
    });
    await ok(editor, 'POST', '/api/categories', { name: 'Hobby', isIncome: false });
    const personal = await plansSeenBy(editor);
    expect(personal.goals).toEqual([own._id]);
    expect(personal.categories).toEqual(['Hobby']);
    expect(personal.budgets).toEqual([]);
    const shared = await plansSeenBy(home.editor);
    expect(shared.goals).toEqual([home.made.goal]);
    expect(shared.categories).not.toContain('Hobby');
  });
});

describe('a household’s export and restore', () => {
  it('exports the household’s data for an editor, not for a viewer', async () => {
    expect((await call(home.viewer, 'GET', '/api/export')).statusCode).toBe(403);
    const files = await exportOf(home.editor);
    const budgets = linesOf(files, 'budgets.jsonl');
    expect(budgets.map((budget) => budget.amountCents).sort()).toEqual([10000, 5000].sort());
    expect(linesOf(files, 'goals.jsonl').map((goal) => goal.name)).toEqual(['Holiday']);
    const [receipt] = linesOf(files, 'receipts.jsonl');
    expect(receipt).toMatchObject({ createdBy: home.owner.id, updatedBy: home.owner.id });
    expect(linesOf(files, 'rules.jsonl')).toHaveLength(1);
    expect(linesOf(files, 'recurring.jsonl')).toHaveLength(1);
  });

  it('restores only for an owner; into a fresh household, the plans come back', async () => {
    const zip = zipSync(await exportOf(home.editor));
    const refused = await restore(home.editor, zip);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ROLE_FORBIDS' });

    const fresh = await signUp(context.app, { setup: true });
    const restored = await restore(fresh, zip);
    expect(restored.statusCode, restored.body).toBe(200);
    const seen = await plansSeenBy(fresh);
    expect(seen.categories.sort()).toEqual(['Animals', 'Garden']);
    expect(seen.budgets).toHaveLength(2);
    expect(seen.goals).toHaveLength(1);
    expect(seen.recurring).toHaveLength(1);
    expect(seen.rules).toHaveLength(1);
    expect(seen.receipts).toHaveLength(1);
    // The receipt's author is no member of the fresh household: none is kept.
    const [receipt] = await ok<Array<{ createdBy: string | null }>>(fresh, 'GET', '/api/receipts');
    expect(receipt!.createdBy).toBeNull();
  });
});
