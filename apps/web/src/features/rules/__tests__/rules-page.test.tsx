import type { Rule } from '@moneta/shared/rule-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { fakeApi, makeUser, type FakeCall } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

function makeRule(position: number, overrides: Partial<Rule> = {}): Rule {
  return {
    _id: `0190a1b2-0000-7000-8000-00000000r00${position}`,
    field: 'name',
    operator: 'contains',
    value: `shop ${position}`,
    isIncome: false,
    category: 'Food',
    rename: null,
    transferAccountId: null,
    position,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

const rewe = makeRule(1, { value: 'rewe', category: 'Groceries', rename: 'REWE' });
const bahn = makeRule(2, { value: 'bahn', operator: 'startsWith', category: 'Transportation' });
const salary = makeRule(3, {
  field: 'note',
  operator: 'equals',
  value: 'Gehalt',
  isIncome: true,
  category: 'Salary',
});

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    'GET /api/rules': { body: [rewe, bahn, salary] },
    'GET /api/transactions/categories/expense': { body: ['Food', 'Groceries', 'Transportation'] },
    'GET /api/transactions/categories/income': { body: ['Salary'] },
    'GET /api/transactions/categories': { body: ['Food', 'Groceries', 'Salary'] },
    ...handlers,
  });
}

const callsOf = (calls: FakeCall[], method: string) =>
  calls.filter((call) => call.method === method && call.path.startsWith('/api/rules'));

describe('rules page', () => {
  it('lists the rules in the order they are tried, in words', async () => {
    signedIn();
    renderApp('/rules');
    const list = await screen.findByRole('list', { name: 'Rules, in the order they are tried' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Rule 1: Name contains "rewe" → Groceries',
      'Rule 2: Name starts with "bahn" → Transportation',
      'Rule 3: Note is "Gehalt" → Salary',
    ]);
    expect(items[0]).toHaveTextContent('Expenses only · renamed to "REWE"');
    expect(items[2]).toHaveTextContent('Income only');
    expect(within(items[0]!).getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();
    expect(within(items[2]!).getByRole('button', { name: 'Move rule 3 down' })).toBeDisabled();
  });

  it.each([
    // Each field and operator is one phrase per language, in that language's word order.
    [
      'de-DE' as const,
      'Regeln in der Reihenfolge, in der sie geprüft werden',
      [
        'Regel 1: Name enthält „rewe“ → Lebensmittel',
        'Regel 2: Name beginnt mit „bahn“ → Mobilität',
        'Regel 3: Notiz ist „Gehalt“ → Gehalt',
      ],
    ],
    [
      'ja-JP' as const,
      'ルール（確認される順）',
      [
        'ルール1：名前が「rewe」を含む → 食料品',
        'ルール2：名前が「bahn」で始まる → 交通費',
        'ルール3：メモが「Gehalt」と一致する → 給与',
      ],
    ],
  ])('lists the rules in words in %s', async (locale, listName, labels) => {
    await changeLocale(locale);
    signedIn();
    renderApp('/rules');
    const list = await screen.findByRole('list', { name: listName });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(labels);
  });

  it('links the note about imports to the import page, by its words', async () => {
    signedIn();
    renderApp('/rules');
    const link = await screen.findByRole('link', { name: 'import' });
    expect(link.getAttribute('href')).toBe('/import');
  });

  it('moves a rule up by keyboard, keeping the focus on it', async () => {
    let stored = [rewe, bahn, salary];
    const { calls } = signedIn({
      'GET /api/rules': () => ({ body: stored }),
      [`PUT /api/rules/${bahn._id}`]: ({ body }) => {
        stored = [
          { ...bahn, position: 1 },
          { ...rewe, position: 2 },
          { ...salary, position: 3 },
        ];
        return { body: { ...bahn, ...(body as object) } };
      },
    });
    const user = userEvent.setup();
    renderApp('/rules');
    const list = await screen.findByRole('list', { name: 'Rules, in the order they are tried' });
    within(list).getByRole('button', { name: 'Move rule 2 up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveAccessibleName(
        'Rule 1: Name starts with "bahn" → Transportation',
      ),
    );
    expect(callsOf(calls, 'PUT')[0]?.body).toEqual({
      field: 'name',
      operator: 'startsWith',
      value: 'bahn',
      isIncome: false,
      category: 'Transportation',
      rename: null,
      position: 1,
    });
    // At the top now: its up button is disabled, so its down button has the focus.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Move rule 1 down'));
  });

  it('adds a rule for both kinds with a new name', async () => {
    const { calls } = signedIn({
      'POST /api/rules': ({ body }) => ({ status: 201, body: makeRule(4, body as Partial<Rule>) }),
    });
    const user = userEvent.setup();
    renderApp('/rules');
    await user.click(await screen.findByRole('button', { name: 'Add Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rule' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    expect(
      await within(dialog).findByText('Please enter the text the rule looks for.'),
    ).toBeVisible();

    await user.type(within(dialog).getByLabelText('Text'), 'Café');
    await user.selectOptions(within(dialog).getByLabelText('For'), 'both');
    await user.selectOptions(await within(dialog).findByLabelText('Set the category to'), 'Food');
    await user.type(within(dialog).getByLabelText('Rename to (optional)'), 'Coffee');
    await user.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    await waitFor(() => expect(callsOf(calls, 'POST')).toHaveLength(1));
    expect(callsOf(calls, 'POST')[0]?.body).toEqual({
      field: 'name',
      operator: 'contains',
      value: 'Café',
      isIncome: null,
      category: 'Food',
      rename: 'Coffee',
      transferAccountId: null,
    });
    expect(await screen.findByText('Rule added.')).toBeInTheDocument();
  });

  it('applies a rule to existing transactions and says how many changed', async () => {
    signedIn({ [`POST /api/rules/${rewe._id}/apply`]: { body: { updated: 4 } } });
    const user = userEvent.setup();
    renderApp('/rules');
    const list = await screen.findByRole('list', { name: 'Rules, in the order they are tried' });
    await user.click(within(list).getByRole('button', { name: 'Apply rule 1' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Apply to existing transactions?',
    });
    expect(dialog).toHaveTextContent('the category "Groceries" and the name "REWE"');
    await user.click(
      within(dialog).getByRole('button', { name: 'Apply to existing transactions' }),
    );
    expect(await within(list).findByText('Applied: 4 transactions updated.')).toBeInTheDocument();
  });

  it('says what rules do when there are none', async () => {
    signedIn({ 'GET /api/rules': { body: [] } });
    renderApp('/rules');
    expect(await screen.findByText('No rules yet.')).toBeInTheDocument();
  });
});
