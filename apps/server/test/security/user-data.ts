import { todayIn } from '@moneta/shared';
import type { ReceiptReader } from '../../src/domains/receipts/reading';
import type { App } from '../../src/http/types';
import type { ImportMapping } from '@moneta/shared';
import { given } from '../support/given';
import { uploadImport } from '../support/import-files';
import { multipartFile, renderReceipt } from '../support/receipt-files';
import { createCredential } from '../support/software-authenticator';
import type { SignedUpUser } from '../test-app';

/** The origin app.inject's requests come from (Host: localhost:80). */
export const INJECT_ORIGIN = 'http://localhost';

/**
 * A receipt reader that "reads" every image as the same small expense, for tests about who
 * may see a receipt rather than about OCR (the real reader takes seconds per image).
 */
export function fixedReceiptReader(merchant = 'FIXED MART', total = 12.34): ReceiptReader {
  return {
    async read() {
      return {
        merchant,
        total,
        date: todayIn('UTC'),
        category: 'Groceries',
        currency: null,
        confidence: { merchant: 1, total: 1, date: 1, category: 1 },
        text: '',
        source: 'ocr',
      };
    },
    workerPids: () => [],
    async close() {},
  };
}

/** The ids of one row of every kind a user can own. */
export interface UserData {
  expenseId: string;
  incomeId: string;
  budgetId: string;
  /** A savings goal linked to the second account. */
  goalId: string;
  recurringId: string;
  receiptId: string;
  receiptFileUrl: string;
  receiptImageUrl: string;
  receiptTransactionId: string;
  /** The account every user starts with, and a second one with a transfer into it. */
  mainAccountId: string;
  accountId: string;
  transferId: string;
  /** The sign-up's session, an API token (write) and a passkey. */
  sessionId: string;
  apiTokenId: string;
  passkeyId: string;
  customCategory: string;
  /** A CSV import in preview (its rows hold the marker), its mapping, and a rule. */
  importId: string;
  importMapping: ImportMapping;
  ruleId: string;
  /** The personal household sign-up made (every row above is in it). */
  householdId: string;
  /** A word found in every name and note of this user, to search for it. */
  marker: string;
}

/** A passkey from the software authenticator, for the relying party of app.inject (localhost). */
async function addPasskey(app: App, headers: SignedUpUser['headers'], marker: string) {
  const options = await app.inject({
    method: 'POST',
    url: '/api/auth/passkeys/register/options',
    headers,
  });
  const { response } = createCredential(options.json(), { origin: INJECT_ORIGIN });
  return app.inject({
    method: 'POST',
    url: '/api/auth/passkeys/register',
    headers,
    payload: { name: `Key ${marker}`, response },
  });
}

/** The household sign-up made, the user's only one. */
async function personalHouseholdId(app: App, headers: Record<string, string>): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/households', headers });
  const [household] = response.json<Array<{ _id: string }>>();
  return household!._id;
}

async function expectStatus(
  response: { statusCode: number; body: string },
  status: number,
  what: string,
) {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
  return JSON.parse(response.body) as {
    _id: string;
    fileUrl?: string;
    imageUrl?: string;
    transaction?: { _id: string };
  };
}

type Seeded<Part extends keyof UserData> = Promise<Pick<UserData, Part>>;

/** An expense in the custom category, an income, a budget, a recurring rule and a receipt. */
async function seedMoney(
  app: App,
  user: SignedUpUser,
  marker: string,
  customCategory: string,
): Seeded<
  | 'expenseId'
  | 'incomeId'
  | 'budgetId'
  | 'recurringId'
  | 'receiptId'
  | 'receiptFileUrl'
  | 'receiptImageUrl'
  | 'receiptTransactionId'
> {
  const today = todayIn('UTC');
  const expense = await given.transaction(app, user, {
    name: `Paint ${marker}`,
    category: customCategory,
    cost: 42.5,
    addedOn: today,
    isIncome: false,
    note: `secret note ${marker}`,
  });
  const income = await given.transaction(app, user, {
    name: `Salary ${marker}`,
    category: 'Salary',
    cost: 3000,
    addedOn: today,
    isIncome: true,
  });
  const [year = 0, month = 0] = today.split('-').map(Number);
  const budget = await given.budget(app, user, {
    category: customCategory,
    amount: 100,
    month,
    year,
  });
  const recurring = await given.recurring(app, user, {
    name: `Rent ${marker}`,
    category: 'Rent',
    amount: 900,
    isIncome: false,
    frequency: 'monthly',
    startDate: today,
  });
  const image = await renderReceipt([`RECEIPT ${marker}`, 'TOTAL 12.34']);
  const { payload, headers: multipartHeaders } = multipartFile(
    'receipt',
    `receipt-${marker}.png`,
    'image/png',
    image,
  );
  const receipt = await expectStatus(
    await app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      headers: { ...multipartHeaders, ...user.headers },
      payload,
    }),
    201,
    'receipt',
  );
  return {
    expenseId: expense._id,
    incomeId: income._id,
    budgetId: budget._id,
    recurringId: recurring._id,
    receiptId: receipt._id,
    receiptFileUrl: receipt.fileUrl!,
    receiptImageUrl: receipt.imageUrl!,
    receiptTransactionId: receipt.transaction!._id,
  };
}

/** A second account, a goal on it and a transfer into it from the main account. */
async function seedAccounts(
  app: App,
  user: SignedUpUser,
  marker: string,
): Seeded<'mainAccountId' | 'accountId' | 'goalId' | 'transferId'> {
  const accounts = (
    await app.inject({ method: 'GET', url: '/api/accounts', headers: user.headers })
  ).json<Array<{ _id: string }>>();
  const account = await given.account(app, user, {
    name: `Savings ${marker}`,
    type: 'savings',
    openingBalance: 10,
  });
  const goal = await given.goal(app, user, {
    name: `Trip ${marker}`,
    targetAmount: 500,
    accountId: account._id,
  });
  const transfer = await given.transfer(app, user, {
    fromAccountId: accounts[0]!._id,
    toAccountId: account._id,
    amount: 5,
    date: todayIn('UTC'),
    note: `moved ${marker}`,
  });
  return {
    mainAccountId: accounts[0]!._id,
    accountId: account._id,
    goalId: goal._id,
    transferId: transfer._id,
  };
}

/** The sign-up's session, an API token and a passkey. */
async function seedCredentials(
  app: App,
  user: SignedUpUser,
  marker: string,
): Seeded<'sessionId' | 'apiTokenId' | 'passkeyId'> {
  const headers = user.headers;
  const sessions = (await app.inject({ method: 'GET', url: '/api/auth/sessions', headers })).json<
    Array<{ _id: string; current: boolean }>
  >();
  const apiToken = await expectStatus(
    await app.inject({
      method: 'POST',
      url: '/api/auth/tokens',
      headers,
      payload: { name: `Script ${marker}`, scope: 'write' },
    }),
    201,
    'API token',
  );
  const passkey = await expectStatus(await addPasskey(app, headers, marker), 201, 'passkey');
  return {
    sessionId: sessions.find((session) => session.current)!._id,
    apiTokenId: apiToken._id,
    passkeyId: passkey._id,
  };
}

/** A CSV import in preview into the second account, and a categorisation rule. */
async function seedImportAndRule(
  app: App,
  user: SignedUpUser,
  marker: string,
  accountId: string,
  customCategory: string,
): Seeded<'importId' | 'importMapping' | 'ruleId'> {
  const csv = `Date,Description,Amount\r\n2026-03-01,Corner shop ${marker},-3.50\r\n2026-03-02,Salary ${marker},1000.00\r\n`;
  const importResponse = await uploadImport(app, user, `bank-${marker}.csv`, Buffer.from(csv), {
    accountId,
  });
  if (importResponse.statusCode !== 201) throw new Error(`import: ${importResponse.body}`);
  const imported = importResponse.json<{ _id: string; mapping: ImportMapping }>();
  const rule = await given.rule(app, user, {
    value: `shop ${marker}`,
    category: customCategory,
    rename: `Shop ${marker}`,
  });
  return { importId: imported._id, importMapping: imported.mapping, ruleId: rule._id };
}

/**
 * Gives the user one row of every kind through the real API: an expense in a custom category,
 * an income, a budget, a recurring rule, a receipt (with its expense), a second account with a
 * transfer, a CSV import in preview and a categorisation rule.
 */
export async function seedUserData(
  app: App,
  user: SignedUpUser,
  marker: string,
): Promise<UserData> {
  const customCategory = `Hobby ${marker}`;
  const money = await seedMoney(app, user, marker, customCategory);
  const accounts = await seedAccounts(app, user, marker);
  const credentials = await seedCredentials(app, user, marker);
  const imported = await seedImportAndRule(app, user, marker, accounts.accountId, customCategory);
  const householdId = await personalHouseholdId(app, user.headers);
  return {
    ...money,
    ...accounts,
    ...credentials,
    ...imported,
    customCategory,
    marker,
    householdId,
  };
}
