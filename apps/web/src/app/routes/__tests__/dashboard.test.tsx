import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
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
