import { transferInputSchema, ACCOUNT_MESSAGES } from '@moneta/shared/account-schemas';
import { RECURRING_MESSAGES } from '@moneta/shared/recurring-schemas';
import { TRANSACTION_MESSAGES } from '@moneta/shared/transaction-schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runningI18n } from '@/lib/i18n/current';
import { changeLocale } from '@/lib/i18n/i18n';
import { currencyDecimalsIssue } from './currency-decimals';
import { fieldMessage, zodFieldIssue } from './field-message';
import { SCHEMA_MESSAGES, type MessageParams } from './schema-messages';

/** The values as the English text writes them: numbers and dates as they are. */
function plainParams(params: MessageParams | undefined) {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' ? value.date : value,
    ]),
  );
}

const LANGUAGES_BUT_ENGLISH = ['de-DE', 'fr-FR', 'es-ES', 'it-IT', 'ja-JP'] as const;

/** Words spelt alike in English and a translation: de Name, Tag; fr date, type; it file, budget. */
const SHARED_WORDS = new Set([
  'IBAN',
  'Name',
  'date',
  'type',
  'file',
  'budget',
  'Budget',
  'Tag',
  'Tags',
]);

/** Every letter-word of an English text, to look for in a translation. */
const englishWords = (text: string) => text.match(/[A-Za-z]{4,}/g) ?? [];

describe('the messages of the shared schemas', () => {
  it('say, in English, exactly what the schema says', () => {
    const { t } = runningI18n();
    expect(SCHEMA_MESSAGES.size).toBeGreaterThan(40);
    for (const [english, { key, params }] of SCHEMA_MESSAGES) {
      expect(t(`validation:${key}`, plainParams(params)), key).toBe(english);
    }
  });

  it.each(LANGUAGES_BUT_ENGLISH)(
    'have a translation without English words in %s',
    async (locale) => {
      await changeLocale(locale);
      for (const [english] of SCHEMA_MESSAGES) {
        const translated = fieldMessage({ message: english, code: 'custom' });
        expect(translated).not.toBe(english);
        expect(translated).not.toMatch(/\{\{/);
        // Words of the English left in a translation (IBAN and codes aside) would be untranslated.
        const left = englishWords(english).filter(
          (word) => !SHARED_WORDS.has(word) && new RegExp(`\\b${word}\\b`).test(translated),
        );
        expect(left, `${english} → ${translated}`).toEqual([]);
      }
    },
  );
});

describe('fieldMessage', () => {
  it('keeps the English message in English', () => {
    expect(fieldMessage({ message: TRANSACTION_MESSAGES.nameRequired, code: 'too_small' })).toBe(
      TRANSACTION_MESSAGES.nameRequired,
    );
    expect(fieldMessage({ message: 'fromAccountId must be an id.', code: 'invalid_type' })).toBe(
      'fromAccountId must be an id.',
    );
  });

  it('says a known schema text in German, with its values in German formats', async () => {
    await changeLocale('de-DE');
    expect(fieldMessage({ message: ACCOUNT_MESSAGES.sameAccount })).toBe(
      'Wähle zwei verschiedene Konten, zwischen denen du Geld überweist.',
    );
    expect(fieldMessage({ message: RECURRING_MESSAGES.startDateOutOfRange })).toBe(
      'Das Startdatum muss zwischen dem 01.01.2000 und dem 31.12.2100 liegen.',
    );
  });

  it('says a text it does not know by its kind of problem, never in English', async () => {
    await changeLocale('de-DE');
    // The server's own sentence for a field, with its code and limits.
    expect(
      fieldMessage({
        message: 'merchant must be at most 100 characters long.',
        code: 'too_big',
        params: { maximum: 100, origin: 'string', inclusive: true },
      }),
    ).toBe('Gib höchstens 100 Zeichen ein.');
    expect(
      fieldMessage({
        message: 'amount must be at most 1000000.',
        code: 'too_big',
        params: { maximum: 1_000_000, origin: 'number', inclusive: true },
      }),
    ).toBe('Gib 1.000.000 oder weniger ein.');
    expect(
      fieldMessage({
        message: 'category is required.',
        code: 'invalid_type',
        params: { expected: 'string', missing: true },
      }),
    ).toBe('Bitte fülle dieses Feld aus.');
    expect(fieldMessage({ message: 'Something new the server says.' })).toBe(
      'Bitte prüfe diesen Wert.',
    );
    // A key from elsewhere in an answer's params is not followed.
    expect(
      fieldMessage({ message: 'Odd.', code: 'custom', params: { messageKey: 'errors:INTERNAL' } }),
    ).toBe('Bitte prüfe diesen Wert.');
    await changeLocale('ja-JP');
    expect(
      fieldMessage({
        message: 'tags must have at most 10 items.',
        code: 'too_big',
        params: { maximum: 10, origin: 'array' },
      }),
    ).toBe('10個以内で指定してください。');
  });

  it('says a zod issue of a shared schema in French', async () => {
    await changeLocale('fr-FR');
    const parsed = transferInputSchema.safeParse({
      fromAccountId: 'a',
      toAccountId: 'a',
      amount: 0,
      date: '2026-02-30',
      note: 'x'.repeat(501),
    });
    expect(parsed.success).toBe(false);
    const said = Object.fromEntries(
      (parsed.error?.issues ?? []).map((issue) => [
        issue.path.join('.'),
        fieldMessage(zodFieldIssue(issue)),
      ]),
    );
    expect(said).toEqual({
      amount: 'Veuillez saisir un montant valide supérieur à 0.',
      date: 'Veuillez saisir une date valide.',
      note: 'La note doit comporter au plus 500 caractères.',
    });
    // The refinement of the two accounts runs once the fields are valid.
    const same = transferInputSchema.safeParse({
      fromAccountId: 'a',
      toAccountId: 'a',
      amount: 5,
      date: '2026-02-27',
    });
    expect(fieldMessage(zodFieldIssue(same.error!.issues[0]!))).toBe(
      'Choisissez deux comptes différents entre lesquels transférer de l’argent.',
    );
  });

  it('says a zod default message by its code', async () => {
    await changeLocale('es-ES');
    const issue = z.string().max(3).safeParse('abcd').error!.issues[0]!;
    expect(issue.message).toMatch(/^Too big/);
    expect(fieldMessage(zodFieldIssue(issue))).toBe('Escribe como máximo 3 caracteres.');
  });

  it("says a currency's decimals in the user's language, and in English as the shared rule", async () => {
    expect(fieldMessage(currencyDecimalsIssue(12.5, 'JPY')!)).toBe('JPY amounts have no decimals.');
    expect(currencyDecimalsIssue(12.5, 'EUR')).toBeUndefined();
    await changeLocale('de-DE');
    expect(fieldMessage(currencyDecimalsIssue(12.5, 'JPY')!)).toBe(
      'Beträge in JPY haben keine Nachkommastellen.',
    );
    expect(fieldMessage(currencyDecimalsIssue(1.2345, 'KWD')!)).toBe(
      'Beträge in KWD haben höchstens 3 Nachkommastellen.',
    );
  });
});
