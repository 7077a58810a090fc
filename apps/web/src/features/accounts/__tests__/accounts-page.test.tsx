import type { Account } from '@moneta/shared/account-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '@/testing/accounts';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { MAIN_ACCOUNT_ID, makePage, makeTransaction } from '@/testing/transactions';
import { chooseRowAction } from '@/testing/row-actions';

const main = makeAccount({ _id: MAIN_ACCOUNT_ID, balance: 1250.5 });
const card = makeAccount({ name: 'Visa', type: 'credit', openingBalance: -100, balance: -340.25 });
const old = makeAccount({ name: 'Old savings', type: 'savings', balance: 10, isArchived: true });

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    'GET /api/accounts': { body: [main, card, old] },
    'GET /api/transactions/categories/expense': { body: ['Food', 'Bills'] },
    ...handlers,
  });
}

describe('accounts page: the list and new accounts', () => {
  it('lists every account with its balance, and the net worth of all of them', async () => {
    signedIn();
    renderApp('/accounts');
    await screen.findByRole('heading', { level: 1, name: 'Accounts' }, { timeout: 5000 });
    const table = await screen.findByRole('region', { name: 'Accounts table' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Main.*Checking.*\$1,250\.50/),
      expect.stringMatching(/^Visa.*Credit card.*-\$340\.25/),
      expect.stringMatching(/^Old savings.*Archived.*Savings.*\$10\.00/),
    ]);
    const netWorth = screen.getByRole('region', { name: 'Net worth' });
    expect(netWorth).toHaveTextContent('$920.25');
    const user = userEvent.setup();
    const actions = within(table).getByRole('button', { name: 'Actions for Old savings' });
    await user.click(actions);
    const menu = screen.getByRole('menu', { name: 'Actions for Old savings' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Restore', 'Delete']);
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Restore' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(actions).toHaveFocus();
    expect(actions).toHaveAttribute('aria-expanded', 'false');
  });

  it('adds an account with a negative opening balance', async () => {
    const { calls } = signedIn({
      'POST /api/accounts': ({ body }) => ({
        status: 201,
        body: makeAccount({ ...(body as Partial<Account>), balance: -50 }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Add Account' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Account' });
    await user.type(within(dialog).getByLabelText('Name'), 'Amex');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'credit');
    const opening = within(dialog).getByLabelText(/Opening balance/);
    await user.clear(opening);
    await user.type(opening, '-50');
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Amex',
      type: 'credit',
      openingBalance: -50,
      isArchived: false,
      identifiers: [],
      // The base currency, unless another is chosen.
      currency: 'USD',
    });
    expect(await screen.findByText('Account "Amex" added.')).toBeInTheDocument();
  });

  it('keeps the bank identifiers typed one per line, without spaces, and refuses a bad one at the field', async () => {
    const { calls } = signedIn({
      [`PUT /api/accounts/${MAIN_ACCOUNT_ID}`]: ({ body }) => ({
        status: 200,
        body: makeAccount({ ...main, ...(body as Partial<Account>) }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/accounts');
    await screen.findByText('Main', {}, { timeout: 5000 });
    await chooseRowAction(user, 'Main', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Account' });
    const field = within(dialog).getByLabelText(/Bank identifiers/);
    await user.type(field, 'de89 3704 0044 0532 0130 00{Enter}12 345#678');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText(/An account identifier has 1 to 34 letters/),
    ).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(field);
    await user.type(field, 'de89 3704 0044 0532 0130 00{Enter}12 345 678');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      identifiers: ['DE89370400440532013000', '12345678'],
    });
  });
});

describe('accounts page: amounts as typed, and refusals', () => {
  it('reads an opening balance as typed ("2.345,67"), and refuses text it cannot read', async () => {
    const { calls } = signedIn({
      'POST /api/accounts': ({ body }) => ({
        status: 201,
        body: makeAccount({ ...(body as Partial<Account>) }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Add Account' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Account' });
    await user.type(within(dialog).getByLabelText('Name'), 'Savings');
    const opening = within(dialog).getByLabelText(/Opening balance/);
    expect(opening).toHaveValue('0');
    await user.clear(opening);
    await user.type(opening, '12abc');
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }));
    expect(await within(dialog).findByText(/Use only digits and separators/)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(opening);
    await user.type(opening, '2.345,67');
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      openingBalance: 2345.67,
    });
  });

  it('reads a transfer amount as typed ("2,95"), and refuses text it cannot read', async () => {
    const { calls } = signedIn({
      'POST /api/transfers': ({ body }) => ({
        status: 201,
        body: {
          _id: 'tr1',
          note: null,
          createdAt: '2026-03-01T00:00:00.000Z',
          updatedAt: '2026-03-01T00:00:00.000Z',
          ...(body as object),
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Transfer' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Between Accounts' });
    const amount = await within(dialog).findByLabelText(/Amount/);
    await user.type(amount, '1..5');
    await user.click(within(dialog).getByRole('button', { name: 'Save Transfer' }));
    expect(await within(dialog).findByText(/The separators are out of place/)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '2,95');
    await user.click(within(dialog).getByRole('button', { name: 'Save Transfer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ amount: 2.95 });
  });

  it("shows the server's sentence when an account with history cannot be deleted", async () => {
    signedIn({
      [`DELETE /api/accounts/${card._id}`]: {
        status: 409,
        body: {
          code: 'ACCOUNT_NOT_EMPTY',
          message:
            'This account still holds transactions or transfers. Move or delete them first, or archive the account to hide it.',
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/accounts');
    await screen.findByRole('button', { name: 'Actions for Visa' }, { timeout: 5000 });
    await chooseRowAction(user, 'Visa', 'Delete');
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }));
    expect(await within(dialog).findByText(/archive the account to hide it/)).toBeInTheDocument();
  });
});

describe('the transaction form with several accounts: choosing and creating accounts', () => {
  it('offers the open accounts and sends the one chosen', async () => {
    const { calls } = signedIn({
      'GET /api/transactions': { body: makePage([]) },
      'GET /api/transactions/summary': {
        body: { totalIncome: 0, totalExpenses: 0, balance: 1000, recentTransactions: [] },
      },
      'POST /api/transactions': ({ body }) => ({
        status: 201,
        body: makeTransaction({ ...(body as object), accountId: card._id }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    await user.click(
      await screen.findByRole('button', { name: 'Add Transaction' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Expense' });
    const account = await within(dialog).findByLabelText('Account');
    // The archived account is not offered for new transactions.
    expect(
      within(account)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Main (Checking)', 'Visa (Credit card)']);
    await waitFor(() => expect(account).toHaveValue(MAIN_ACCOUNT_ID));
    await user.selectOptions(account, card._id);
    await user.type(within(dialog).getByLabelText('Name'), 'Dinner');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Food');
    await user.type(within(dialog).getByLabelText(/Amount/), '42');
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'Dinner',
      cost: 42,
      accountId: card._id,
    });
    // The next new transaction starts in the account used last.
    expect(window.localStorage.getItem('lastAccountId')).toBe(card._id);
  });

  it('creates an account in another currency, and refuses decimals the currency has not', async () => {
    const { calls } = signedIn({
      'POST /api/accounts': ({ body }) => ({
        status: 201,
        body: makeAccount({ ...(body as Partial<Account>) }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Add Account' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Account' });
    await user.type(within(dialog).getByLabelText('Name'), 'Yen wallet');
    const currency = within(dialog).getByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveTextContent('USD ($)');
    expect(currency).not.toHaveAttribute('aria-disabled');
    // Searchable by the name's words: "yen" finds JPY.
    currency.focus();
    await user.keyboard('yen');
    await user.keyboard('{Enter}');
    expect(currency).toHaveTextContent('JPY (¥)');
    const opening = within(dialog).getByLabelText('Opening balance (JPY)');
    await user.clear(opening);
    await user.type(opening, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }));
    expect(await within(dialog).findByText('JPY amounts have no decimals.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(opening);
    await user.type(opening, '1,200');
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'Yen wallet',
      openingBalance: 1200,
      currency: 'JPY',
    });
  });
});

describe('the transaction form with several accounts: currencies and the register', () => {
  it('shows the server refusing a currency change at the field', async () => {
    const empty = makeAccount({ name: 'Spare', balance: 0 });
    const { calls } = signedIn({
      'GET /api/accounts': { body: [main, card, empty] },
      [`GET /api/accounts/${empty._id}/register`]: {
        body: { entries: [], totalPages: 1, currentPage: 1, total: 0 },
      },
      [`PUT /api/accounts/${empty._id}`]: {
        status: 409,
        body: {
          code: 'ACCOUNT_CURRENCY_IN_USE',
          message: 'This account holds transactions: its currency can no longer change.',
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/accounts');
    await chooseRowAction(user, 'Spare', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Account' });
    const currency = within(dialog).getByRole('combobox', { name: 'Currency' });
    await user.click(currency);
    await user.click(within(dialog).getByRole('option', { name: /^EUR / }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const message = await within(dialog).findByText(
      'This account holds transactions: its currency can no longer change.',
    );
    expect(currency).toHaveAttribute('aria-invalid', 'true');
    expect(currency.getAttribute('aria-describedby')).toContain(message.id);
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ currency: 'EUR' });
  });

  it('keeps the currency of an account that holds money, saying why', async () => {
    const { calls } = signedIn({
      [`GET /api/accounts/${MAIN_ACCOUNT_ID}/register`]: {
        body: { entries: [], totalPages: 1, currentPage: 1, total: 3 },
      },
      [`PUT /api/accounts/${MAIN_ACCOUNT_ID}`]: ({ body }) => ({
        body: makeAccount({ ...main, ...(body as Partial<Account>) }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/accounts');
    await chooseRowAction(user, 'Main', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Account' });
    const currency = within(dialog).getByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveAttribute('aria-disabled', 'true');
    expect(currency).toHaveAccessibleDescription(
      'An account keeps its currency once it holds money or entries.',
    );
    await user.click(currency);
    expect(currency).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    // Unchanged, the currency is not sent: the server keeps the stored one.
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('currency');
  });

  it("shows the register's running balance beside each entry", async () => {
    signedIn({
      [`GET /api/accounts/${MAIN_ACCOUNT_ID}/register`]: {
        body: {
          entries: [
            {
              kind: 'transaction',
              _id: 'e1',
              date: '2026-03-02',
              name: 'Rent',
              category: 'Bills',
              amount: -900,
              currency: 'USD',
              note: null,
              otherAccountId: null,
              balance: 1250.5,
            },
            {
              kind: 'transaction',
              _id: 'e2',
              date: '2026-03-01',
              name: 'Pay',
              category: 'Salary',
              amount: 2150.5,
              currency: 'USD',
              note: null,
              otherAccountId: null,
              balance: 2150.5,
            },
          ],
          totalPages: 1,
          currentPage: 1,
          total: 2,
        },
      },
    });
    renderApp(`/accounts/${MAIN_ACCOUNT_ID}`);
    const rent = (await screen.findByRole('rowheader', { name: /Rent/ })).closest('tr');
    const pay = screen.getByRole('rowheader', { name: /Pay/ }).closest('tr');
    if (!rent || !pay) throw new Error('rows missing');
    expect(screen.getByRole('columnheader', { name: 'Balance' })).toBeInTheDocument();
    expect(within(rent).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(pay).getByText('$2,150.50')).toBeInTheDocument();
  });
});
