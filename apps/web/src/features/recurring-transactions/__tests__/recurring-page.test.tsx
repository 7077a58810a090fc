import { todayIn } from '@moneta/shared/calendar-date';
import { RECURRING_MESSAGES, type Recurring } from '@moneta/shared/recurring-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makeAccount, mainAccount } from '@/testing/accounts';
import { chooseRowAction } from '@/testing/row-actions';

const CATEGORIES = ['Food', 'Bills', 'Subscriptions', 'Salary', 'Freelance / Side Gig'];

function makeRule(overrides: Partial<Recurring> = {}): Recurring {
  return {
    _id: crypto.randomUUID(),
    name: 'Rent',
    category: 'Bills',
    amount: 950,
    isIncome: false,
    frequency: 'monthly',
    startDate: '2026-01-10',
    nextDueDate: '2026-03-10',
    accountId: null,
    interval: 1,
    endDate: null,
    note: null,
    isEnded: false,
    ...overrides,
  };
}

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    'GET /api/transactions/categories': { body: CATEGORIES },
    ...handlers,
  });
}

async function openRecurring() {
  const user = userEvent.setup();
  const app = renderApp('/recurring-transactions');
  // The first render of a file also loads the lazy route chunks.
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Recurring Transactions' },
    { timeout: 5000 },
  );
  return { user, app };
}

async function openAddForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add Recurring' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Recurring Transaction' });
  await waitFor(() =>
    expect(within(dialog).getByRole('option', { name: 'Subscriptions' })).toBeInTheDocument(),
  );
  return dialog;
}

describe('recurring transactions page: the list', () => {
  it('lists the rules with signed amounts, types, frequencies and due dates', async () => {
    signedIn({
      'GET /api/recurring': {
        body: [
          makeRule({ name: 'Rent', amount: 950, nextDueDate: '2026-03-10' }),
          makeRule({
            name: 'Salary',
            category: 'Salary',
            amount: 3200.5,
            isIncome: true,
            frequency: 'annually',
            nextDueDate: '2026-12-31',
          }),
        ],
      },
    });
    await openRecurring();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Category', 'Amount', 'Type', 'Frequency', 'Next Due', 'Actions']);

    const rent = within(table).getByRole('row', { name: /Rent/ });
    expect(within(rent).getByText('-$950.00')).toHaveClass('text-red-700');
    expect(within(rent).getByText('Expense')).toBeInTheDocument();
    expect(within(rent).getByText('Monthly')).toBeInTheDocument();
    expect(within(rent).getByText('Mar 10, 2026')).toHaveAttribute('datetime', '2026-03-10');

    const salary = within(table).getByRole('row', { name: /Salary/ });
    expect(within(salary).getByText('+$3,200.50')).toHaveClass('text-emerald-700');
    expect(within(salary).getByText('Income')).toBeInTheDocument();
    expect(within(salary).getByText('Annually')).toBeInTheDocument();
    expect(within(salary).getByText('Dec 31, 2026')).toBeInTheDocument();
  });

  it('says so when there are no rules', async () => {
    signedIn({ 'GET /api/recurring': { body: [] } });
    await openRecurring();
    expect(await screen.findByText('No recurring transactions.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error when the rules cannot be loaded', async () => {
    signedIn({ 'GET /api/recurring': { status: 403, body: { message: 'No', code: 'X' } } });
    await openRecurring();
    expect(
      await screen.findByText('Could not load the recurring transactions. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('recurring transactions page: the form', () => {
  it('reads the amount as typed ("2,95" saves 2.95), and refuses text it cannot read', async () => {
    const { calls } = signedIn({
      'GET /api/recurring': { body: [] },
      'POST /api/recurring/create': ({ body }) => ({
        status: 201,
        body: makeRule({ ...(body as Partial<Recurring>) }),
      }),
    });
    const { user } = await openRecurring();
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Coffee club');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Subscriptions');
    const amount = within(dialog).getByLabelText('Amount');
    await user.type(amount, '2,95,');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(RECURRING_MESSAGES.amountInvalid)).toBeVisible();
    expect(within(dialog).getByText(/The separators are out of place/)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '2,95');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ amount: 2.95 });
  });

  it('shows the messages of the shared schema and sends nothing', async () => {
    const { calls } = signedIn({ 'GET /api/recurring': { body: [] } });
    const { user } = await openRecurring();
    const dialog = await openAddForm(user);
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await user.clear(within(dialog).getByLabelText('Start Date'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(RECURRING_MESSAGES.nameRequired)).toBeVisible();
    expect(within(dialog).getByText(RECURRING_MESSAGES.categoryRequired)).toBeVisible();
    expect(within(dialog).getByText(RECURRING_MESSAGES.amountInvalid)).toBeVisible();
    expect(within(dialog).getByText('Please enter a valid date (YYYY-MM-DD).')).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Amount'), '0');
    await user.type(within(dialog).getByLabelText('Start Date'), '1999-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(RECURRING_MESSAGES.startDateOutOfRange)).toBeVisible();
    expect(within(dialog).getByText(RECURRING_MESSAGES.amountInvalid)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates a rule from today by default and refreshes the transaction queries', async () => {
    const created: Recurring[] = [];
    const { calls } = signedIn({
      'GET /api/recurring': () => ({ body: created }),
      'POST /api/recurring/create': ({ body }) => {
        const rule = makeRule({ ...(body as Partial<Recurring>), nextDueDate: '2026-04-01' });
        created.push(rule);
        return { status: 201, body: rule };
      },
    });
    const { user, app } = await openRecurring();
    await screen.findByText('No recurring transactions.');
    // What the transactions and dashboard screens keep (every key under 'transactions').
    app.queryClient.setQueryData(['transactions', 'list', { page: 1 }], { transactions: [] });
    app.queryClient.setQueryData(['transactions', 'charts'], {});

    const dialog = await openAddForm(user);
    const today = todayIn('Europe/Paris');
    expect(within(dialog).getByLabelText('Start Date')).toHaveValue(today);
    expect(within(dialog).getByLabelText('Frequency')).toHaveValue('monthly');
    expect(
      within(dialog).getByText(/The next due date is computed from the start date and frequency\./),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Side project');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Freelance / Side Gig');
    await user.type(within(dialog).getByLabelText('Amount'), '120.25');
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'weekly');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Income' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Side project',
      category: 'Freelance / Side Gig',
      amount: 120.25,
      isIncome: true,
      frequency: 'weekly',
      startDate: today,
      interval: 1,
      endDate: null,
      accountId: null,
      note: null,
    });
    expect(await screen.findByText('+$120.25')).toBeInTheDocument();
    expect(screen.getByText('Apr 1, 2026')).toBeInTheDocument();
    for (const key of [
      ['transactions', 'list', { page: 1 }],
      ['transactions', 'charts'],
    ]) {
      expect(app.queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    }
    expect(screen.getByRole('button', { name: 'Add Recurring' })).toHaveFocus();
  });
});

describe('recurring transactions page: direction, interval and end', () => {
  it("follows the category's kind for the direction until the user chooses one", async () => {
    const { calls } = signedIn({
      'GET /api/recurring': { body: [] },
      'GET /api/transactions/categories/income': { body: ['Salary', 'Freelance / Side Gig'] },
      'GET /api/transactions/categories/expense': { body: ['Food', 'Bills', 'Subscriptions'] },
      'POST /api/recurring/create': ({ body }) => ({
        status: 201,
        body: makeRule(body as Partial<Recurring>),
      }),
    });
    const { user } = await openRecurring();
    await screen.findByText('No recurring transactions.');
    const dialog = await openAddForm(user);
    const income = within(dialog).getByRole('checkbox', { name: 'Income' });
    const category = within(dialog).getByLabelText('Category');

    await user.selectOptions(category, 'Salary');
    await waitFor(() => expect(income).toBeChecked());
    await user.selectOptions(category, 'Bills');
    await waitFor(() => expect(income).not.toBeChecked());

    // Once the user has ticked it, their choice stays whatever the category.
    await user.click(income);
    await user.selectOptions(category, 'Food');
    expect(income).toBeChecked();

    await user.type(within(dialog).getByLabelText('Name'), 'Refund from shop');
    await user.type(within(dialog).getByLabelText('Amount'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      category: 'Food',
      isIncome: true,
    });
  });

  it('sends the account, every how many periods, the end date and the note, and lists the rule so', async () => {
    const card = makeAccount({ name: 'Visa', type: 'credit' });
    const { calls } = signedIn({
      'GET /api/recurring': () => ({ body: [] }),
      'GET /api/accounts': { body: [mainAccount(), card] },
      'POST /api/recurring/create': ({ body }) => ({
        status: 201,
        body: makeRule({ ...(body as Partial<Recurring>) }),
      }),
    });
    const { user } = await openRecurring();
    await screen.findByText('No recurring transactions.');
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Cleaner');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Bills');
    await user.type(within(dialog).getByLabelText('Amount'), '60');
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'weekly');
    const every = within(dialog).getByLabelText('Every (week)');
    await user.clear(every);
    await user.type(every, '2');
    expect(within(dialog).getByLabelText('Every (weeks)')).toHaveValue('2');
    await user.type(within(dialog).getByLabelText('End Date (optional)'), '2027-06-30');
    await user.selectOptions(within(dialog).getByLabelText('Account'), card._id);
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Tuesdays');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      interval: 2,
      endDate: '2027-06-30',
      accountId: card._id,
      note: 'Tuesdays',
    });
  });

  it('says every how many periods, and when a rule has ended', async () => {
    signedIn({
      'GET /api/recurring': {
        body: [
          makeRule({ name: 'Cleaner', frequency: 'weekly', interval: 2 }),
          makeRule({
            name: 'Old gym',
            endDate: '2026-02-28',
            nextDueDate: '2026-03-10',
            isEnded: true,
          }),
        ],
      },
    });
    await openRecurring();
    expect(await screen.findByText('Every 2 weeks')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Old gym/ })).toHaveTextContent('Ended Feb 28, 2026');
  });

  it.each([
    // Dates and amounts as each locale writes them; "every 2 weeks" as one phrase per language.
    [
      'de-DE' as const,
      'Wiederkehrende Buchungen',
      'Alle 2 Wochen',
      'Beendet am 28.02.2026',
      /-950,00\s\$/,
    ],
    ['ja-JP' as const, '定期取引', '2週間ごと', '2026/02/28に終了', /-\$950\.00/],
  ])('speaks %s, with its dates and amounts', async (locale, title, every, ended, amount) => {
    await changeLocale(locale);
    signedIn({
      'GET /api/recurring': {
        body: [
          makeRule({ name: 'Cleaner', frequency: 'weekly', interval: 2 }),
          makeRule({
            name: 'Old gym',
            endDate: '2026-02-28',
            nextDueDate: '2026-03-10',
            isEnded: true,
          }),
        ],
      },
    });
    renderApp('/recurring-transactions');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(every)).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Old gym/ });
    expect(row).toHaveTextContent(ended);
    expect(row).toHaveTextContent(amount);
  });

  it('refuses an interval it cannot read at the field, and sends nothing', async () => {
    const { calls } = signedIn({ 'GET /api/recurring': { body: [] } });
    const { user } = await openRecurring();
    await screen.findByText('No recurring transactions.');
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Gym');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Bills');
    await user.type(within(dialog).getByLabelText('Amount'), '30');
    const every = within(dialog).getByLabelText('Every (month)');
    await user.clear(every);
    await user.type(every, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Repeat every 1 to 365 days, weeks, months or years.'),
    ).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('recurring transactions page: editing and deleting', () => {
  it('edits a rule with its values filled in', async () => {
    const rule = makeRule({ _id: 'rule-1', name: 'Gym', category: 'Subscriptions', amount: 30 });
    const { calls } = signedIn({
      'GET /api/recurring': { body: [rule] },
      'PUT /api/recurring/rule-1': ({ body }) => ({
        body: { ...rule, ...(body as Partial<Recurring>) },
      }),
    });
    const { user } = await openRecurring();
    await chooseRowAction(user, 'Gym', 'Edit');
    const dialog = screen.getByRole('dialog', { name: 'Edit Recurring Transaction' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Gym');
    expect(within(dialog).getByLabelText('Category')).toHaveValue('Subscriptions');
    expect(within(dialog).getByLabelText('Start Date')).toHaveValue('2026-01-10');
    expect(within(dialog).getByRole('checkbox', { name: 'Income' })).not.toBeChecked();

    const amount = within(dialog).getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '35');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      name: 'Gym',
      amount: 35,
      frequency: 'monthly',
      startDate: '2026-01-10',
    });
  });

  it('toasts and keeps the form open when saving fails', async () => {
    signedIn({
      'GET /api/recurring': { body: [] },
      'POST /api/recurring/create': { status: 500 },
    });
    const { user } = await openRecurring();
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Gym');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Subscriptions');
    await user.type(within(dialog).getByLabelText('Amount'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = 'Could not save the recurring transaction. Please try again.';
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Add Recurring Transaction' })).toBeInTheDocument();
  });

  it('deletes a rule after confirmation', async () => {
    let rules = [makeRule({ _id: 'rule-7', name: 'Rent' })];
    const { calls } = signedIn({
      'GET /api/recurring': () => ({ body: rules }),
      'DELETE /api/recurring/rule-7': () => {
        rules = [];
        return { body: { message: 'Deleted.' } };
      },
    });
    const { user } = await openRecurring();
    await chooseRowAction(user, 'Rent', 'Delete');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete recurring transaction?' });
    expect(dialog).toHaveTextContent('The transactions it already created are kept.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No recurring transactions.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('toasts when a rule cannot be deleted', async () => {
    signedIn({
      'GET /api/recurring': { body: [makeRule({ _id: 'rule-3', name: 'Rent' })] },
      'DELETE /api/recurring/rule-3': { status: 500 },
    });
    const { user } = await openRecurring();
    await chooseRowAction(user, 'Rent', 'Delete');
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('Could not delete the recurring transaction. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Rent' })).toBeInTheDocument();
  });
});

describe('next due dates west of Greenwich', () => {
  const originalZone = process.env.TZ;
  beforeEach(() => {
    // In Los Angeles, new Date('2026-03-01') is the evening of Feb 28.
    process.env.TZ = 'America/Los_Angeles';
  });
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it('shows the calendar date itself, never the day before', async () => {
    expect(new Date('2026-03-01').getDate()).toBe(28);
    signedIn({
      'GET /api/recurring': {
        body: [
          makeRule({ name: 'Rent', nextDueDate: '2026-03-01' }),
          makeRule({ name: 'Insurance', nextDueDate: '2027-01-01' }),
          makeRule({ name: 'Leap', nextDueDate: '2028-02-29' }),
        ],
      },
    });
    await openRecurring();
    expect(await screen.findByText('Mar 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('Jan 1, 2027')).toBeInTheDocument();
    expect(screen.getByText('Feb 29, 2028')).toBeInTheDocument();
    expect(screen.queryByText(/Feb 28|Dec 31/)).toBeNull();
  });
});
