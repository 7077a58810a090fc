import type { Budget } from '@moneta/shared/budget-schemas';
import { todayIn } from '@moneta/shared/calendar-date';
import type { Receipt } from '@moneta/shared/receipt-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makePage, makeTransaction, transactionHandlers } from '@/testing/transactions';
import { chooseRowAction } from '@/testing/row-actions';

type User = ReturnType<typeof userEvent.setup>;

function signedIn(handlers: Parameters<typeof fakeApi>[0]) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    ...transactionHandlers(),
    ...handlers,
  });
}

/** Opens a page through the navigation bar, as a user would. */
async function goTo(user: User, label: string, title: string) {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('link', { name: label }));
  await screen.findByRole('heading', { level: 1, name: title });
}

describe('a change on one page shows on the others at once', () => {
  it("adding an expense moves the budgets' spending", async () => {
    const [year, month] = todayIn('Europe/Paris').split('-').map(Number) as [number, number];
    let spent = 25;
    const budget = (): Budget => ({
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
      spent,
      remaining: 100 - spent,
      percent: spent,
      unconverted: 0,
    });
    signedIn({
      'GET /api/budgets': () => ({ body: [budget()] }),
      'GET /api/transactions': { body: makePage([]) },
      'POST /api/transactions': ({ body }) => {
        spent += 15;
        return { status: 201, body: makeTransaction(body as object) };
      },
    });
    const user = userEvent.setup();
    renderApp('/budgets');
    expect(await screen.findByText('$25.00', {}, { timeout: 5000 })).toBeInTheDocument();

    await goTo(user, 'Transactions', 'Transactions');
    await user.click(screen.getByRole('button', { name: 'Add Transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Expense' });
    await user.type(within(dialog).getByLabelText('Name'), 'Lunch');
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Food' })).toBeInTheDocument(),
    );
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Food');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await goTo(user, 'Budgets', 'Budgets');
    expect(await screen.findByText('$40.00')).toBeInTheDocument();
  });

  it("deleting a receipt's expense shows it as deleted among the receipts", async () => {
    const expense = makeTransaction({ name: 'Coffee Corner Cafe', cost: 8.37, receiptId: 'r1' });
    let isDeleted = false;
    const receipt = (): Receipt => ({
      _id: 'r1',
      fileName: 'coffee.png',
      mimeType: 'image/png',
      sizeBytes: 52_000,
      createdAt: '2026-03-14T18:30:00.000Z',
      fileUrl: '/api/receipts/r1/file?signature=abc',
      imageUrl: '/api/receipts/r1/image?signature=def',
      extractedData: { merchant: expense.name, amount: 8.37, category: 'Food', date: '2026-03-14' },
      confidence: { merchant: 0.9, total: 0.95, date: 0.9, category: 0.8 },
      transactionId: isDeleted ? null : expense._id,
    });
    signedIn({
      'GET /api/receipts': () => ({ body: [receipt()] }),
      'GET /api/transactions': () => ({ body: makePage(isDeleted ? [] : [expense]) }),
      [`DELETE /api/transactions/${expense._id}`]: () => {
        isDeleted = true;
        return { body: { message: 'Transaction deleted.' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/receipts');
    const pastReceipts = await screen.findByRole(
      'region',
      { name: 'Past Receipts' },
      { timeout: 10_000 },
    );
    expect(await within(pastReceipts).findByRole('link', { name: /view expense/i })).toBeVisible();

    await goTo(user, 'Transactions', 'Transactions');
    await chooseRowAction(user, expense.name, 'Delete');
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Transaction deleted.')).toBeInTheDocument();

    await goTo(user, 'Receipts', 'Upload Receipt');
    expect(
      await within(screen.getByRole('region', { name: 'Past Receipts' })).findByText(
        'Expense deleted',
      ),
    ).toBeVisible();
  });
});
