import type { Budget } from '@moneta/shared/budget-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseRowAction } from '@/testing/row-actions';
import { currentMonth, makeBudget, signedIn, openBudgets } from './budgets-fixtures';

describe('budgets that carry on and their month totals', () => {
  it('shows what a rolling budget carried and has available, and the month totals', async () => {
    signedIn({
      'GET /api/budgets': {
        body: [
          makeBudget({
            category: 'Food',
            amount: 100,
            rollover: true,
            carried: -30,
            available: 70,
            spent: 20,
            remaining: 50,
            percent: 29,
          }),
          makeBudget({ category: 'Bills', amount: 900, spent: 900, remaining: 0, percent: 100 }),
        ],
      },
      'GET /api/budgets/summary': {
        body: {
          budgeted: 1000,
          spent: 920,
          available: 970,
          remaining: 50,
          income: 2500,
          unconverted: 0,
        },
      },
    });
    await openBudgets();
    const food = (await screen.findByRole('link', { name: /^Food expenses/ })).closest('tr')!;
    expect(within(food).getByTestId('budget-rollover')).toHaveTextContent(
      '−$30.00 carried · $70.00 available',
    );
    const bills = screen.getByRole('link', { name: /^Bills expenses/ }).closest('tr')!;
    expect(within(bills).queryByTestId('budget-rollover')).toBeNull();
    // Rent paid in full: spent, not overspent.
    expect(within(bills).getByRole('progressbar')).toHaveAttribute('data-color', 'yellow');

    const totals = await screen.findByRole('region', { name: /^Totals for / });
    for (const [label, value] of [
      ['Budgeted', '$1,000.00'],
      ['Spent', '$920.00'],
      ['Available', '$970.00'],
      ['Remaining', '$50.00'],
      ['Income this month', '$2,500.00'],
    ] as const) {
      expect(within(totals).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
  });

  it('saves Roll over with the budget', async () => {
    const { calls } = signedIn({
      'GET /api/budgets': { body: [] },
      'POST /api/budgets': ({ body }) => ({
        status: 201,
        body: makeBudget(body as Partial<Budget>),
      }),
    });
    const { user } = await openBudgets();
    await user.click(screen.getByRole('button', { name: 'Add Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Budget' });
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Food' })).toBeInTheDocument(),
    );
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Food');
    await user.type(within(dialog).getByLabelText('Amount'), '100');
    const rollover = within(dialog).getByRole('checkbox', { name: 'Roll over' });
    expect(rollover).not.toBeChecked();
    await user.click(rollover);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ rollover: true });
  });

  it('saves Repeat every month, marks a repeated budget, and stops its repeat from the month shown', async () => {
    const { year, month } = currentMonth();
    const from = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
    const fromName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, from.month - 1, 1)),
    );
    let budgets = [
      makeBudget({ _id: 'budget-r', category: 'Food', repeat: true, repeatedFrom: from }),
      makeBudget({ _id: 'budget-b', category: 'Bills' }),
    ];
    const { calls } = signedIn({
      'GET /api/budgets': () => ({ body: budgets }),
      'DELETE /api/budgets/budget-r': () => {
        budgets = budgets.filter((budget) => budget._id !== 'budget-r');
        return { body: { message: 'Budget deleted.' } };
      },
      'POST /api/budgets': ({ body }) => ({
        status: 201,
        body: makeBudget(body as Partial<Budget>),
      }),
    });
    const { user } = await openBudgets();
    const food = (await screen.findByRole('link', { name: /^Food expenses/ })).closest('tr')!;
    expect(within(food).getByTestId('budget-repeated')).toHaveTextContent(
      `Repeats from ${fromName} ${from.year}`,
    );
    const bills = screen.getByRole('link', { name: /^Bills expenses/ }).closest('tr')!;
    expect(within(bills).queryByTestId('budget-repeated')).toBeNull();

    // Deleting the repeated row stops the repeat from the month shown.
    await chooseRowAction(user, 'the Food budget', 'Delete');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete budget?' });
    expect(dialog).toHaveTextContent(/will stop repeating from/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    const deleted = calls.find((call) => call.method === 'DELETE')!;
    expect([deleted.query.get('month'), deleted.query.get('year')]).toEqual([
      String(month),
      String(year),
    ]);

    // The switch is saved with a new budget.
    await user.click(screen.getByRole('button', { name: 'Add Budget' }));
    const form = await screen.findByRole('dialog', { name: 'Add Budget' });
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'Shopping' })).toBeInTheDocument(),
    );
    await user.selectOptions(within(form).getByLabelText('Category'), 'Shopping');
    await user.type(within(form).getByLabelText('Amount'), '80');
    const repeat = within(form).getByRole('switch', { name: 'Repeat every month' });
    expect(repeat).not.toBeChecked();
    await user.click(repeat);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      category: 'Shopping',
      amount: 80,
      repeat: true,
    });
  });
});

describe('goals', () => {
  it('shows goals with what is saved, what each month needs, and a goal reached', async () => {
    const goal = (overrides: Record<string, unknown>) => ({
      _id: crypto.randomUUID(),
      name: 'Holiday',
      targetAmount: 1200,
      currency: 'USD',
      targetDate: '2026-12-31',
      accountId: null,
      saved: 300,
      percent: 25,
      monthlyNeeded: 90,
      ...overrides,
    });
    const goals = [
      goal({}),
      goal({ name: 'Bike', targetAmount: 500, saved: 520, percent: 104, monthlyNeeded: 0 }),
    ];
    const { calls } = signedIn({
      'GET /api/budgets': { body: [] },
      'GET /api/goals': () => ({ body: goals }),
      'POST /api/goals': ({ body }) => {
        const created = goal({ ...(body as object), saved: 0, percent: 0, monthlyNeeded: null });
        goals.push(created);
        return { status: 201, body: created };
      },
    });
    const { user } = await openBudgets();
    const holiday = await screen.findByRole('listitem', { name: 'Holiday' });
    expect(holiday).toHaveTextContent('$300.00 of $1,200.00 · by Dec 31, 2026');
    expect(holiday).toHaveTextContent('$90.00 a month to reach it in time');
    expect(within(holiday).getByRole('progressbar', { name: 'Holiday saved' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    const bike = screen.getByRole('listitem', { name: 'Bike' });
    expect(within(bike).getByText('Goal reached')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Goal' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Cushion');
    await user.type(within(dialog).getByLabelText(/^Target amount/), '3000');
    await user.type(within(dialog).getByLabelText(/^Saved so far/), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      calls.find((call) => call.path === '/api/goals' && call.method === 'POST')?.body,
    ).toEqual({
      name: 'Cushion',
      targetAmount: 3000,
      targetDate: null,
      accountId: null,
      saved: 150,
    });
    expect(await screen.findByRole('listitem', { name: 'Cushion' })).toHaveTextContent(
      'No target date',
    );
  });
});
