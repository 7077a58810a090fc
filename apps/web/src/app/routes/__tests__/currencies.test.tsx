import type { Budget } from '@moneta/shared/budget-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAccount, mainAccount } from '@/testing/accounts';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import {
  emptyCharts,
  makePage,
  makeSummary,
  makeTransaction,
  transactionHandlers,
} from '@/testing/transactions';

/** A EUR user with a euro account and a USD card: $40.00 is €36.71 at the day's rate. */
const usdCard = makeAccount({
  name: 'USD card',
  currency: 'USD',
  balance: -40,
  baseBalance: -36.71,
  rateDate: '2026-04-10',
});
const lunch = makeTransaction({
  name: 'Lunch in New York',
  cost: 40,
  currency: 'USD',
  baseCost: 36.71,
  rate: 0.91775,
  rateDate: '2026-04-10',
  rateSource: 'ecb',
  addedOn: '2026-04-11',
  accountId: usdCard._id,
});
const unrated = makeTransaction({
  name: 'Taxi in Oslo',
  cost: 150,
  currency: 'NOK',
  baseCost: null,
  rate: null,
  rateDate: null,
  rateSource: 'none',
  addedOn: '2026-04-11',
});

/**
 * The innermost element reading exactly `text` across its parts: an amount and its base amount
 * are drawn in spans of their own.
 */
function amountText(text: string | RegExp) {
  const reads = (element: Element | null) =>
    element !== null &&
    (typeof text === 'string' ? element.textContent === text : text.test(element.textContent));
  return (_: string, element: Element | null) =>
    reads(element) && ![...(element?.children ?? [])].some((child) => reads(child));
}

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    ...transactionHandlers(),
    'GET /api/auth/me': { body: makeUser({ defaultCurrency: 'EUR' }) },
    'GET /api/accounts': {
      body: [mainAccount({ currency: 'EUR', balance: 1000, baseBalance: 1000 }), usdCard],
    },
    ...handlers,
  });
}

describe('amounts in several currencies: dashboard, lists and reports', () => {
  it('dashboard: recent transactions and balances in their own currency and the base one', async () => {
    signedIn({
      'GET /api/transactions/summary': {
        body: makeSummary({
          currency: 'EUR',
          totalExpenses: 36.71,
          balance: -36.71,
          recentTransactions: [lunch, unrated],
          unconverted: 1,
        }),
      },
    });
    renderApp('/dashboard');
    const recent = await screen.findByRole(
      'region',
      { name: 'Recent Transactions' },
      { timeout: 10_000 },
    );
    expect(await within(recent).findByText(amountText('-$40.00 · -€36.71'))).toBeInTheDocument();
    // No rate: the own amount, and a muted marker that explains itself to a screen reader.
    const item = within(recent).getByText('Taxi in Oslo').closest('li');
    if (!item) throw new Error('No row for the taxi');
    expect(item).toHaveTextContent(/-NOK\s?150\.00 · no rate: no exchange rate for this day/);

    // The totals say what they leave out, and where to add the missing rate.
    const notice = screen.getByText(/^1 amount without a rate/);
    expect(notice).toHaveTextContent('1 amount without a rate — add one');
    expect(within(notice).getByRole('link', { name: 'add one' })).toHaveAttribute('href', '/rates');

    const accounts = screen.getByRole('region', { name: 'Accounts' });
    expect(await within(accounts).findByText(amountText('-$40.00 · -€36.71'))).toBeInTheDocument();
    // The euro account is in the base currency: one amount.
    expect(within(accounts).getByText('€1,000.00')).toBeInTheDocument();
    // Net worth adds the base balances: 1000 − 36.71.
    expect(within(accounts).getByTestId('net-worth')).toHaveTextContent('€963.29');
  });

  it('net worth leaves out an account without a rate and says so', async () => {
    signedIn({
      'GET /api/accounts': {
        body: [
          mainAccount({ currency: 'EUR', balance: 1000, baseBalance: 1000 }),
          makeAccount({ name: 'Krone', currency: 'NOK', balance: 500, baseBalance: null }),
        ],
      },
    });
    renderApp('/accounts');
    const worth = await screen.findByRole('region', { name: 'Net worth' }, { timeout: 10_000 });
    expect(worth).toHaveTextContent('€1,000.00');
    const link = within(worth).getByRole('link', { name: 'add one' });
    expect(link.closest('p')).toHaveTextContent('1 account without a rate — add one');
    expect(link).toHaveAttribute('href', '/rates?currency=NOK');
    const table = screen.getByRole('region', { name: 'Accounts table' });
    expect(within(table).getByText(amountText(/^NOK\s?500\.00 · no rate/))).toBeInTheDocument();
  });

  it('the rates page opens on the currency a notice names', async () => {
    signedIn({ 'GET /api/rates': { body: [] } });
    renderApp('/rates?currency=NOK');
    await screen.findByRole('heading', { level: 1, name: 'Exchange Rates' }, { timeout: 10_000 });
    expect(screen.getByLabelText('Rates of')).toHaveValue('NOK');
  });

  it('transactions list: each row in its currency and the base one', async () => {
    signedIn({ 'GET /api/transactions': { body: makePage([lunch, unrated]) } });
    renderApp('/transactions');
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(await within(table).findByText(amountText('-$40.00 · -€36.71'))).toBeInTheDocument();
    expect(within(table).getByText(amountText(/^-NOK\s?150\.00 · no rate/))).toBeInTheDocument();
  });

  it('charts and budgets say how many amounts they leave out', async () => {
    const [year, month] = [2026, 4];
    const budget: Budget = {
      _id: 'budget-1',
      category: 'Food',
      amount: 100,
      month,
      year,
      rollover: false,
      repeat: false,
      repeatedFrom: null,
      carried: 0,
      available: 100,
      spent: 36.71,
      remaining: 63.29,
      percent: 37,
      unconverted: 2,
    };
    signedIn({
      'GET /api/transactions/charts': { body: { ...emptyCharts(), unconverted: 3 } },
      'GET /api/budgets': { body: [budget] },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    expect(
      await screen.findByText('3 amounts without a rate', { exact: false }, { timeout: 10_000 }),
    ).toHaveTextContent('3 amounts without a rate — add one');

    renderApp('/budgets');
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    const notice = within(table).getByText('2 amounts without a rate', { exact: false });
    // The link in a row goes to the rates, not to the budget's form.
    await user.click(within(notice).getByRole('link', { name: 'add one' }));
    expect(screen.queryByRole('dialog', { name: 'Edit Budget' })).not.toBeInTheDocument();
  });
});

describe('amounts in several currencies: the transaction and transfer forms', () => {
  it('transaction form: the currency follows the account until one is picked, with what the bank charged', async () => {
    const { calls } = signedIn({
      'GET /api/transactions': { body: makePage([]) },
      'POST /api/transactions': ({ body }) => ({
        status: 201,
        body: makeTransaction(body as object),
      }),
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    await user.click(
      await screen.findByRole('button', { name: 'Add Transaction' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Expense' });
    const account = within(dialog).getByLabelText(/^Account/);
    const currency = within(dialog).getByRole('combobox', { name: 'Currency' });
    await user.selectOptions(account, 'Main (Checking)');
    await waitFor(() => expect(currency).toHaveTextContent('EUR (€)'));
    // In the base currency, there is nothing else to say.
    expect(within(dialog).queryByLabelText(/^Charged in/)).not.toBeInTheDocument();

    await user.selectOptions(account, 'USD card (Checking, USD)');
    await waitFor(() => expect(currency).toHaveTextContent('USD ($)'));
    const charged = within(dialog).getByLabelText('Charged in EUR (optional)');
    expect(charged).toHaveAccessibleDescription(
      "What your bank took in EUR, from your statement. Empty: converted at the day's rate.",
    );
    await user.type(within(dialog).getByLabelText('Name'), 'Lunch in New York');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Food');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '40');
    // Typed as people type amounts: a comma is a decimal separator here.
    await user.type(charged, '36,90');
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));
    // The card is $40.00 in debt: the overdraft warning speaks in its currency.
    const warning = await screen.findByRole('alertdialog', {
      name: 'Expense exceeds your balance',
    });
    expect(warning).toHaveTextContent(
      'This expense of $40.00 is more than the current balance of USD card, -$40.00.',
    );
    await user.click(within(warning).getByRole('button', { name: 'Add Anyway' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      accountId: usdCard._id,
      cost: 40,
      currency: 'USD',
      baseCost: 36.9,
    });
  });

  it('transaction form: a picked currency stays, and its decimals are checked at the field', async () => {
    const { calls } = signedIn({ 'GET /api/transactions': { body: makePage([]) } });
    const user = userEvent.setup();
    renderApp('/transactions');
    await user.click(
      await screen.findByRole('button', { name: 'Add Transaction' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Expense' });
    const currency = within(dialog).getByRole('combobox', { name: 'Currency' });
    currency.focus();
    await user.keyboard('jpy{Enter}');
    expect(currency).toHaveTextContent('JPY (¥)');
    // Another account no longer changes the currency picked.
    await user.selectOptions(within(dialog).getByLabelText(/^Account/), 'USD card (Checking, USD)');
    expect(currency).toHaveTextContent('JPY (¥)');

    await user.type(within(dialog).getByLabelText('Name'), 'Ramen');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Food');
    const amount = within(dialog).getByLabelText('Amount (JPY)');
    await user.type(amount, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));
    expect(await within(dialog).findByText('JPY amounts have no decimals.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('transfer between two currencies: what was received, optional', async () => {
    const { calls } = signedIn({
      'POST /api/transfers': ({ body }) => ({ status: 201, body }),
    });
    const user = userEvent.setup();
    renderApp('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Transfer' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Between Accounts' });
    const to = within(dialog).getByLabelText(/^To/);
    await user.selectOptions(within(dialog).getByLabelText(/^From/), 'Main (Checking)');
    await user.selectOptions(to, 'Main (Checking)');
    // One currency: nothing else to say.
    expect(within(dialog).queryByLabelText(/^Received/)).not.toBeInTheDocument();

    await user.selectOptions(to, 'USD card (Checking, USD)');
    await user.type(within(dialog).getByLabelText('Amount (EUR)'), '100');
    const received = within(dialog).getByLabelText('Received (USD)');
    expect(received).toHaveAccessibleDescription(
      "Optional: what arrived in the other account. Empty: converted at the day's rate.",
    );
    await user.type(received, '108.45');
    await user.click(within(dialog).getByRole('button', { name: 'Save Transfer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      amount: 100,
      toAmount: 108.45,
      toAccountId: usdCard._id,
    });
  });
});
