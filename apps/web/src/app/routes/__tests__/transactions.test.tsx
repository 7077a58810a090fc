import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser, type FakeCall } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makeAccount, mainAccount } from '@/testing/accounts';
import {
  makePage,
  makeSummary,
  makeTransaction,
  transactionHandlers,
} from '@/testing/transactions';
import { chooseRowAction } from '@/testing/row-actions';

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    ...transactionHandlers(),
    'GET /api/transactions': { body: makePage([]) },
    ...handlers,
  });
}

function listCalls(calls: FakeCall[]) {
  return calls.filter((call) => call.method === 'GET' && call.path === '/api/transactions');
}

function lastListQuery(calls: FakeCall[]) {
  const last = listCalls(calls).at(-1);
  if (!last) throw new Error('The list was never fetched');
  return Object.fromEntries(last.query);
}

async function openAddForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add Transaction' }));
  return screen.findByRole('dialog', { name: 'Add Expense' });
}

describe('transactions page', () => {
  it('shows the empty text and no pager when there is nothing', async () => {
    signedIn();
    renderApp('/transactions');
    // The first test of the file also waits for the page's code to load.
    expect(
      await screen.findByText('No Transaction done.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Page \d+ of/)).toBeNull();
  });

  it('lists transactions with signed amounts, the stored date and badges', async () => {
    signedIn({
      'GET /api/transactions': {
        body: makePage([
          makeTransaction({ name: 'Pay', isIncome: true, cost: 2500, category: 'Salary' }),
          makeTransaction({ name: 'Rent', cost: 900.5, addedOn: '2026-01-01', recurringId: 'r1' }),
          makeTransaction({ name: 'Groceries run', receiptId: 'rc1' }),
        ]),
      },
    });
    renderApp('/transactions');
    const pay = (await screen.findByRole('rowheader', { name: 'Pay' })).closest('tr');
    const rent = screen.getByRole('rowheader', { name: /Rent/ }).closest('tr');
    if (!pay || !rent) throw new Error('rows missing');
    expect(within(pay).getByText('+$2,500.00')).toHaveClass('text-emerald-700');
    expect(within(rent).getByText('-$900.50')).toHaveClass('text-red-700');
    expect(within(rent).getByText('Jan 1, 2026')).toBeInTheDocument();
    expect(within(rent).getByText('Recurring')).toBeInTheDocument();
    expect(screen.getByText('Receipt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Rent' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    );
  });

  it('shows the pager only when there is more than one page', async () => {
    signedIn({
      'GET /api/transactions': { body: makePage([makeTransaction()], { totalPages: 2 }) },
    });
    renderApp('/transactions');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('hides the pager for a single page of rows', async () => {
    signedIn({ 'GET /api/transactions': { body: makePage([makeTransaction({ name: 'One' })]) } });
    renderApp('/transactions');
    expect(await screen.findByRole('rowheader', { name: 'One' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('goes back to page 1 when any filter changes', async () => {
    const { calls } = signedIn({
      'GET /api/transactions': { body: makePage([makeTransaction()], { totalPages: 3 }) },
    });
    const user = userEvent.setup();
    renderApp('/transactions?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastListQuery(calls)).toMatchObject({ page: '2', limit: '10' });

    await user.selectOptions(screen.getByLabelText('Type'), 'income');
    await waitFor(() =>
      expect(lastListQuery(calls)).toMatchObject({ page: '1', isIncome: 'true' }),
    );
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ page: '2' }));
    await user.selectOptions(screen.getByLabelText('Category'), 'Salary');
    await waitFor(() =>
      expect(lastListQuery(calls)).toMatchObject({ page: '1', category: 'Salary' }),
    );
  });

  it('debounces the search and then searches from page 1', async () => {
    const { calls } = signedIn({
      'GET /api/transactions': { body: makePage([makeTransaction()], { totalPages: 2 }) },
    });
    const user = userEvent.setup();
    renderApp('/transactions?page=2');
    await screen.findByText('Page 2 of 2');
    await user.type(screen.getByLabelText('Search'), 'coffee');
    // Every keystroke is shown, but no request went out for the partial words.
    expect(screen.getByLabelText('Search')).toHaveValue('coffee');
    expect(listCalls(calls).some((call) => call.query.has('search'))).toBe(false);
    await waitFor(() =>
      expect(lastListQuery(calls)).toMatchObject({ search: 'coffee', page: '1' }),
    );
    expect(listCalls(calls).filter((call) => call.query.has('search'))).toHaveLength(1);
  });

  it('shows active filters as chips; removing one keeps the others', async () => {
    const { calls } = signedIn();
    const user = userEvent.setup();
    renderApp('/transactions?type=income&category=Salary&from=2026-03-01&to=2026-03-31');
    await screen.findByText('No Transaction done.');
    expect(lastListQuery(calls)).toMatchObject({
      isIncome: 'true',
      category: 'Salary',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    expect(screen.getByRole('button', { name: 'Remove filter From: Mar 1, 2026' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove filter Type: Income' }));
    expect(screen.queryByRole('button', { name: 'Remove filter Type: Income' })).toBeNull();
    expect(screen.getByLabelText('Type')).toHaveValue('');
    await waitFor(() => expect(lastListQuery(calls)).not.toHaveProperty('isIncome'));
    expect(lastListQuery(calls)).toMatchObject({ category: 'Salary', startDate: '2026-03-01' });

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.queryByRole('button', { name: /Remove filter/ })).toBeNull();
    await waitFor(() =>
      expect(lastListQuery(calls)).toEqual({ page: '1', limit: '10', includeTransfers: 'true' }),
    );
  });

  it('clears the search box when its chip is removed', async () => {
    signedIn();
    const user = userEvent.setup();
    renderApp('/transactions?q=rent');
    expect(await screen.findByLabelText('Search')).toHaveValue('rent');
    await user.click(screen.getByRole('button', { name: 'Remove filter Search: rent' }));
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });
});

describe('transaction form: fields', () => {
  it('shows the spec messages next to the fields and sends nothing', async () => {
    const { calls } = signedIn();
    const user = userEvent.setup();
    renderApp('/transactions');
    const dialog = await openAddForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));

    expect(
      await within(dialog).findByText('Please enter a name for the transaction.'),
    ).toBeVisible();
    expect(within(dialog).getByText('Please enter a valid cost greater than 0.')).toBeVisible();
    expect(within(dialog).getByText('Please select a category.')).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      'Please enter a name for the transaction.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Amount (USD)'), '-3');
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));
    expect(within(dialog).getByText('Please enter a valid cost greater than 0.')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('reads the amount as typed ("2,95" saves 2.95), and refuses text it cannot read', async () => {
    const { calls } = signedIn({
      'POST /api/transactions': ({ body }) => ({
        status: 201,
        body: makeTransaction(body as object),
      }),
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    const dialog = await openAddForm(user);
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveAttribute('type', 'text');
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    await user.type(within(dialog).getByLabelText('Name'), 'Bread');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Food');
    await user.type(amount, '2,9,5');
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));
    expect(await within(dialog).findByText(/The separators are out of place/)).toBeVisible();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(/The separators are out of place/);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '2,95');
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ cost: 2.95 });
  });

  it('defaults the income name to "<category> Income" and shows it as the placeholder', async () => {
    const { calls } = signedIn({
      'POST /api/transactions': ({ body }) => ({
        status: 201,
        body: makeTransaction(body as object),
      }),
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    const expenseDialog = await openAddForm(user);
    await user.click(within(expenseDialog).getByRole('button', { name: 'Add Income' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Income' });

    const name = within(dialog).getByLabelText('Name (optional)');
    expect(name).toHaveAttribute('placeholder', 'General Income');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Freelance / Side Gig');
    expect(name).toHaveAttribute('placeholder', 'Freelance / Side Gig Income');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '150.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save Income' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Freelance / Side Gig Income',
      category: 'Freelance / Side Gig',
      cost: 150.25,
      isIncome: true,
      note: null,
    });
    expect((post?.body as { addedOn: string }).addedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('resets the fields when switching between income and expense', async () => {
    signedIn();
    const user = userEvent.setup();
    renderApp('/transactions');
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Lunch');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '12');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Food');

    await user.click(within(dialog).getByRole('button', { name: 'Add Income' }));
    const income = await screen.findByRole('dialog', { name: 'Add Income' });
    expect(within(income).getByLabelText('Name (optional)')).toHaveValue('');
    expect(within(income).getByLabelText('Amount (USD)')).toHaveValue('');
    expect(within(income).getByLabelText('Category')).toHaveValue('');
    expect(within(income).getByRole('option', { name: 'Salary' })).toBeInTheDocument();

    await user.click(within(income).getByRole('button', { name: 'Add Expense' }));
    const expense = screen.getByRole('dialog', { name: 'Add Expense' });
    expect(within(expense).getByLabelText('Name')).toHaveValue('');
  });

  it('opens an edit in the mode of the transaction', async () => {
    const salary = makeTransaction({ name: 'March pay', isIncome: true, category: 'Salary' });
    signedIn({ 'GET /api/transactions': { body: makePage([salary]) } });
    const user = userEvent.setup();
    renderApp('/transactions');
    await chooseRowAction(user, 'March pay', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Income' });
    expect(within(dialog).getByLabelText('Name (optional)')).toHaveValue('March pay');
    expect(within(dialog).getByLabelText('Category')).toHaveValue('Salary');
    expect(within(dialog).queryByRole('button', { name: 'Add Expense' })).toBeNull();
  });
});

describe('transaction form: categories, warnings, deletion and errors', () => {
  it('adds a new category through an in-app prompt and selects it', async () => {
    signedIn();
    const user = userEvent.setup();
    renderApp('/transactions');
    const dialog = await openAddForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add New Category' }));
    const prompt = screen.getByRole('dialog', { name: 'Add New Category' });
    await user.type(within(prompt).getByLabelText('Enter new category name:'), 'Pets');
    await user.click(within(prompt).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Add New Category' })).toBeNull();
    expect(within(dialog).getByLabelText('Category')).toHaveValue('Pets');

    // Escape closes only the innermost dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Add New Category' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Add New Category' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add Expense' })).toBeInTheDocument();
  });

  it('asks before adding an expense larger than the balance of its account', async () => {
    const { calls } = signedIn({
      // All-time income minus expense is not what the account holds: the account's balance is.
      'GET /api/transactions/summary': {
        body: makeSummary({ totalIncome: 90000, balance: 90000 }),
      },
      'GET /api/accounts': { body: [mainAccount({ name: 'Checking', balance: 1000 })] },
      'POST /api/transactions': ({ body }) => ({
        status: 201,
        body: makeTransaction(body as object),
      }),
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Laptop');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Shopping');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));

    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'This expense of $1,500.00 is more than the current balance of Checking, $1,000.00.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Add Anyway' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
  });

  it('asks nothing for an expense on a credit card, nor one within the balance', async () => {
    const card = makeAccount({ name: 'Visa', type: 'credit', balance: -340 });
    const { calls } = signedIn({
      'GET /api/accounts': { body: [mainAccount({ balance: 20 }), card] },
      'POST /api/transactions': ({ body }) => ({
        status: 201,
        body: makeTransaction(body as object),
      }),
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Dinner');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Food');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '80');
    await user.selectOptions(within(dialog).getByLabelText('Account'), card._id);
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('deletes selected rows, keeping the dialog open with the error when it fails', async () => {
    let attempts = 0;
    const { calls } = signedIn({
      'GET /api/transactions': {
        body: makePage([makeTransaction({ name: 'Tea' }), makeTransaction({ name: 'Cake' })]),
      },
      'DELETE /api/transactions/bulk': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500 }
          : { body: { message: 'Deleted.', deletedCount: 2 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Tea' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cake' }));
    await user.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 2 transactions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete transactions. Please try again.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 transactions deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
  });

  it('shows the server message in a toast when saving fails', async () => {
    signedIn({
      'POST /api/transactions': {
        status: 400,
        body: { message: 'Category must be at most 50 characters long.', code: 'VALIDATION' },
      },
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Tea');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Food');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));
    expect(
      await screen.findByText('Category must be at most 50 characters long.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Expense' })).toBeInTheDocument();
  });
});

describe('transaction form: transfers', () => {
  it('shows transfer legs apart, and turns a transaction into a transfer', async () => {
    const main = mainAccount({ name: 'Checking' });
    const savings = makeAccount({ name: 'Savings', type: 'savings' });
    const expense = makeTransaction({ name: 'Dauerauftrag', cost: 300, accountId: main._id });
    const leg = makeTransaction({
      _id: '0190a1b2-0000-7000-8000-0000000000ff:in',
      name: 'Monthly saving',
      note: 'Monthly saving',
      category: 'Transfer',
      cost: 120,
      isIncome: true,
      accountId: savings._id,
      isTransfer: true,
      transferId: '0190a1b2-0000-7000-8000-0000000000ff',
      transferAccountId: main._id,
    });
    const { calls } = signedIn({
      'GET /api/accounts': { body: [main, savings] },
      'GET /api/transactions': { body: makePage([leg, expense]) },
      'POST /api/transfers/from-transactions': {
        status: 201,
        body: {
          _id: 't1',
          fromAccountId: main._id,
          toAccountId: savings._id,
          amount: 300,
          date: expense.addedOn,
          toDate: expense.addedOn,
          note: null,
          fromImportId: null,
          toImportId: null,
          createdAt: '2026-03-01T00:00:00.000Z',
          updatedAt: '2026-03-01T00:00:00.000Z',
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    const legRow = (
      await screen.findByRole('rowheader', { name: /Transfer from Checking/ }, { timeout: 5000 })
    ).closest('tr');
    if (!legRow) throw new Error('leg row missing');
    expect(legRow).toHaveTextContent('Monthly saving');
    expect(within(legRow).getByText('Transfer')).toBeInTheDocument();
    // A leg is not a transaction: it cannot be selected for deleting transactions.
    expect(within(legRow).queryByRole('checkbox')).toBeNull();

    await chooseRowAction(user, 'Dauerauftrag', 'Make it a transfer');
    const dialog = screen.getByRole('dialog', { name: 'Make it a transfer' });
    expect(within(dialog).getByLabelText('The money went to')).toHaveValue(savings._id);
    await user.click(within(dialog).getByRole('button', { name: 'Make it a transfer' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/transfers/from-transactions')?.body).toEqual({
        transactionIds: [expense._id],
        accountId: savings._id,
      }),
    );
  });
});
