import type { Account } from '@moneta/shared/account-schemas';
import { ACCOUNT_MESSAGES } from '@moneta/shared/account-schemas';
import { TRANSACTION_MESSAGES } from '@moneta/shared/transaction-schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { makeAccount } from '@/testing/accounts';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { MAIN_ACCOUNT_ID } from '@/testing/transactions';

const main = makeAccount({ _id: MAIN_ACCOUNT_ID, balance: 500 });
const yen: Account = makeAccount({ name: 'Yen wallet', type: 'cash', currency: 'JPY' });

function signedIn() {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    'GET /api/accounts': { body: [main, yen] },
    'GET /api/transactions/categories/expense': { body: ['Food'] },
  });
}

/** The transfer dialog of the accounts page, in the language the test switched to. */
async function openTransfer(buttonName: string, dialogName: string, submitName: string) {
  const user = userEvent.setup();
  renderApp('/accounts');
  await user.click(await screen.findByRole('button', { name: buttonName }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  // The form appears once the accounts are known.
  const submit = await within(dialog).findByRole('button', { name: submitName });
  return { user, dialog, submit };
}

/** The shared schema's English, which no other language may show. */
const ENGLISH = [
  ACCOUNT_MESSAGES.transferAmountInvalid,
  TRANSACTION_MESSAGES.dateInvalid,
  ACCOUNT_MESSAGES.sameAccount,
  'JPY amounts have no decimals.',
];

function expectNoEnglish(dialog: HTMLElement) {
  for (const english of ENGLISH) expect(dialog).not.toHaveTextContent(english);
}

describe('the transfer form in the user language', () => {
  it('says what is wrong with each field in German, and sends nothing', async () => {
    await changeLocale('de-DE');
    const { calls } = signedIn();
    const { user, dialog, submit } = await openTransfer(
      'Überweisung',
      'Überweisung zwischen Konten',
      'Überweisung speichern',
    );
    await user.clear(within(dialog).getByLabelText('Datum'));
    await user.click(submit);

    const amount = within(dialog).getByLabelText(/^Betrag/);
    expect(amount).toHaveAccessibleDescription('Bitte gib einen gültigen Betrag größer als 0 ein.');
    expect(within(dialog).getByLabelText('Datum')).toHaveAccessibleDescription(
      'Bitte gib ein gültiges Datum ein.',
    );
    expectNoEnglish(dialog);

    // Both accounts the same: the rule of the pair, at "An".
    await user.type(amount, '12,50');
    await user.type(within(dialog).getByLabelText('Datum'), '2026-03-01');
    await user.selectOptions(within(dialog).getByLabelText('An'), main._id);
    await user.click(submit);
    expect(await within(dialog).findByText(/Wähle zwei verschiedene Konten/)).toHaveTextContent(
      'Wähle zwei verschiedene Konten, zwischen denen du Geld überweist.',
    );
    expectNoEnglish(dialog);

    // Into the yen account: what arrived has no decimals (the currency's rule, said in German).
    await user.selectOptions(within(dialog).getByLabelText('An'), yen._id);
    await user.type(within(dialog).getByLabelText(/^Erhalten \(JPY\)/), '1234,5');
    await user.click(submit);
    expect(
      await within(dialog).findByText('Beträge in JPY haben keine Nachkommastellen.'),
    ).toBeVisible();
    expectNoEnglish(dialog);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says the same in French', async () => {
    await changeLocale('fr-FR');
    signedIn();
    const { user, dialog, submit } = await openTransfer(
      'Virement',
      'Virement entre comptes',
      'Enregistrer le virement',
    );
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.click(submit);
    expect(within(dialog).getByLabelText(/^Montant/)).toHaveAccessibleDescription(
      'Veuillez saisir un montant valide supérieur à 0.',
    );
    expect(within(dialog).getByLabelText('Date')).toHaveAccessibleDescription(
      'Veuillez saisir une date valide.',
    );
    expectNoEnglish(dialog);
  });

  it('keeps the original English in English', async () => {
    signedIn();
    const { user, dialog, submit } = await openTransfer(
      'Transfer',
      'Transfer Between Accounts',
      'Save Transfer',
    );
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.click(submit);
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.transferAmountInvalid,
    );
    expect(within(dialog).getByLabelText('Date')).toHaveAccessibleDescription(
      TRANSACTION_MESSAGES.dateInvalid,
    );
  });
});
