import { BUILT_IN_EXPENSE_CATEGORIES, BUILT_IN_INCOME_CATEGORIES } from '@moneta/shared/categories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { fakeApi, makeUser, type FakeCall } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makePage, transactionHandlers } from '@/testing/transactions';

/** What GET /api/categories answers for these lists (no counts, nothing hidden). */
function managed(expense: readonly string[], income: readonly string[]) {
  const describe = (isIncome: boolean) => (name: string) => ({
    name,
    isIncome,
    isBuiltIn: (isIncome ? BUILT_IN_INCOME_CATEGORIES : BUILT_IN_EXPENSE_CATEGORIES).some(
      (builtIn) => builtIn === name,
    ),
    hidden: false,
    transactionCount: 0,
  });
  return [...expense.map(describe(false)), ...income.map(describe(true))];
}

/** A user with one custom expense category, Pets, until it is deleted. */
function signedInWithPets() {
  let custom = ['Pets'];
  const expense = () => [...BUILT_IN_EXPENSE_CATEGORIES, ...custom];
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    ...transactionHandlers(),
    'GET /api/transactions': { body: makePage([]) },
    'GET /api/transactions/categories/expense': () => ({ body: expense() }),
    'GET /api/transactions/categories': () => ({
      body: [...new Set([...expense(), ...BUILT_IN_INCOME_CATEGORIES])],
    }),
    'GET /api/categories': () => ({ body: managed(expense(), BUILT_IN_INCOME_CATEGORIES) }),
    'DELETE /api/transactions/category': () => {
      custom = [];
      return { body: { message: 'Deleted.', movedCount: 2 } };
    },
    'GET /api/budgets': { body: [] },
    'GET /api/recurring': { body: [] },
  });
}

function fetched(calls: FakeCall[], path: string): number {
  return calls.filter((call) => call.method === 'GET' && call.path === path).length;
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens a page through the navigation bar, as a user would. */
async function goTo(user: User, label: string, title: string) {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('link', { name: label }));
  await screen.findByRole('heading', { level: 1, name: title });
}

/**
 * Opens a form and waits until its Category field offers Pets or not (a list shown from the
 * cache may be refetching); the form is closed again.
 */
async function expectPetsOffered(
  user: User,
  form: { add: string; title: string },
  isOffered: boolean,
) {
  await user.click(screen.getByRole('button', { name: form.add }));
  const dialog = await screen.findByRole('dialog', { name: form.title });
  await waitFor(() => {
    const options = within(dialog)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toContain('Food');
    expect(options.includes('Pets')).toBe(isOffered);
  });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
}

const budgetForm = { add: 'Add Budget', title: 'Add Budget' };
const recurringForm = { add: 'Add Recurring', title: 'Add Recurring Transaction' };

describe('deleting a custom category', () => {
  it('takes it out of every form and refreshes the budgets and recurring rules', async () => {
    const { calls } = signedInWithPets();
    const user = userEvent.setup();
    renderApp('/budgets');
    await screen.findByRole('heading', { level: 1, name: 'Budgets' }, { timeout: 5000 });
    await expectPetsOffered(user, budgetForm, true);
    await goTo(user, 'Recurring Transactions', 'Recurring Transactions');
    await expectPetsOffered(user, recurringForm, true);
    const budgetsFetched = fetched(calls, '/api/budgets');
    const rulesFetched = fetched(calls, '/api/recurring');

    await goTo(user, 'Transactions', 'Transactions');
    await user.click(screen.getByRole('button', { name: 'Manage Categories' }));
    const manage = screen.getByRole('dialog', { name: 'Manage Custom Categories' });
    await user.click(await within(manage).findByRole('button', { name: 'Delete Pets' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('Category "Pets" deleted. 2 transactions moved to Miscellaneous.'),
    ).toBeInTheDocument();
    await user.click(within(manage).getByRole('button', { name: 'Close' }));

    await goTo(user, 'Budgets', 'Budgets');
    await expectPetsOffered(user, budgetForm, false);
    expect(fetched(calls, '/api/budgets')).toBeGreaterThan(budgetsFetched);
    await goTo(user, 'Recurring Transactions', 'Recurring Transactions');
    await expectPetsOffered(user, recurringForm, false);
    expect(fetched(calls, '/api/recurring')).toBeGreaterThan(rulesFetched);
  });
});

describe('adding a category in Manage Categories', () => {
  it('adds it to its kind, lists it, and shows what the server says when it exists', async () => {
    let income: string[] = [...BUILT_IN_INCOME_CATEGORIES];
    window.localStorage.setItem('token', 'jwt-token');
    const { calls } = fakeApi({
      'GET /api/auth/me': { body: makeUser() },
      ...transactionHandlers(),
      'GET /api/transactions': { body: makePage([]) },
      'GET /api/transactions/categories/income': () => ({ body: income }),
      'GET /api/categories': () => ({ body: managed(BUILT_IN_EXPENSE_CATEGORIES, income) }),
      'POST /api/categories': ({ body }) => {
        const { name, isIncome } = body as { name: string; isIncome: boolean };
        if (name === 'Food') {
          return {
            status: 409,
            body: {
              message: '"Food" is a built-in expense category already.',
              code: 'CATEGORY_EXISTS',
            },
          };
        }
        if (isIncome) income = [...income, name];
        return { status: 201, body: { name, isIncome } };
      },
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    await user.click(
      await screen.findByRole('button', { name: 'Manage Categories' }, { timeout: 5000 }),
    );
    const manage = screen.getByRole('dialog', { name: 'Manage Custom Categories' });
    await within(manage).findByText("You haven't added any custom categories yet.");
    const form = within(manage).getByRole('form', { name: 'Add a category' });

    await user.click(within(form).getByRole('button', { name: 'Add Category' }));
    expect(within(form).getByText('Please enter a name for the category.')).toBeVisible();

    await user.type(within(form).getByLabelText('New category'), 'Food');
    await user.click(within(form).getByRole('button', { name: 'Add Category' }));
    expect(
      await within(form).findByText('"Food" is a built-in expense category already.'),
    ).toBeVisible();

    await user.clear(within(form).getByLabelText('New category'));
    await user.type(within(form).getByLabelText('New category'), 'Tutoring');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'income');
    await user.click(within(form).getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category "Tutoring" added.')).toBeInTheDocument();
    expect(await within(manage).findByRole('button', { name: 'Delete Tutoring' })).toBeVisible();
    expect(within(form).getByLabelText('New category')).toHaveValue('');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Food', isIncome: false },
      { name: 'Tutoring', isIncome: true },
    ]);
  });
});

describe('renaming, merging and hiding in Manage Categories', () => {
  it('confirms a merge naming how many transactions move, and hides a built-in', async () => {
    let custom = [
      { name: 'Pets', transactionCount: 12 },
      { name: 'Animals', transactionCount: 3 },
    ];
    let hidden: string[] = [];
    window.localStorage.setItem('token', 'jwt-token');
    const { calls } = fakeApi({
      'GET /api/auth/me': { body: makeUser() },
      ...transactionHandlers(),
      'GET /api/transactions': { body: makePage([]) },
      'GET /api/categories': () => ({
        body: [
          ...managed(BUILT_IN_EXPENSE_CATEGORIES, BUILT_IN_INCOME_CATEGORIES).map((entry) => ({
            ...entry,
            hidden: hidden.includes(entry.name),
          })),
          ...custom.map((entry) => ({
            ...entry,
            isIncome: false,
            isBuiltIn: false,
            hidden: false,
          })),
        ],
      }),
      'PUT /api/categories': ({ body }) => {
        const { from, to } = body as { from: string; to: string };
        const moved = custom.find((entry) => entry.name === from)?.transactionCount ?? 0;
        custom = custom
          .filter((entry) => entry.name !== from)
          .map((entry) =>
            entry.name === to
              ? { ...entry, transactionCount: entry.transactionCount + moved }
              : entry,
          );
        return {
          body: {
            name: to,
            isIncome: false,
            merged: true,
            moved: { transactions: moved, budgets: 1, rules: 0, recurring: 0 },
          },
        };
      },
      'PUT /api/categories/hidden': ({ body }) => {
        const { name, hidden: isHidden } = body as { name: string; hidden: boolean };
        hidden = isHidden ? [...hidden, name] : hidden.filter((entry) => entry !== name);
        return { body: { name, isIncome: false, hidden: isHidden } };
      },
    });
    const user = userEvent.setup();
    renderApp('/transactions');
    await user.click(
      await screen.findByRole('button', { name: 'Manage Categories' }, { timeout: 5000 }),
    );
    const manage = screen.getByRole('dialog', { name: 'Manage Custom Categories' });
    expect(await within(manage).findByText('12 transactions')).toBeVisible();

    await user.click(within(manage).getByRole('button', { name: 'Rename Pets' }));
    const rename = screen.getByRole('dialog', { name: 'Rename or merge "Pets"' });
    await user.type(within(rename).getByLabelText('New name, or a category to merge into'), 'Pets');
    await user.click(within(rename).getByRole('button', { name: 'Continue' }));
    expect(
      within(rename).getByText('A category cannot be merged into itself: choose another name.'),
    ).toBeVisible();
    await user.clear(within(rename).getByLabelText('New name, or a category to merge into'));
    await user.type(
      within(rename).getByLabelText('New name, or a category to merge into'),
      'Animals',
    );
    await user.click(within(rename).getByRole('button', { name: 'Continue' }));
    const confirm = screen.getByRole('dialog', { name: 'Merge "Pets" into "Animals"?' });
    expect(
      within(confirm).getByText(/12 transactions will move from "Pets" to "Animals"/),
    ).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));
    expect(
      await screen.findByText('"Pets" merged into "Animals": 12 transactions moved.'),
    ).toBeInTheDocument();
    expect(await within(manage).findByText('15 transactions')).toBeVisible();

    await user.click(within(manage).getByText('Built-in categories'));
    await user.click(within(manage).getByRole('button', { name: 'Hide Transportation' }));
    expect(
      await screen.findByText('"Transportation" is hidden from the category lists.'),
    ).toBeInTheDocument();
    expect(
      await within(manage).findByRole('button', { name: 'Show Transportation' }),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { from: 'Pets', to: 'Animals', isIncome: false },
      { name: 'Transportation', isIncome: false, hidden: true },
    ]);
  });
});

describe('a built-in category typed in the user language', () => {
  /** A user with one custom expense category, Supermarkt, and the built-in ones. */
  function signedInWithSupermarket() {
    window.localStorage.setItem('token', 'jwt-token');
    return fakeApi({
      'GET /api/auth/me': { body: makeUser() },
      ...transactionHandlers(),
      'GET /api/transactions': { body: makePage([]) },
      'GET /api/categories': () => ({
        body: [
          ...managed(BUILT_IN_EXPENSE_CATEGORIES, BUILT_IN_INCOME_CATEGORIES),
          {
            name: 'Supermarkt',
            isIncome: false,
            isBuiltIn: false,
            hidden: false,
            transactionCount: 4,
          },
        ],
      }),
      'PUT /api/categories': ({ body }) => {
        const { to } = body as { to: string };
        return {
          body: {
            name: to,
            isIncome: false,
            merged: true,
            moved: { transactions: 4, budgets: 0, rules: 0, recurring: 0 },
          },
        };
      },
      'POST /api/categories': ({ body }) => ({ status: 201, body }),
    });
  }

  /** Opens Manage Categories and the rename dialog of Supermarkt, once it is listed. */
  async function openManage(user: User, button: string, title: string, renameButton: string) {
    renderApp('/transactions');
    await user.click(await screen.findByRole('button', { name: button }, { timeout: 5000 }));
    const manage = screen.getByRole('dialog', { name: title });
    await user.click(await within(manage).findByRole('button', { name: renameButton }));
    return manage;
  }

  it('is matched to the stored one in German: merged into, itself, and not added again', async () => {
    await changeLocale('de-DE');
    const { calls } = signedInWithSupermarket();
    const user = userEvent.setup();
    const manage = await openManage(
      user,
      'Kategorien verwalten',
      'Eigene Kategorien verwalten',
      'Umbenennen Supermarkt',
    );
    const rename = screen.getByRole('dialog', {
      name: '„Supermarkt“ umbenennen oder zusammenführen',
    });
    const field = within(rename).getByLabelText(
      'Neuer Name oder eine Kategorie zum Zusammenführen',
    );
    // The names offered are the ones the user reads.
    const offered = [...rename.querySelectorAll('datalist option')].map((option) =>
      option.getAttribute('value'),
    );
    expect(offered).toContain('Lebensmittel');
    expect(offered).not.toContain('Groceries');
    await user.type(field, 'Lebensmittel');
    await user.click(within(rename).getByRole('button', { name: 'Weiter' }));
    const confirm = screen.getByRole('dialog', {
      name: '„Supermarkt“ mit „Lebensmittel“ zusammenführen?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Zusammenführen' }));
    expect(
      await screen.findByText(
        '„Supermarkt“ mit „Lebensmittel“ zusammengeführt: 4 Buchungen verschoben.',
      ),
    ).toBeInTheDocument();

    // A built-in one typed as its own German name is itself.
    await user.click(within(manage).getByText('Vorgegebene Kategorien'));
    await user.click(within(manage).getByRole('button', { name: 'Zusammenführen Essen' }));
    const merge = screen.getByRole('dialog', { name: '„Essen“ zusammenführen' });
    await user.type(
      within(merge).getByLabelText('Zusammenführen mit (einer Ausgabenkategorie)'),
      'Essen',
    );
    await user.click(within(merge).getByRole('button', { name: 'Weiter' }));
    expect(
      within(merge).getByText(
        'Eine Kategorie kann nicht mit sich selbst zusammengeführt werden: Wähle einen anderen Namen.',
      ),
    ).toBeVisible();
    await user.click(within(merge).getByRole('button', { name: 'Abbrechen' }));

    // Adding "Lebensmittel" would make a second Groceries under another name.
    const add = within(manage).getByRole('form', { name: 'Kategorie hinzufügen' });
    await user.type(within(add).getByLabelText('Neue Kategorie'), 'Lebensmittel');
    await user.click(within(add).getByRole('button', { name: 'Kategorie hinzufügen' }));
    expect(await within(add).findByText('Diese Kategorie gibt es bereits.')).toBeVisible();

    expect(
      calls
        .filter((call) => call.method === 'PUT' || call.method === 'POST')
        .map((call) => call.body),
    ).toEqual([{ from: 'Supermarkt', to: 'Groceries', isIncome: false }]);
  });

  it('is matched in Spanish too', async () => {
    await changeLocale('es-ES');
    const { calls } = signedInWithSupermarket();
    const user = userEvent.setup();
    await openManage(
      user,
      'Gestionar categorías',
      'Gestionar categorías propias',
      'Renombrar Supermarkt',
    );
    const rename = screen.getByRole('dialog', { name: 'Renombrar o fusionar «Supermarkt»' });
    await user.type(
      within(rename).getByLabelText('Nuevo nombre, o una categoría con la que fusionar'),
      'Supermercado',
    );
    await user.click(within(rename).getByRole('button', { name: 'Continuar' }));
    const confirm = screen.getByRole('dialog', {
      name: '¿Fusionar «Supermarkt» con «Supermercado»?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Fusionar' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { from: 'Supermarkt', to: 'Groceries', isIncome: false },
      ]),
    );
  });
});
