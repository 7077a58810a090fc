import { todayIn } from '@moneta/shared';
import type { SignedUpUser } from '../test-app';
import { householdPlans } from './household-fuzz-plans';
import type { UserData } from './user-data';

/**
 * For each operation, a request that passes validation (the baseline the fuzz test changes one
 * part of at a time, so that a bad value in one field is not hidden behind a missing other one)
 * and the statuses the baseline itself may get. Destructive operations point at the other
 * user's rows, so that even their baseline changes nothing.
 */
export interface OperationPlan {
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /**
   * Multipart upload instead of JSON: the file and the field it goes in, and text fields sent
   * before it (each also attacked with values that must be refused).
   */
  upload?: {
    field: string;
    fileName: string;
    contentType: string;
    bytes: Buffer;
    fields?: Record<string, { value: string; refused: string[] }>;
  };
  /** The operation deletes the account: each case gets a fresh user. */
  needsFreshUser?: boolean;
  /** No bearer token (the operation is public). */
  isPublic?: boolean;
  expect: number[];
}

/** Client data signed for a challenge the server never gave. */
const unknownClientData = (type: string) =>
  Buffer.from(
    JSON.stringify({ type, challenge: 'bm90LWdpdmVu', origin: 'http://localhost' }),
  ).toString('base64url');

/** A passkey registration of the right shape for a challenge nobody was given. */
function unknownRegistration() {
  return {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: unknownClientData('webauthn.create'), attestationObject: 'oA' },
  };
}

/** A passkey sign-in of the right shape for a challenge nobody was given. */
function unknownAssertion() {
  return {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: unknownClientData('webauthn.get'),
      authenticatorData: 'AAAA',
      signature: 'AAAA',
    },
  };
}

export function buildPlans(
  fuzzer: SignedUpUser,
  mine: UserData,
  theirs: UserData,
  receiptPng: Buffer,
): Record<string, OperationPlan> {
  const today = todayIn('UTC');
  const [year, month] = today.split('-').map(Number);
  const transaction = {
    name: 'Fuzz lunch',
    category: 'Food',
    cost: 9.99,
    addedOn: today,
    isIncome: false,
    note: 'baseline',
  };
  // The same expense split in two parts (docs/api.md, Transaction), so that the fuzz attacks
  // `splits` too.
  const splitTransaction = {
    ...transaction,
    splits: [
      { category: 'Food', amount: 5, note: 'part' },
      { category: 'Household', amount: '4.99' },
    ],
  };
  const recurring = {
    name: 'Fuzz gym',
    category: 'Health',
    amount: 20,
    isIncome: false,
    frequency: 'monthly',
    startDate: today,
    interval: 2,
    endDate: null,
    note: 'Fuzz note',
    accountId: mine.accountId,
  };
  const filters = {
    search: 'lunch',
    isIncome: 'false',
    category: 'Food',
    startDate: '2020-01-01',
    endDate: today,
  };
  const transfer = {
    fromAccountId: mine.mainAccountId,
    toAccountId: mine.accountId,
    amount: 1.5,
    date: today,
    note: 'baseline',
  };
  return {
    'GET /api/health': { isPublic: true, expect: [200] },
    'GET /api/currencies': { isPublic: true, expect: [200] },
    'GET /api/rates': {
      query: { currency: 'GBP', from: '2026-04-01', to: '2026-04-13' },
      expect: [200],
    },
    'PUT /api/rates': { body: { currency: 'GBP', date: '2026-04-10', rate: 1.3 }, expect: [200] },
    // A day the fuzzing user set no rate for: the baseline deletes nothing.
    'DELETE /api/rates/{currency}/{date}': {
      pathParams: { currency: 'CHF', date: '2026-04-09' },
      expect: [404],
    },
    'POST /api/auth/signup': {
      isPublic: true,
      // The fuzzer's own e-mail: a body that passes validation stops at 409, creating nothing.
      body: { email: fuzzer.email, password: 'Secret#123', timeZone: 'UTC' },
      expect: [409],
    },
    'POST /api/auth/login': {
      isPublic: true,
      body: { email: fuzzer.email, password: 'Wrong#123', timeZone: 'UTC' },
      expect: [401],
    },
    'POST /api/auth/login/2fa': {
      isPublic: true,
      // A challenge nobody was given: 401 whatever the code.
      body: { challenge: 'bm90LWEtY2hhbGxlbmdlLW9mLWFueW9uZS0wMTIzNDU2Nzg5', code: '123456' },
      expect: [401],
    },
    'GET /api/auth/me': { expect: [200] },
    'PUT /api/auth/password': {
      body: { currentPassword: 'Wrong#123', newPassword: 'Changed#456' },
      expect: [401],
    },
    'GET /api/auth/sessions': { expect: [200] },
    'DELETE /api/auth/sessions': { expect: [200] },
    'DELETE /api/auth/sessions/{id}': { pathParams: { id: theirs.sessionId }, expect: [404] },
    // Signing out ends the session: each case signs in a fresh user.
    'POST /api/auth/logout': { needsFreshUser: true, expect: [200] },
    'GET /api/auth/tokens': { expect: [200] },
    'POST /api/auth/tokens': {
      body: { name: 'Fuzz script', scope: 'read', expiresInDays: 30 },
      expect: [201],
    },
    'DELETE /api/auth/tokens/{id}': { pathParams: { id: theirs.apiTokenId }, expect: [404] },
    'GET /api/auth/2fa': { expect: [200] },
    'POST /api/auth/2fa/setup': { expect: [200] },
    // Wrong code: 400 once set up, 409 before.
    'POST /api/auth/2fa/enable': { body: { code: '000000' }, expect: [400, 409] },
    'POST /api/auth/2fa/disable': {
      body: { password: 'Wrong#123', code: '000000' },
      expect: [401],
    },
    'GET /api/auth/passkeys': { expect: [200] },
    'POST /api/auth/passkeys/register/options': { expect: [200] },
    'POST /api/auth/passkeys/register': {
      body: { name: 'Fuzz key', response: unknownRegistration() },
      expect: [400],
    },
    'DELETE /api/auth/passkeys/{id}': { pathParams: { id: theirs.passkeyId }, expect: [404] },
    'POST /api/auth/passkeys/login/options': { isPublic: true, expect: [200] },
    'POST /api/auth/passkeys/login': {
      isPublic: true,
      body: { response: unknownAssertion() },
      expect: [401],
    },
    'GET /api/auth/events': { expect: [200] },
    'PUT /api/auth/setup': {
      body: { defaultCurrency: 'USD', timeZone: 'UTC', locale: 'de-DE' },
      expect: [200],
    },
    'DELETE /api/users/account': { needsFreshUser: true, expect: [200] },
    'GET /api/transactions': { query: { ...filters, page: '1', limit: '10' }, expect: [200] },
    'POST /api/transactions': { body: splitTransaction, expect: [201] },
    'GET /api/transactions/summary': {
      query: { from: '2026-01-01', to: '2026-01-31' },
      expect: [200],
    },
    'GET /api/transactions/charts': {
      query: { from: '2026-01-01', to: '2026-01-31' },
      expect: [200],
    },
    'GET /api/transactions/export': { query: filters, expect: [200] },
    'GET /api/reports/cashflow': {
      query: { from: '2026-01-01', to: '2026-03-31', interval: 'month' },
      expect: [200],
    },
    'GET /api/reports/categories': {
      query: { from: '2026-01-01', to: '2026-12-31', interval: 'quarter', isIncome: 'false' },
      expect: [200],
    },
    'GET /api/reports/net-worth': {
      query: { from: '2025-01-01', to: '2026-12-31', interval: 'year' },
      expect: [200],
    },
    'GET /api/reports/payees': {
      query: { from: '2026-01-01', to: '2026-03-31', isIncome: 'false', limit: '5' },
      expect: [200],
    },
    'GET /api/transactions/categories': { expect: [200] },
    'GET /api/transactions/categories/expense': { expect: [200] },
    'GET /api/transactions/categories/income': { expect: [200] },
    'POST /api/categories': { body: { name: 'Fuzz hobby', isIncome: false }, expect: [201, 409] },
    'GET /api/categories': { expect: [200] },
    // A category the user does not have: the baseline renames nothing.
    'PUT /api/categories': {
      body: { from: 'Fuzz absent', to: 'Food', isIncome: false },
      expect: [404],
    },
    'PUT /api/categories/hidden': {
      body: { name: 'Food', isIncome: false, hidden: false },
      expect: [200],
    },
    'GET /api/transactions/{id}/attachments': {
      pathParams: { id: mine.receiptTransactionId },
      expect: [200],
    },
    'POST /api/transactions/{id}/attachments': {
      pathParams: { id: mine.expenseId },
      // Attached once; each case after that sends the same file again (409). Not the receipt's
      // image: an expense holding it would make the receipt upload's baseline a 409.
      upload: {
        field: 'file',
        fileName: 'a.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4\n% fuzz attachment\n%%EOF\n'),
      },
      expect: [201, 409],
    },
    // The receipt's file is its expense's first attachment, under the receipt's id.
    'GET /api/transactions/{id}/attachments/{aid}/file': {
      pathParams: { id: mine.receiptTransactionId, aid: mine.receiptId },
      expect: [200],
    },
    'DELETE /api/transactions/{id}/attachments/{aid}': {
      pathParams: { id: theirs.receiptTransactionId, aid: theirs.receiptId },
      expect: [404],
    },
    'DELETE /api/transactions/category': {
      body: { categoryToDelete: theirs.customCategory },
      expect: [404],
    },
    'DELETE /api/transactions/bulk': {
      body: { transactionIds: [theirs.expenseId] },
      expect: [404],
    },
    'PATCH /api/transactions/bulk': {
      body: { transactionIds: [theirs.expenseId], set: { category: 'Food', tags: ['fuzz'] } },
      expect: [404],
    },
    'POST /api/transactions/bulk/revert': {
      body: { previous: [{ _id: theirs.expenseId, category: 'Food', tags: [] }] },
      expect: [404],
    },
    'GET /api/transactions/trash': { query: { page: '1', limit: '10' }, expect: [200] },
    'POST /api/transactions/trash/restore': {
      body: { transactionIds: [theirs.expenseId] },
      expect: [404],
    },
    'GET /api/tags': { expect: [200] },
    // The user has no such tag: renaming or deleting one changes nothing (404).
    'PUT /api/tags/{name}': {
      pathParams: { name: `none-${mine.marker}` },
      body: { name: 'fuzz' },
      expect: [404],
    },
    'DELETE /api/tags/{name}': { pathParams: { name: `none-${mine.marker}` }, expect: [404] },
    'GET /api/filters': { expect: [200] },
    'POST /api/filters': {
      body: { name: 'Fuzz search', query: 'amount:>5 tag:trip' },
      expect: [201, 409],
    },
    'DELETE /api/filters/{id}': {
      pathParams: { id: '0190c5c0-0000-7000-8000-000000000000' },
      expect: [404],
    },
    ...householdPlans(mine),
    'PUT /api/transactions/{id}': {
      pathParams: { id: mine.expenseId },
      body: splitTransaction,
      expect: [200],
    },
    'DELETE /api/transactions/{id}': { pathParams: { id: theirs.expenseId }, expect: [404] },
    'GET /api/accounts': { expect: [200] },
    'POST /api/accounts': {
      body: { name: 'Fuzz wallet', type: 'cash', openingBalance: -12.5, identifiers: ['FUZZ1'] },
      expect: [201],
    },
    'PUT /api/accounts/{id}': {
      pathParams: { id: mine.accountId },
      body: {
        name: `Savings ${mine.marker}`,
        type: 'savings',
        openingBalance: 10,
        identifiers: ['DE89 3704 0044 0532 0130 00'],
      },
      expect: [200],
    },
    'DELETE /api/accounts/{id}': { pathParams: { id: theirs.accountId }, expect: [404] },
    'GET /api/accounts/{id}/register': {
      pathParams: { id: mine.accountId },
      query: { page: '1', limit: '10' },
      expect: [200],
    },
    'GET /api/transfers': {
      query: { accountId: mine.accountId, page: '1', limit: '10' },
      expect: [200],
    },
    'POST /api/transfers': { body: transfer, expect: [201] },
    // The other user's transactions: the baseline is a 404 that takes nothing of theirs.
    'POST /api/transfers/from-transactions': {
      body: { transactionIds: [theirs.expenseId, theirs.incomeId] },
      expect: [404],
    },
    'PUT /api/transfers/{id}': {
      pathParams: { id: mine.transferId },
      body: transfer,
      expect: [200],
    },
    'DELETE /api/transfers/{id}': { pathParams: { id: theirs.transferId }, expect: [404] },
    'GET /api/budgets': { query: { month: String(month), year: String(year) }, expect: [200] },
    'POST /api/budgets': {
      body: { category: 'Fuzz', amount: 10, month: 1, year: 2030, repeat: true },
      expect: [201],
    },
    'PUT /api/budgets/{id}': {
      pathParams: { id: mine.budgetId },
      body: { category: mine.customCategory, amount: 50, month, year },
      expect: [200],
    },
    'DELETE /api/budgets/{id}': {
      pathParams: { id: theirs.budgetId },
      query: { month: '12', year: '2099' },
      expect: [404],
    },
    'GET /api/budgets/summary': {
      query: { month: String(month), year: String(year) },
      expect: [200],
    },
    'POST /api/budgets/copy': {
      body: { fromMonth: month, fromYear: year, toMonth: 1, toYear: 2031 },
      expect: [201],
    },
    'GET /api/goals': { expect: [200] },
    'POST /api/goals': {
      body: {
        name: 'Fuzz',
        targetAmount: 100,
        targetDate: '2099-12-31',
        accountId: mine.accountId,
      },
      expect: [201],
    },
    'PUT /api/goals/{id}': {
      pathParams: { id: mine.goalId },
      body: { name: 'Fuzz', targetAmount: 200, saved: 10, accountId: null },
      expect: [200],
    },
    'DELETE /api/goals/{id}': { pathParams: { id: theirs.goalId }, expect: [404] },
    'GET /api/recurring': { expect: [200] },
    'GET /api/recurring/upcoming': { query: { days: '30' }, expect: [200] },
    'POST /api/recurring/create': { body: recurring, expect: [201] },
    'PUT /api/recurring/{id}': {
      pathParams: { id: mine.recurringId },
      body: recurring,
      expect: [200],
    },
    'DELETE /api/recurring/{id}': { pathParams: { id: theirs.recurringId }, expect: [404] },
    'POST /api/receipts/upload': {
      upload: {
        field: 'receipt',
        fileName: 'r.png',
        contentType: 'image/png',
        bytes: receiptPng,
        // The expense's account: the other user's, a malformed or an unknown id is a 404.
        fields: {
          accountId: {
            value: mine.accountId,
            refused: [
              theirs.accountId,
              theirs.mainAccountId,
              'not-an-id',
              '00000000-0000-4000-8000-000000000000',
              'x'.repeat(5000),
              "' OR 1=1 --",
              `${mine.accountId}\u0000`,
            ],
          },
        },
      },
      expect: [201],
    },
    'GET /api/receipts': { expect: [200] },
    'PUT /api/receipts/{id}': {
      pathParams: { id: mine.receiptId },
      body: { merchant: 'Fuzz cafe', amount: 4.5, date: today, category: 'Food' },
      expect: [200],
    },
    'GET /api/receipts/{id}/file': {
      pathParams: { id: mine.receiptId },
      query: Object.fromEntries(new URL(mine.receiptFileUrl, 'http://x').searchParams),
      expect: [200],
    },
    'GET /api/receipts/{id}/image': {
      pathParams: { id: mine.receiptId },
      query: Object.fromEntries(new URL(mine.receiptImageUrl, 'http://x').searchParams),
      expect: [200],
    },
    'GET /api/imports': { expect: [200] },
    'POST /api/imports': {
      upload: {
        field: 'file',
        fileName: 'statement.csv',
        contentType: 'text/csv',
        bytes: Buffer.from(`Date,Description,Amount\r\n${today},Fuzz shop,-1.50\r\n`),
      },
      expect: [201],
    },
    'GET /api/imports/{id}': { pathParams: { id: mine.importId }, expect: [200] },
    'GET /api/imports/{id}/rows': {
      pathParams: { id: mine.importId },
      query: { page: '1', limit: '10', status: 'new' },
      expect: [200],
    },
    'PUT /api/imports/{id}/mapping': {
      pathParams: { id: mine.importId },
      body: { mapping: mine.importMapping },
      expect: [200],
    },
    'POST /api/imports/{id}/commit': {
      pathParams: { id: theirs.importId },
      body: {
        rows: [{ index: 0, include: true, category: 'Food', isIncome: false }],
        statements: [{ key: 0, accountId: null, name: 'Fuzz account' }],
      },
      expect: [404],
    },
    'DELETE /api/imports/{id}': { pathParams: { id: theirs.importId }, expect: [404] },
    'GET /api/export': { expect: [200] },
    // The fuzzer holds transactions: a restore into its account is refused before the upload
    // is read (409); an empty account would get a 400 for bytes that are not an export.
    'POST /api/export/restore': {
      upload: {
        field: 'file',
        fileName: 'moneta-export.zip',
        contentType: 'application/zip',
        bytes: Buffer.from('PK\u0005\u0006 not an export'),
      },
      expect: [409],
    },
    'GET /api/rules': { expect: [200] },
    'POST /api/rules': {
      body: {
        field: 'name',
        operator: 'contains',
        value: 'fuzz coffee',
        isIncome: null,
        category: 'Food',
        rename: 'Coffee',
        position: 1,
      },
      expect: [201],
    },
    'PUT /api/rules/{id}': {
      pathParams: { id: mine.ruleId },
      body: { value: `shop ${mine.marker}`, category: 'Food', isIncome: false, position: 1 },
      expect: [200],
    },
    'DELETE /api/rules/{id}': { pathParams: { id: theirs.ruleId }, expect: [404] },
    'POST /api/rules/{id}/apply': { pathParams: { id: mine.ruleId }, expect: [200] },
    'GET /api/transactions/suggest': {
      query: { name: `Paint ${mine.marker}`, isIncome: 'false' },
      expect: [200],
    },
  };
}
