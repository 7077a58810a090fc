import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_EXPENSE_CATEGORIES } from '@moneta/shared/categories';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makePage, makeTransaction, transactionHandlers } from '@/testing/transactions';

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    ...transactionHandlers(),
    'GET /api/transactions/categories': { body: [...BUILT_IN_EXPENSE_CATEGORIES] },
    'GET /api/filters': { body: { filters: [] } },
    'GET /api/transactions': { body: makePage([]) },
    ...handlers,
  });
}

describe('the register', () => {
  it('shows a search with operators as one chip per term; removing one keeps the rest', async () => {
    const { calls } = signedIn();
    const user = userEvent.setup();
    renderApp('/transactions?q=amount%3A%3E100+tag%3Atrip');
    expect(
      await screen.findByRole(
        'button',
        { name: 'Remove filter Amount over 100.00' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove filter Tag: trip' }));
    await waitFor(() => {
      const last = calls.filter((call) => call.path === '/api/transactions').at(-1);
      expect(last?.query.get('search')).toBe('amount:>100');
    });
    expect(screen.queryByRole('button', { name: 'Remove filter Tag: trip' })).toBeNull();
  });

  it('edits the selected rows of two pages, and Undo sends back what they were', async () => {
    const page1 = [makeTransaction({ name: 'Tea' }), makeTransaction({ name: 'Cake' })];
    const page2 = [makeTransaction({ name: 'Bread' })];
    const previous = [
      { _id: page1[0]!._id, category: 'Food' },
      { _id: page2[0]!._id, category: 'Food' },
    ];
    const { calls } = signedIn({
      'GET /api/transactions': ({ query }) => ({
        body:
          query.get('page') === '2'
            ? { ...makePage(page2, { totalPages: 2, currentPage: 2 }), total: 3 }
            : { ...makePage(page1, { totalPages: 2 }), total: 3 },
      }),
      'PATCH /api/transactions/bulk': { body: { updatedCount: 2, previous } },
      'POST /api/transactions/bulk/revert': { body: { updatedCount: 2, previous: [] } },
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select Tea' }, { timeout: 10_000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Bread' }));
    await user.click(screen.getByRole('button', { name: 'Edit (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 2 transactions' });
    // The dialog's code and its categories come when it first opens.
    await within(dialog).findByRole('option', { name: 'Entertainment' });
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Entertainment');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('2 transactions changed.')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({
      transactionIds: [page1[0]!._id, page2[0]!._id],
      set: { category: 'Entertainment' },
    });
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/transactions/bulk/revert')?.body).toEqual({
      previous,
    });
  });

  it('offers Undo after a delete, which restores from the trash', async () => {
    const tea = makeTransaction({ name: 'Tea' });
    const { calls } = signedIn({
      'GET /api/transactions': { body: makePage([tea]) },
      [`DELETE /api/transactions/${tea._id}`]: { body: { message: 'Transaction deleted.' } },
      'POST /api/transactions/trash/restore': { body: { message: 'ok', restoredCount: 1 } },
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Tea' }, { timeout: 10_000 }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('moved to the Trash');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('1 transaction restored.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/transactions/trash/restore')?.body).toEqual({
      transactionIds: [tea._id],
    });
  });

  it('remembers the rows per page', async () => {
    const user = userEvent.setup();
    signedIn({
      'GET /api/transactions': { body: makePage([makeTransaction({ name: 'Tea' })]) },
    });
    renderApp('/transactions');
    await user.selectOptions(
      await screen.findByLabelText('Rows per page', {}, { timeout: 10_000 }),
      '50',
    );
    expect(window.localStorage.getItem('transactionsPerPage')).toBe('50');
  });
});
