import { BUDGET_MESSAGES, type Budget } from '@moneta/shared/budget-schemas';
import { todayIn } from '@moneta/shared/calendar-date';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { chooseRowAction } from '@/testing/row-actions';

const EXPENSE_CATEGORIES = ['Food', 'Shopping', 'Bills', 'Groceries'];

/** The month containing today for the test user (Europe/Paris). */
function currentMonth() {
  const [year, month] = todayIn('Europe/Paris').split('-').map(Number) as [number, number];
  return { year, month };
}

function makeBudget(overrides: Partial<Budget> = {}): Budget {
  const { year, month } = currentMonth();
  return {
    _id: crypto.randomUUID(),
    category: 'Food',
    amount: 100,
    month,
    year,
    rollover: false,
    repeat: false,
    repeatedFrom: null,
    carried: 0,
    available: overrides.amount ?? 100,
    spent: 25,
    remaining: 75,
    percent: 25,
    unconverted: 0,
    ...overrides,
  };
}

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    'GET /api/transactions/categories/expense': { body: EXPENSE_CATEGORIES },
    'GET /api/budgets/summary': {
      body: { budgeted: 0, spent: 0, available: 0, remaining: 0, income: 0, unconverted: 0 },
    },
    'GET /api/goals': { body: [] },
    'GET /api/accounts': { body: [] },
    ...handlers,
  });
}

async function openBudgets() {
  const user = userEvent.setup();
  const app = renderApp('/budgets');
  // The first render of a file also loads the lazy route chunks.
  await screen.findByRole('heading', { level: 1, name: 'Budgets' }, { timeout: 5000 });
  return { user, app };
}

function requestedUrls(fetchMock: ReturnType<typeof fakeApi>['fetchMock']): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input));
}

describe('budgets page', () => {
  it('shows the budgets of the current month in the table', async () => {
    const { fetchMock } = signedIn({
      'GET /api/budgets': {
        body: [
          makeBudget({ category: 'Food', amount: 200, spent: 50.5, remaining: 149.5, percent: 25 }),
        ],
      },
    });
    await openBudgets();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Category',
      'Month',
      'Budget',
      'Spent',
      'Remaining',
      'Progress',
      'Actions',
    ]);
    const { year, month } = currentMonth();
    const [, row] = within(table).getAllByRole('row');
    if (!row) throw new Error('No budget row');
    expect(within(row).getByRole('link', { name: /^Food expenses in / })).toHaveAttribute(
      'href',
      expect.stringContaining('/transactions?type=expense&category=Food&from='),
    );
    expect(within(row).getByText(`${month}/${year}`)).toBeInTheDocument();
    expect(within(row).getByText('$200.00')).toBeInTheDocument();
    expect(within(row).getByText('$50.50')).toBeInTheDocument();
    expect(within(row).getByText('$149.50')).toBeInTheDocument();
    expect(within(row).getByText('25%')).toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toContain(`/api/budgets?month=${month}&year=${year}`);
  });

  it.each([
    // The month's name, amounts and percents as each locale writes them.
    ['de-DE' as const, 'Budgets für März 2026', 'Kategorie', /^1\.234,50\s\$$/, /^25\s%$/],
    ['ja-JP' as const, '2026年3月の予算', 'カテゴリ', /^\$1,234\.50$/, /^25%$/],
  ])('shows a month of budgets in %s', async (locale, caption, header, amount, percent) => {
    await changeLocale(locale);
    signedIn({
      'GET /api/budgets': {
        body: [makeBudget({ amount: 1234.5, month: 3, year: 2026, percent: 25 })],
      },
    });
    renderApp('/budgets?month=2026-03');
    const table = await screen.findByRole('table', { name: caption }, { timeout: 5000 });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent(header);
    const [, row] = within(table).getAllByRole('row');
    if (!row) throw new Error('No budget row');
    expect(within(row).getByText(amount)).toBeInTheDocument();
    expect(within(row).getByText(percent)).toBeInTheDocument();
  });

  it('says so when the month has no budgets', async () => {
    signedIn({ 'GET /api/budgets': { body: [] } });
    await openBudgets();
    expect(await screen.findByText('No budgets found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error with a retry when the budgets cannot be loaded', async () => {
    let attempts = 0;
    signedIn({
      'GET /api/budgets': () => {
        attempts += 1;
        return attempts <= 3 ? { status: 400, body: { message: 'Bad', code: 'X' } } : { body: [] };
      },
    });
    const { user } = await openBudgets();
    expect(await screen.findByText('Could not load the budgets. Please try again.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(attempts).toBeGreaterThan(1));
  });

  it('moves between months and asks the server for the month shown', async () => {
    const { fetchMock } = signedIn({ 'GET /api/budgets': { body: [] } });
    const { user } = await openBudgets();
    await screen.findByText('No budgets found.');
    const { year, month } = currentMonth();
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() =>
      expect(requestedUrls(fetchMock)).toContain(
        `/api/budgets?month=${previous.month}&year=${previous.year}`,
      ),
    );
    expect(screen.getByLabelText('Month shown')).toHaveValue(
      `${previous.year}-${String(previous.month).padStart(2, '0')}`,
    );

    // Two clicks before the page has re-rendered still go back two months.
    const monthBefore = (shown: { year: number; month: number }) =>
      shown.month === 1
        ? { year: shown.year - 1, month: 12 }
        : { year: shown.year, month: shown.month - 1 };
    const threeBefore = monthBefore(monthBefore(previous));
    const previousButton = screen.getByRole('button', { name: 'Previous month' });
    act(() => {
      previousButton.click();
      previousButton.click();
    });
    expect(screen.getByLabelText('Month shown')).toHaveValue(
      `${threeBefore.year}-${String(threeBefore.month).padStart(2, '0')}`,
    );

    await user.click(screen.getByRole('button', { name: 'This month' }));
    expect(screen.getByLabelText('Month shown')).toHaveValue(
      `${year}-${String(month).padStart(2, '0')}`,
    );

    fireEvent.change(screen.getByLabelText('Month shown'), { target: { value: '2024-02' } });
    await waitFor(() =>
      expect(requestedUrls(fetchMock)).toContain('/api/budgets?month=2&year=2024'),
    );
  });

  it.each([
    [0, 'green'],
    [79, 'green'],
    [80, 'yellow'],
    [99, 'yellow'],
    // Exactly all of it spent (Rent of 900 with 900 paid) is "spent", not overspent.
    [100, 'yellow'],
    [150, 'red'],
  ] as const)('colours a bar at %i percent %s', async (percent, color) => {
    signedIn({
      'GET /api/budgets': {
        body: [
          makeBudget({
            category: 'Bills',
            amount: 100,
            spent: percent,
            remaining: 100 - percent,
            percent,
          }),
        ],
      },
    });
    await openBudgets();
    const bar = await screen.findByRole('progressbar', { name: 'Bills budget used' });
    expect(bar).toHaveAttribute('aria-valuenow', String(percent));
    expect(bar).toHaveAttribute('data-color', color);
    const fill = within(bar).getByTestId('budget-progress-fill');
    const fillClass = { green: 'bg-emerald-600', yellow: 'bg-amber-500', red: 'bg-red-600' }[color];
    expect(fill).toHaveClass(fillClass);
    // The bar never grows past its track.
    expect(fill.style.width).toBe(`${Math.min(percent, 100)}%`);
    expect(screen.getByText(`${percent}%`)).toBeInTheDocument();
  });

  it('shows an overspent remaining amount in red', async () => {
    signedIn({
      'GET /api/budgets': {
        body: [makeBudget({ amount: 50, spent: 80, remaining: -30, percent: 160 })],
      },
    });
    await openBudgets();
    const remaining = await screen.findByText('-$30.00');
    expect(remaining).toHaveAttribute('data-negative', 'true');
    expect(remaining).toHaveClass('text-red-700');
  });

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

    const dialog = screen.getByRole('dialog', { name: 'Add Budget' });
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
    const dialog = screen.getByRole('dialog', { name: 'Add Budget' });
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
    const dialog = screen.getByRole('dialog', { name: 'Add Budget' });
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
    const dialog = screen.getByRole('dialog', { name: 'Add Budget' });
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

    const dialog = screen.getByRole('dialog', { name: 'Edit Budget' });
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
    const dialog = screen.getByRole('dialog', { name: 'Edit Budget' });
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

describe('budgets that carry on, totals and goals', () => {
  it('copies last month onto an empty month', async () => {
    let copied: Budget[] = [];
    const { calls } = signedIn({
      'GET /api/budgets': () => ({ body: copied }),
      'POST /api/budgets/copy': () => {
        copied = [makeBudget({ category: 'Bills', amount: 900 })];
        return { status: 201, body: { created: 1 } };
      },
    });
    const { user } = await openBudgets();
    await screen.findByText('No budgets found.');
    const { year, month } = currentMonth();
    expect(screen.getByText(/^There are no budgets for .* yet\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy last month' }));

    expect(await screen.findByText('$900.00')).toBeInTheDocument();
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
    expect(calls.find((call) => call.path === '/api/budgets/copy')?.body).toEqual({
      fromMonth: previous.month,
      fromYear: previous.year,
      toMonth: month,
      toYear: year,
    });
    expect(await screen.findByText(/^Copied 1 budget from /)).toBeInTheDocument();
  });

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

  it("opens a row's expenses of the month on the Transactions page", async () => {
    signedIn({
      'GET /api/budgets': { body: [makeBudget({ category: 'Groceries', month: 2, year: 2024 })] },
      'GET /api/transactions': {
        body: { transactions: [], totalPages: 1, currentPage: 1, total: 0 },
      },
    });
    const { user } = await openBudgets();
    const link = await screen.findByRole('link', { name: /^Groceries expenses in/ });
    expect(link).toHaveAttribute(
      'href',
      '/transactions?type=expense&category=Groceries&from=2024-02-01&to=2024-02-29',
    );
    await user.click(within(link.closest('tr')!).getByText('$25.00'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 5000 }),
    ).toBeInTheDocument();
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
    const dialog = screen.getByRole('dialog', { name: 'Add Budget' });
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
    const form = screen.getByRole('dialog', { name: 'Add Budget' });
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
    const dialog = screen.getByRole('dialog', { name: 'Add Goal' });
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
