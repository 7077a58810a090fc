import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser, type FakeCall } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import {
  emptyCharts,
  makeSummary,
  makeTransaction,
  transactionHandlers,
} from '@/testing/transactions';

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser({ defaultCurrency: 'EUR' }) },
    // Every user has an account (transactionHandlers serves one): the accounts panel must not
    // fail beside what a test looks at.
    ...transactionHandlers(),
    ...handlers,
  });
}

describe('dashboard', () => {
  it('shows the totals in the user currency and the recent transactions', async () => {
    signedIn({
      'GET /api/transactions/summary': {
        body: makeSummary({
          totalIncome: 3000,
          totalExpenses: 1234.5,
          balance: 1765.5,
          recentTransactions: [
            makeTransaction({ name: 'Pay', isIncome: true, cost: 3000, addedOn: '2026-03-01' }),
            makeTransaction({ name: 'Dinner', cost: 34.5, addedOn: '2026-03-10' }),
          ],
        }),
      },
    });
    renderApp('/dashboard');
    // The page's code loads lazily; on a busy machine that can take a moment.
    expect(
      await screen.findByRole('heading', { name: 'Dashboard Overview' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const income = screen.getByRole('heading', { name: 'Total Income' }).closest('li');
    const expense = screen.getByRole('heading', { name: 'Total Expense' }).closest('li');
    const balance = screen.getByRole('heading', { name: 'Current Balance' }).closest('li');
    if (!income || !expense || !balance) throw new Error('cards missing');
    expect(await within(income).findByText('€3,000.00')).toBeInTheDocument();
    expect(within(expense).getByText('€1,234.50')).toBeInTheDocument();
    expect(within(balance).getByText('€1,765.50')).toBeInTheDocument();

    const recent = screen.getByRole('region', { name: 'Recent Transactions' });
    expect(within(recent).getByText('+€3,000.00')).toBeInTheDocument();
    expect(within(recent).getByText('-€34.50')).toBeInTheDocument();
    expect(within(recent).getByText(/Mar 10, 2026/)).toBeInTheDocument();
  });

  it('offers Retry instead of endless skeletons when the totals fail to load', async () => {
    let isDown = true;
    signedIn({
      'GET /api/transactions/summary': () =>
        isDown
          ? { status: 500, body: { message: 'The database is unavailable.' } }
          : { body: makeSummary({ totalIncome: 10, totalExpenses: 0, balance: 10 }) },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The database is unavailable.');
    const income = screen.getByRole('heading', { name: 'Total Income' }).closest('li');
    if (!income) throw new Error('card missing');
    expect(income).toHaveTextContent('Not loaded');
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(income).findByText('€10.00')).toBeInTheDocument();
    expect(screen.queryByText('The database is unavailable.')).toBeNull();
  });

  it('shows every empty message when there is no data', async () => {
    signedIn({ 'GET /api/transactions/charts': { body: emptyCharts() } });
    renderApp('/dashboard');
    expect(
      await screen.findByText('No recent transactions', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No expense data to display.')).toBeInTheDocument();
    expect(screen.getByText('No recent activity to display.')).toBeInTheDocument();
    // docs/architecture.md, Product rules: the expense line chart reuses the income chart's empty
    // text.
    expect(
      within(screen.getByRole('region', { name: 'Income Vs Time' })).getByText(
        'No income data to display.',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Expense Vs Time' })).getByText(
        'No income data to display.',
      ),
    ).toBeInTheDocument();
  });

  it('opens the transaction form with the quick-add messages', async () => {
    signedIn();
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(
      await screen.findByRole('button', { name: 'Add Transaction' }, { timeout: 10_000 }),
    );
    // The form's code loads when it is first opened.
    const dialog = await screen.findByRole('dialog', { name: 'Add Expense' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));
    expect(
      await within(dialog).findByText('Please enter a name for the transaction.'),
    ).toBeVisible();
    expect(within(dialog).getByText('Please enter a valid cost greater than 0.')).toBeVisible();
    expect(within(dialog).getByText('Please select a category.')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Transaction' })).toHaveFocus();
  });
});

describe('dashboard: upcoming', () => {
  it('lists what the recurring transactions record next, signed, with their dates', async () => {
    signedIn({
      'GET /api/recurring/upcoming': {
        body: [
          {
            recurringId: 'r1',
            name: 'Rent',
            amount: 950,
            isIncome: false,
            accountId: null,
            date: '2026-12-01',
          },
          {
            recurringId: 'r2',
            name: 'Salary',
            amount: 3412.57,
            isIncome: true,
            accountId: null,
            date: '2026-12-11',
          },
        ],
      },
    });
    renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: 'Upcoming' }, { timeout: 10_000 });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'RentDec 1, 2026-€950.00',
      'SalaryDec 11, 2026+€3,412.57',
    ]);
    expect(within(panel).getByRole('link', { name: 'Manage recurring' })).toHaveAttribute(
      'href',
      '/recurring-transactions',
    );
  });

  it('says when nothing is due', async () => {
    signedIn();
    renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: 'Upcoming' }, { timeout: 10_000 });
    expect(
      await within(panel).findByText('Nothing recurring is due in the next 30 days.'),
    ).toBeInTheDocument();
  });
});

describe('the dashboard period', () => {
  /** The summary answers the period it was asked for, as the server does. */
  function periodHandlers() {
    return {
      'GET /api/transactions/summary': ({ query }: { query: URLSearchParams }) => ({
        body: makeSummary({
          totalIncome: 500,
          totalExpenses: 120,
          balance: 380,
          from: query.get('from'),
          to: query.get('to'),
        }),
      }),
      'GET /api/transactions/charts': { body: emptyCharts() },
    };
  }
  const asked = (calls: FakeCall[], path: string) =>
    calls
      .filter((call) => call.path === path)
      .map((call) => Object.fromEntries(call.query.entries()));
  const card = (title: string) => {
    const item = screen.getByRole('heading', { name: title }).closest('li');
    if (!item) throw new Error(`${title} missing`);
    return item;
  };

  beforeEach(() => {
    // Only the clock: today is Nov 15, 2026 in the user's zone (Europe/Paris).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
  });

  it('starts with the last 30 days, the window the charts always had, and says so everywhere', async () => {
    const { calls } = signedIn(periodHandlers());
    renderApp('/dashboard');
    const picker = await screen.findByRole('combobox', { name: 'Period' }, { timeout: 10_000 });
    expect(picker).toHaveDisplayValue('Last 30 days');
    const days = { from: '2026-10-17', to: '2026-11-15' };
    await waitFor(() => expect(asked(calls, '/api/transactions/summary')).toEqual([days]));
    expect(asked(calls, '/api/transactions/charts')).toEqual([days]);

    expect(await within(card('Total Income')).findByText('€500.00')).toBeVisible();
    for (const title of ['Total Income', 'Total Expense', 'Current Balance']) {
      expect(within(card(title)).getByText('Oct 17 – Nov 15, 2026')).toBeVisible();
    }
    // The balance of the period is not net worth, and both say what they are.
    expect(card('Current Balance')).toHaveTextContent(
      'Income − expense in this period; transfers excluded.',
    );
    expect(await screen.findByText(/Sum of account balances today/)).toBeVisible();
    const daily = screen.getByRole('region', { name: 'Daily Activity (Last 30 Days)' });
    expect(within(daily).getByText('Oct 17 – Nov 15, 2026')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Expenses by Category' })).getByText(
        'Oct 17 – Nov 15, 2026',
      ),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Recent Transactions' })).getByText(
        'The five newest, whatever the period',
      ),
    ).toBeVisible();
  });

  it('follows "Last month" in the totals and the charts, and remembers it', async () => {
    const { calls } = signedIn(periodHandlers());
    const user = userEvent.setup();
    const app = renderApp('/dashboard');
    const picker = await screen.findByRole('combobox', { name: 'Period' }, { timeout: 10_000 });
    await user.selectOptions(picker, 'Last month');

    const october = { from: '2026-10-01', to: '2026-10-31' };
    await waitFor(() => expect(asked(calls, '/api/transactions/summary').at(-1)).toEqual(october));
    await waitFor(() => expect(asked(calls, '/api/transactions/charts').at(-1)).toEqual(october));
    expect(await within(card('Total Expense')).findByText('Oct 1 – Oct 31, 2026')).toBeVisible();
    expect(within(card('Total Expense')).getByText('€120.00')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Daily Activity (Last Month)' })).toHaveTextContent(
      'Oct 1 – Oct 31, 2026',
    );
    expect(screen.getByText('Showing Oct 1 – Oct 31, 2026')).toBeVisible();

    // Another visit starts with last month, and asks for nothing else.
    app.unmount();
    calls.length = 0;
    renderApp('/dashboard');
    expect(
      await screen.findByRole('combobox', { name: 'Period' }, { timeout: 10_000 }),
    ).toHaveDisplayValue('Last month');
    await waitFor(() => expect(asked(calls, '/api/transactions/summary')).toEqual([october]));
  });

  it('shows all time in the totals, and at most two years in the charts, saying so', async () => {
    const { calls } = signedIn(periodHandlers());
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Period' }, { timeout: 10_000 }),
      'All time',
    );
    await waitFor(() => expect(asked(calls, '/api/transactions/summary').at(-1)).toEqual({}));
    await waitFor(() =>
      expect(asked(calls, '/api/transactions/charts').at(-1)).toEqual({
        from: '2024-11-15',
        to: '2026-11-15',
      }),
    );
    expect(await within(card('Total Income')).findByText('All time')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Daily Activity (Last 2 Years)' })).toHaveTextContent(
      'Nov 15, 2024 – Nov 15, 2026 (charts show at most two years)',
    );
  });

  it('takes a custom span once both dates make one, and says what is wrong otherwise', async () => {
    const { calls } = signedIn(periodHandlers());
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Period' }, { timeout: 10_000 }),
      'Custom',
    );
    // It starts as the span that was on screen.
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2026-10-17');
    expect(to).toHaveValue('2026-11-15');

    fireEvent.change(from, { target: { value: '2026-12-01' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The start date must not be after the end date.',
    );
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('The start date must not be after the end date.');
    expect(asked(calls, '/api/transactions/summary')).not.toContainEqual({
      from: '2026-12-01',
      to: '2026-11-15',
    });

    fireEvent.change(from, { target: { value: '2026-09-01' } });
    await waitFor(() =>
      expect(asked(calls, '/api/transactions/summary').at(-1)).toEqual({
        from: '2026-09-01',
        to: '2026-11-15',
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'Daily Activity (Custom Period)' })).toBeVisible();
  });
});
