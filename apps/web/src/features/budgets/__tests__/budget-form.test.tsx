import { BUDGET_MESSAGES, type Budget } from '@moneta/shared/budget-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseRowAction } from '@/testing/row-actions';
import {
  EXPENSE_CATEGORIES,
  currentMonth,
  makeBudget,
  signedIn,
  openBudgets,
} from './budgets-fixtures';

describe('adding a budget', () => {
  it('adds a budget for the month shown, clamping the month to 1–12', async () => {
    const created: Budget[] = [];
    const { calls } = signedIn({
      'GET /api/budgets': () => ({ body: created }),
      'POST /api/budgets': ({ body }) => {
        const budget = makeBudget({ ...(body as Partial<Budget>), spent: 0, percent: 0 });
        created.push(budget);
        return { status: 201, body: budget };
      },
    });
    const { user } = await openBudgets();
    await screen.findByText('No budgets found.');
    const addButton = screen.getByRole('button', { name: 'Add Budget' });
    await user.click(addButton);

    const dialog = await screen.findByRole('dialog', { name: 'Add Budget' });
    const { year, month } = currentMonth();
    const monthField = within(dialog).getByLabelText('Month');
    expect(monthField).toHaveValue(month);
    expect(within(dialog).getByLabelText('Year')).toHaveValue(year);
    const category = within(dialog).getByLabelText('Category');
    expect(category).toHaveFocus();
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Groceries' })).toBeInTheDocument(),
    );

    await user.clear(monthField);
    await user.type(monthField, '15');
    await user.tab();
    expect(monthField).toHaveValue(12);

    await user.clear(monthField);
    await user.type(monthField, '0');
    await user.tab();
    expect(monthField).toHaveValue(1);

    // Clamped on submit too, without leaving the field.
    await user.clear(monthField);
    await user.type(monthField, '-4');
    await user.selectOptions(category, 'Groceries');
    await user.type(within(dialog).getByLabelText('Amount'), '250.5');
    await user.click(monthField);
    await user.type(monthField, '{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      category: 'Groceries',
      amount: 250.5,
      month: 1,
      year,
      rollover: false,
      repeat: false,
    });
    expect(addButton).toHaveFocus();
  });

  it('reads the amount as typed ("2,95" saves 2.95), and refuses text it cannot read', async () => {
    const { calls } = signedIn({
      'GET /api/budgets': { body: [] },
      'POST /api/budgets': ({ body }) => ({
        status: 201,
        body: { _id: 'b1', spent: 0, remaining: 0, percent: 0, ...(body as object) },
      }),
    });
    const { user } = await openBudgets();
    await user.click(screen.getByRole('button', { name: 'Add Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Budget' });
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: EXPENSE_CATEGORIES[0] })).toBeTruthy(),
    );
    await user.selectOptions(within(dialog).getByLabelText('Category'), EXPENSE_CATEGORIES[0]!);
    const amount = within(dialog).getByLabelText('Amount');
    await user.type(amount, 'ten');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(BUDGET_MESSAGES.amountInvalid)).toBeVisible();
    expect(within(dialog).getByText(/Use only digits and separators/)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '2,95');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ amount: 2.95 });
  });

  it('shows the validation messages of the shared schema and sends nothing', async () => {
    const { calls } = signedIn({ 'GET /api/budgets': { body: [] } });
    const { user } = await openBudgets();
    await user.click(screen.getByRole('button', { name: 'Add Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Budget' });
    await user.clear(within(dialog).getByLabelText('Year'));
    await user.type(within(dialog).getByLabelText('Year'), '1999');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(BUDGET_MESSAGES.categoryRequired)).toBeVisible();
    expect(within(dialog).getByText(BUDGET_MESSAGES.amountInvalid)).toBeVisible();
    expect(within(dialog).getByText(BUDGET_MESSAGES.yearInvalid)).toBeVisible();
    expect(within(dialog).getByLabelText('Year')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's duplicate message in the dialog and as a toast", async () => {
    const message = 'A budget for Food in 3/2026 already exists.';
    signedIn({
      'GET /api/budgets': { body: [] },
      'POST /api/budgets': { status: 409, body: { message, code: 'CONFLICT' } },
    });
    const { user } = await openBudgets();
    await user.click(screen.getByRole('button', { name: 'Add Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Budget' });
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Food' })).toBeInTheDocument(),
    );
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Food');
    await user.type(within(dialog).getByLabelText('Amount'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Add Budget' })).toBeInTheDocument();
  });
});

describe('editing and deleting a budget', () => {
  it('opens the Edit Budget dialog from the row menu and saves it', async () => {
    const budget = makeBudget({ _id: 'budget-1', category: 'Shopping', amount: 80 });
    const { calls } = signedIn({
      'GET /api/budgets': { body: [budget] },
      'PUT /api/budgets/budget-1': ({ body }) => ({
        body: { ...budget, ...(body as Partial<Budget>) },
      }),
    });
    const { user } = await openBudgets();
    await chooseRowAction(user, 'the Shopping budget', 'Edit');

    const dialog = await screen.findByRole('dialog', { name: 'Edit Budget' });
    expect(within(dialog).getByLabelText('Category')).toHaveValue('Shopping');
    const amount = within(dialog).getByLabelText('Amount');
    expect(amount).toHaveValue('80');
    await user.clear(amount);
    await user.type(amount, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      category: 'Shopping',
      amount: 120,
      month: budget.month,
      year: budget.year,
      rollover: false,
      repeat: false,
    });
  });

  it('closes the dialog with Escape and gives focus back', async () => {
    signedIn({ 'GET /api/budgets': { body: [makeBudget({ category: 'Food' })] } });
    const { user } = await openBudgets();
    await chooseRowAction(user, 'the Food budget', 'Edit');
    const edit = screen.getByRole('button', { name: 'Actions for the Food budget' });
    expect(screen.getByRole('dialog', { name: 'Edit Budget' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(edit).toHaveFocus();
  });

  it('focuses the first field, and asks before Escape discards what was typed', async () => {
    signedIn({ 'GET /api/budgets': { body: [makeBudget({ category: 'Food' })] } });
    const { user } = await openBudgets();
    await chooseRowAction(user, 'the Food budget', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Budget' });
    expect(within(dialog).getByLabelText('Category')).toHaveFocus();
    const amount = within(dialog).getByLabelText(/Amount/);
    await user.clear(amount);
    await user.type(amount, '75');

    await user.keyboard('{Escape}');
    const ask = screen.getByRole('alertdialog', { name: 'Discard your changes?' });
    expect(within(ask).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(amount).toHaveValue('75');

    await user.keyboard('{Escape}');
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes a budget after confirmation', async () => {
    let budgets = [makeBudget({ _id: 'budget-9', category: 'Food' })];
    const { calls } = signedIn({
      'GET /api/budgets': () => ({ body: budgets }),
      'DELETE /api/budgets/budget-9': () => {
        budgets = [];
        return { body: { message: 'Budget deleted.' } };
      },
    });
    const { user } = await openBudgets();
    await chooseRowAction(user, 'the Food budget', 'Delete');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete budget?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('No budgets found.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.getByRole('button', { name: 'Add Budget' })).toHaveFocus();
  });

  it('toasts when a budget cannot be deleted and keeps the row', async () => {
    signedIn({
      'GET /api/budgets': { body: [makeBudget({ _id: 'budget-5', category: 'Food' })] },
      'DELETE /api/budgets/budget-5': { status: 500 },
    });
    const { user } = await openBudgets();
    await chooseRowAction(user, 'the Food budget', 'Delete');
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('Could not delete the budget. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Food expenses in / })).toBeInTheDocument();
  });
});
