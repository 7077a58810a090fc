// Currencies: base currencies, accounts in their own currency and expenses converted at the day’s rate.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { given } from '../../support/given';
import { converted, perEuro } from '../../support/ecb-history';
import { type SignedUpUser, signUp } from '../../test-app';
import {
  call,
  cents,
  context,
  expense,
  newUser,
  ok,
  type AccountDto,
  type TransactionDto,
} from './currencies-setup';

describe('currencies and base currencies', () => {
  it('lists every currency with its digits, and takes any of them as the base currency', async () => {
    const user = await signUp(context.app);
    const currencies = await ok<Array<{ code: string; decimals: number }>>(
      user,
      'GET',
      '/api/currencies',
    );
    expect(currencies.find((currency) => currency.code === 'ISK')?.decimals).toBe(0);
    expect(currencies.find((currency) => currency.code === 'CHF')?.decimals).toBe(2);

    const bad = await call(user, 'PUT', '/api/auth/setup', { defaultCurrency: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    const chf = await ok<{ defaultCurrency: string }>(user, 'PUT', '/api/auth/setup', {
      defaultCurrency: 'CHF',
    });
    expect(chf.defaultCurrency).toBe('CHF');
    // The account made at sign-up holds nothing: the first choice of a base currency is its.
    const [main] = await ok<AccountDto[]>(user, 'GET', '/api/accounts');
    expect(main).toMatchObject({ name: 'Main', currency: 'CHF', baseBalance: 0 });

    // A later change of the base currency leaves the accounts' currencies as they are.
    await ok(user, 'PUT', '/api/auth/setup', { defaultCurrency: 'EUR' });
    const [still] = await ok<AccountDto[]>(user, 'GET', '/api/accounts');
    expect(still!.currency).toBe('CHF');
  });
});

describe('accounts in their own currency', () => {
  it('creates one in any currency, changes it while empty, and refuses with 409 once it holds anything', async () => {
    const user = await newUser('EUR');
    const unknown = await call(user, 'POST', '/api/accounts', {
      name: 'Odd',
      type: 'checking',
      currency: 'ABC',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/GET \/api\/currencies/);

    const card = await given.account(context.app, user, {
      name: 'USD card',
      type: 'credit',
      currency: 'USD',
    });
    expect(card.currency).toBe('USD');
    const yen = await ok<AccountDto>(user, 'PUT', `/api/accounts/${card._id}`, {
      name: 'USD card',
      type: 'credit',
      currency: 'JPY',
    });
    expect(yen.currency).toBe('JPY');
    await ok(user, 'PUT', `/api/accounts/${card._id}`, {
      name: 'USD card',
      type: 'credit',
      currency: 'USD',
    });
    await given.transaction(
      context.app,
      user,
      expense({ cost: 5, addedOn: '2026-04-10', accountId: card._id }),
    );

    const locked = await call(user, 'PUT', `/api/accounts/${card._id}`, {
      name: 'Renamed',
      type: 'credit',
      currency: 'GBP',
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('ACCOUNT_CURRENCY_IN_USE');
    const after = (await ok<AccountDto[]>(user, 'GET', '/api/accounts')).find(
      (account) => account._id === card._id,
    );
    expect(after).toMatchObject({ name: 'USD card', currency: 'USD' });
    // Without `currency` (the original client), an update keeps it.
    await ok(user, 'PUT', `/api/accounts/${card._id}`, { name: 'Card', type: 'credit' });

    const stranger = await newUser('EUR');
    const theirs = await call(stranger, 'PUT', `/api/accounts/${card._id}`, {
      name: 'Mine',
      type: 'credit',
      currency: 'EUR',
    });
    expect(theirs.statusCode).toBe(404);
  });
});

// The EUR user and USD card of the two groups below, made once; the cases run in order on them.
let user: SignedUpUser;
let card: AccountDto;
let main: AccountDto;
// Saturday 11 April 2026: no ECB rate that day; Friday's is the day's rate.
const saturday = '2026-04-11';
const friday = '2026-04-10';

beforeAll(async () => {
  user = await newUser('EUR');
  [main] = (await ok<AccountDto[]>(user, 'GET', '/api/accounts')) as [AccountDto];
  card = await given.account(context.app, user, {
    name: 'USD card',
    type: 'credit',
    currency: 'USD',
  });
});

describe('a USD card expense for a EUR user: currency and rate', () => {
  it('takes the account’s currency and converts at Friday’s ECB rate', async () => {
    const row = await given.transaction(
      context.app,
      user,
      expense({ cost: 40, addedOn: saturday, accountId: card._id }),
    );
    expect(row).toMatchObject({
      cost: 40,
      currency: 'USD',
      rateSource: 'ecb',
      rateDate: friday,
      baseCost: converted(40, 'USD', 'EUR', friday),
    });
    expect(row.rate).toBeCloseTo(1 / perEuro('USD', friday), 8);
  });

  it('refuses unknown codes, decimals the currency lacks and a bank charge in the base currency itself', async () => {
    const before = await ok<{ total: number }>(user, 'GET', '/api/transactions');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ cost: 12.5, currency: 'JPY' }, /JPY can have no decimals/],
      [{ cost: 12, currency: 'QQQ' }, /GET \/api\/currencies/],
      [{ cost: 12, currency: 'EUR', baseCost: 11 }, /another currency than your base currency/],
      [{ cost: 12, currency: 'USD', baseCost: 11.234 }, /bank charged/],
      [{ cost: 12, currency: 'USD', baseCost: -3 }, /bank charged/],
    ];
    for (const [fields, message] of cases) {
      const response = await call(
        user,
        'POST',
        '/api/transactions',
        expense({ addedOn: friday, accountId: main._id, ...fields }),
      );
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await ok<{ total: number }>(user, 'GET', '/api/transactions')).total).toBe(
      before.total,
    );
  });

  it('keeps what the bank charged as a manual rate, and never converts at 1 where no rate is known', async () => {
    const charged = await given.transaction(
      context.app,
      user,
      expense({
        cost: 100,
        currency: 'USD',
        baseCost: 90.12,
        addedOn: friday,
        accountId: main._id,
      }),
    );
    expect(charged).toMatchObject({ baseCost: 90.12, rateSource: 'manual', rate: 0.9012 });

    const old = await given.transaction(
      context.app,
      user,
      expense({ cost: 7, currency: 'USD', addedOn: '1998-06-01', accountId: card._id }),
    );
    expect(old).toMatchObject({ baseCost: null, rate: null, rateSource: 'none' });

    // Listed, each row is as the write answered it: through the plain list, a search and the
    // list with transfer legs alike.
    const written = new Map([charged, old].map((row) => [row._id, row]));
    for (const url of [
      '/api/transactions?limit=100',
      '/api/transactions?limit=100&search=Shop',
      '/api/transactions?limit=100&includeTransfers=true',
    ]) {
      const listed = (await ok<{ transactions: TransactionDto[] }>(user, 'GET', url)).transactions;
      const mine = listed.filter((each) => written.has(each._id));
      expect(mine, url).toHaveLength(2);
      for (const row of mine)
        expect(row, url).toEqual(expect.objectContaining(written.get(row._id)!));
    }
  });
});

describe('a USD card expense for a EUR user: totals', () => {
  it('converts every total at each row’s own rate, and says how many it could not', async () => {
    // Euro rows, a dollar row on a weekday, and a transfer between the two accounts (never
    // income or expense).
    await given.transaction(
      context.app,
      user,
      expense({ cost: 12.34, addedOn: '2026-04-08', accountId: main._id }),
    );
    await given.transaction(context.app, user, {
      name: 'Refund',
      category: 'Salary',
      isIncome: true,
      cost: 25,
      addedOn: '2026-04-07',
      accountId: card._id,
    });
    const transfer = await given.transfer(context.app, user, {
      fromAccountId: main._id,
      toAccountId: card._id,
      amount: 50,
      date: '2026-04-09',
    });
    expect(transfer).toMatchObject({
      amount: 50,
      currency: 'EUR',
      toCurrency: 'USD',
      toAmount: converted(50, 'EUR', 'USD', '2026-04-09'),
    });

    // Independently: each row's base amount from the ECB file.
    const april = { from: '2026-04-01', to: '2026-04-30' };
    const expenses = [converted(40, 'USD', 'EUR', friday), 90.12, 12.34];
    const incomes = [converted(25, 'USD', 'EUR', '2026-04-07')];
    const summary = await ok<{
      totalIncome: number;
      totalExpenses: number;
      unconverted: number;
      currency: string;
    }>(user, 'GET', `/api/transactions/summary?from=${april.from}&to=${april.to}`);
    expect(summary).toMatchObject({
      currency: 'EUR',
      totalExpenses: cents(expenses) / 100,
      totalIncome: cents(incomes) / 100,
      unconverted: 0,
    });
    const allTime = await ok<{ totalExpenses: number; unconverted: number }>(
      user,
      'GET',
      '/api/transactions/summary',
    );
    // The 1998 row has no rate: left out, and counted.
    expect(allTime).toMatchObject({ totalExpenses: cents(expenses) / 100, unconverted: 1 });

    const charts = await ok<{
      expensesByCategory: Array<{ name: string; total: number }>;
      expensesOverTime: Array<{ date: string; total: number }>;
      unconverted: number;
    }>(user, 'GET', `/api/transactions/charts?from=${april.from}&to=${april.to}`);
    expect(charts.expensesByCategory).toEqual([{ name: 'Food', total: cents(expenses) / 100 }]);
    expect(charts.expensesOverTime.find((day) => day.date === saturday)?.total).toBe(
      converted(40, 'USD', 'EUR', friday),
    );
    expect(charts.unconverted).toBe(0);

    await given.budget(context.app, user, { category: 'Food', amount: 200, month: 4, year: 2026 });
    const [budget] = await ok<Array<{ spent: number; unconverted: number }>>(
      user,
      'GET',
      '/api/budgets?month=4&year=2026',
    );
    expect(budget).toMatchObject({ spent: cents(expenses) / 100, unconverted: 0 });

    // Net worth: each balance in its own currency, converted at the latest rate (13 April, the
    // history's last day) whatever its age.
    const accounts = await ok<AccountDto[]>(user, 'GET', '/api/accounts');
    const cardNow = accounts.find((account) => account._id === card._id)!;
    const cardBalance =
      (cents([25, converted(50, 'EUR', 'USD', '2026-04-09')]) - cents([40, 7])) / 100;
    expect(cardNow).toMatchObject({
      currency: 'USD',
      balance: cardBalance,
      rateDate: '2026-04-13',
      baseBalance: converted(cardBalance, 'USD', 'EUR', '2026-04-13'),
    });
    const mainNow = accounts.find((account) => account._id === main._id)!;
    // The dollar row charged to the euro account counts what the bank charged.
    expect(mainNow).toMatchObject({
      currency: 'EUR',
      balance: -(90.12 + 12.34 + 50),
      baseBalance: -(90.12 + 12.34 + 50),
    });
  });

  it('shows every total in another base currency at once, and lets the user’s own rate win', async () => {
    await ok(user, 'PUT', '/api/auth/setup', { defaultCurrency: 'GBP' });
    const april = 'from=2026-04-01&to=2026-04-30';
    // 90.12 was what the bank charged in euros: in pounds the dollars convert at the day's rate.
    const expenses = [
      converted(40, 'USD', 'GBP', '2026-04-10'),
      converted(100, 'USD', 'GBP', '2026-04-10'),
      converted(12.34, 'EUR', 'GBP', '2026-04-08'),
    ];
    const summary = await ok<{ totalExpenses: number; currency: string }>(
      user,
      'GET',
      `/api/transactions/summary?${april}`,
    );
    expect(summary).toMatchObject({ currency: 'GBP', totalExpenses: cents(expenses) / 100 });

    const own = await call(user, 'PUT', '/api/rates', {
      currency: 'USD',
      date: '2026-04-10',
      rate: 0.5,
    });
    expect(own.statusCode).toBe(200);
    const list = await ok<{ transactions: TransactionDto[] }>(
      user,
      'GET',
      '/api/transactions?limit=50',
    );
    const saturdayRow = list.transactions.find((row) => row.cost === 40)!;
    expect(saturdayRow).toMatchObject({
      baseCost: 20,
      rate: 0.5,
      rateSource: 'manual',
      rateDate: '2026-04-10',
    });
    const withOwn = await ok<{ totalExpenses: number }>(
      user,
      'GET',
      `/api/transactions/summary?${april}`,
    );
    expect(withOwn.totalExpenses).toBe(
      cents([20, 50, converted(12.34, 'EUR', 'GBP', '2026-04-08')]) / 100,
    );

    const csv = (await call(user, 'GET', '/api/transactions/export')).rawPayload;
    const rows = parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;
    const exported = rows.find((row) => row.Amount === '40.00')!;
    expect(exported).toMatchObject({
      Account: 'USD card',
      Currency: 'USD',
      'Base amount': '20.00',
    });
    expect(rows.find((row) => row.Amount === '7.00')!['Base amount']).toBe('');
  });
});
