import { todayIn } from '@moneta/shared';
import type { UserData } from './user-data';

/**
 * The routes the isolation matrices aim at another owner's rows: user against user
 * (isolation.test.ts) and household against household (household-isolation.test.ts). One list
 * for both, so that a route added here is attacked across users and across households alike.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A name, and the request that aims at the victim's row. */
export type Attack = [name: string, method: Method, url: string, payload?: object];

/** An id of nobody's: what a victim's id is replaced with to get the "does not exist" answer. */
export const MISSING_ID = '01900000-0000-7000-8000-000000000000';
const ANY_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

export const today = todayIn('UTC');
export const [year, month] = today.split('-').map(Number) as [number, number];

export const transactionBody = {
  name: 'Taken over',
  category: 'Food',
  cost: 1,
  addedOn: today,
  isIncome: false,
};
const recurringBody = {
  name: 'Taken over',
  category: 'Rent',
  amount: 1,
  isIncome: false,
  frequency: 'monthly',
  startDate: today,
};
const accountBody = { name: 'Taken over', type: 'cash' };

/** A transfer between the attacker's own accounts: only the id aimed at the victim's differs. */
const transferBody = (attacker: UserData) => ({
  fromAccountId: attacker.mainAccountId,
  toAccountId: attacker.accountId,
  amount: 1,
  date: today,
});

/**
 * Every call an attacker can aim at an id of the victim's money data (what a household owns:
 * DESIGN §7.1), by route. `attacker` is the data of the books the attacker acts on.
 */
export function attacksOnOwnedIds(victim: UserData, attacker: UserData): Attack[] {
  const a = victim;
  return [
    ['update her expense', 'PUT', `/api/transactions/${a.expenseId}`, transactionBody],
    ['update her income', 'PUT', `/api/transactions/${a.incomeId}`, transactionBody],
    ['delete her expense', 'DELETE', `/api/transactions/${a.expenseId}`],
    ['delete her receipt expense', 'DELETE', `/api/transactions/${a.receiptTransactionId}`],
    [
      'bulk-delete her expense',
      'DELETE',
      '/api/transactions/bulk',
      { transactionIds: [a.expenseId] },
    ],
    [
      'bulk-delete his own and her expense',
      'DELETE',
      '/api/transactions/bulk',
      { transactionIds: [attacker.expenseId, a.expenseId] },
    ],
    [
      'delete her custom category',
      'DELETE',
      '/api/transactions/category',
      { categoryToDelete: a.customCategory },
    ],
    [
      'update her budget',
      'PUT',
      `/api/budgets/${a.budgetId}`,
      { category: 'Food', amount: 1, month, year },
    ],
    ['delete her budget', 'DELETE', `/api/budgets/${a.budgetId}`],
    ['update her goal', 'PUT', `/api/goals/${a.goalId}`, { name: 'Taken over', targetAmount: 1 }],
    ['delete her goal', 'DELETE', `/api/goals/${a.goalId}`],
    [
      'link a goal to her account',
      'POST',
      '/api/goals',
      { name: 'Taken over', targetAmount: 1, accountId: a.accountId },
    ],
    ['update her recurring rule', 'PUT', `/api/recurring/${a.recurringId}`, recurringBody],
    ['delete her recurring rule', 'DELETE', `/api/recurring/${a.recurringId}`],
    ['read her receipt file', 'GET', `/api/receipts/${a.receiptId}/file`],
    ['read her receipt picture', 'GET', `/api/receipts/${a.receiptId}/image`],
    [
      'correct her receipt',
      'PUT',
      `/api/receipts/${a.receiptId}`,
      { merchant: 'Taken over', amount: 1, date: today, category: 'Food' },
    ],
    ['rename her account', 'PUT', `/api/accounts/${a.accountId}`, accountBody],
    ['delete her account', 'DELETE', `/api/accounts/${a.accountId}`],
    ['read her account’s register', 'GET', `/api/accounts/${a.accountId}/register`],
    ['delete her main account', 'DELETE', `/api/accounts/${a.mainAccountId}`],
    [
      'record an expense in her account',
      'POST',
      '/api/transactions',
      { ...transactionBody, accountId: a.accountId },
    ],
    ['list her account’s transactions', 'GET', `/api/transactions?accountId=${a.accountId}`],
    ['export her account', 'GET', `/api/transactions/export?accountId=${a.accountId}`],
    ['list her account’s transfers', 'GET', `/api/transfers?accountId=${a.accountId}`],
    [
      'transfer from his account into hers',
      'POST',
      '/api/transfers',
      { ...transferBody(attacker), toAccountId: a.accountId },
    ],
    [
      'transfer out of her account into his',
      'POST',
      '/api/transfers',
      { ...transferBody(attacker), fromAccountId: a.mainAccountId },
    ],
    ['update her transfer', 'PUT', `/api/transfers/${a.transferId}`, transferBody(attacker)],
    ['delete her transfer', 'DELETE', `/api/transfers/${a.transferId}`],
    ['read her import', 'GET', `/api/imports/${a.importId}`],
    ['page her import’s rows', 'GET', `/api/imports/${a.importId}/rows?status=new`],
    ['remap her import', 'PUT', `/api/imports/${a.importId}/mapping`, { mapping: a.importMapping }],
    ['commit her import', 'POST', `/api/imports/${a.importId}/commit`, { rows: [{ index: 0 }] }],
    ['undo her import', 'DELETE', `/api/imports/${a.importId}`],
    ['change her rule', 'PUT', `/api/rules/${a.ruleId}`, { value: 'x', category: 'Food' }],
    ['delete her rule', 'DELETE', `/api/rules/${a.ruleId}`],
    ['apply her rule', 'POST', `/api/rules/${a.ruleId}/apply`],
  ];
}

/** Every call an attacker can aim at the victim's sign-in: per user, whatever the household. */
export function attacksOnCredentialIds(victim: UserData): Attack[] {
  return [
    ['end her session', 'DELETE', `/api/auth/sessions/${victim.sessionId}`],
    ['revoke her API token', 'DELETE', `/api/auth/tokens/${victim.apiTokenId}`],
    ['remove her passkey', 'DELETE', `/api/auth/passkeys/${victim.passkeyId}`],
  ];
}

/**
 * The same attack aimed at rows that never existed: every id, the category name, and the
 * victim's accounts in a transfer replaced by nobody's. Its answer is what the attack's must be.
 */
export function missingTwin(attack: Attack, victim: UserData): Attack {
  const [name, method, url, payload] = attack;
  const victimAccounts = new Set([victim.accountId, victim.mainAccountId]);
  const missingAccount = (id: unknown) => (victimAccounts.has(id as string) ? MISSING_ID : id);
  let twin: object | undefined = payload;
  if (payload && 'transactionIds' in payload) twin = { transactionIds: [MISSING_ID] };
  else if (payload && 'categoryToDelete' in payload) twin = { categoryToDelete: 'Never existed' };
  else if (payload && 'accountId' in payload) twin = { ...payload, accountId: MISSING_ID };
  else if (payload && 'toAccountId' in payload && 'fromAccountId' in payload) {
    twin = {
      ...payload,
      fromAccountId: missingAccount(payload.fromAccountId),
      toAccountId: missingAccount(payload.toAccountId),
    };
  }
  return [name, method, url.replace(ANY_ID, MISSING_ID), twin];
}

/** A reply with the category name it repeats (whoever owns the name) taken out. */
export const withoutCategoryName = (body: string, victim: UserData) =>
  body.replaceAll(victim.customCategory, '<name>').replaceAll('Never existed', '<name>');

/** Every read of a household's money data: lists, searches, totals, charts, exports. */
export function ownedDataReads(victim: UserData): string[] {
  const category = encodeURIComponent(victim.customCategory);
  return [
    '/api/transactions?limit=100',
    `/api/transactions?search=${victim.marker}`,
    `/api/transactions?category=${category}`,
    '/api/transactions?isIncome=true&limit=100',
    '/api/transactions/summary',
    '/api/transactions/charts',
    `/api/transactions/charts?from=${today}&to=${today}`,
    '/api/transactions/export',
    `/api/transactions/export?search=${victim.marker}`,
    '/api/transactions/categories',
    '/api/transactions/categories/expense',
    '/api/transactions/categories/income',
    '/api/accounts',
    '/api/transfers',
    '/api/budgets',
    `/api/budgets?month=${month}&year=${year}`,
    `/api/budgets/summary?month=${month}&year=${year}`,
    '/api/goals',
    '/api/recurring',
    '/api/receipts',
    '/api/imports',
    '/api/rules',
    `/api/transactions/suggest?name=${encodeURIComponent(`Paint ${victim.marker}`)}`,
    `/api/transactions/suggest?name=${encodeURIComponent(`shop ${victim.marker}`)}`,
    `/api/rates?currency=CHF&from=${today}&to=${today}`,
    `/api/rates?from=${today}&to=${today}`,
  ];
}

/** The reads of the caller's own sign-in: per user. */
export const CREDENTIAL_READS = [
  '/api/auth/me',
  '/api/auth/sessions',
  '/api/auth/tokens',
  '/api/auth/passkeys',
  '/api/auth/2fa',
  '/api/auth/events',
];

/** What of the victim's books must never appear in a reply about other books. */
export function ownedTraces(victim: UserData): string[] {
  const {
    marker,
    receiptFileUrl: _url,
    receiptImageUrl: _image,
    importMapping: _mapping,
    sessionId: _session,
    apiTokenId: _token,
    passkeyId: _passkey,
    ...ids
  } = victim;
  return [marker, ...Object.values(ids)];
}

/** Her own exchange rate: a number nothing else holds. */
export const VICTIM_RATE = { currency: 'CHF', date: today, rate: '7.6543219' };
