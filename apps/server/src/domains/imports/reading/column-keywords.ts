/**
 * Column titles as the CSV detector reads them: keywords banks use for each role, in several
 * languages. Titles are one vote among others (csv-mapping.ts): what a column holds decides
 * when its title misleads.
 */

/** A header cell as keywords compare it: lower case, no accents, letters and digits only. */
export function keyOf(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Words banks put in their column titles (English, German, French, Dutch, Spanish, Italian,
 * Czech, Polish, Hungarian), best first. A title matches a word it equals, or contains when the word is long enough
 * not to hide inside others.
 */
const KEYWORDS = {
  date: [
    'buchungstag',
    'buchungsdatum',
    'buchung',
    'bookingdate',
    'transactiondate',
    'postingdate',
    'posteddate',
    'date',
    'datum',
    'dateoperation',
    'datedoperation',
    'fecha',
    'data',
    'transdate',
    'fechaoperacion',
  ],
  valueDate: ['valuedate', 'valuta', 'wertstellung', 'valutadatum', 'datevaleur', 'fechavalor'],
  amount: [
    'amount',
    'betrag',
    'montant',
    'importe',
    'bedrag',
    'importo',
    'umsatz',
    'value',
    'sum',
    'valor',
    'castka',
    'kwota',
    'objem',
    'osszeg',
  ],
  debit: [
    'debit',
    'paidout',
    'moneyout',
    'withdrawal',
    'withdrawals',
    'soll',
    'ausgang',
    'belastung',
    'debet',
    'out',
    'spent',
    'charges',
    'ausgaben',
    'afschrijving',
  ],
  credit: [
    'credit',
    'paidin',
    'moneyin',
    'deposit',
    'deposits',
    'haben',
    'eingang',
    'gutschrift',
    'in',
    'received',
    'einnahmen',
    'bijschrijving',
  ],
  balance: ['balance', 'saldo', 'kontostand', 'solde', 'runningbalance', 'saldoneu'],
  payee: [
    'payee',
    'beneficiary',
    'merchant',
    'counterparty',
    'begunstigterzahlungspflichtiger',
    'auftraggeberbegunstigter',
    'begunstigter',
    'empfanger',
    'auftraggeber',
    'zahlungspflichtiger',
    'namezahlungsbeteiligter',
    'partner',
    'recipient',
    'tegenrekeninghouder',
    'naamomschrijving',
    'name',
    'beguenstigter',
    'nazevprotiuctu',
    'kontrahent',
    'odbiorca',
  ],
  description: [
    'description',
    'transactiondescription',
    'details',
    'libelle',
    'libelleoperation',
    'omschrijving',
    'concepto',
    'descrizione',
    'narrative',
    'particulars',
    'text',
    'opisoperacji',
    'opis',
  ],
  note: [
    'memo',
    'note',
    'notes',
    'verwendungszweck',
    'purpose',
    'remittance',
    'communication',
    'mitteilung',
    'bemerkung',
    'comment',
    'reference',
    'referenz',
    'mededelingen',
    'buchungstext',
    'additionalinformation',
    'description',
    'libelle',
    'zpravaproprijemce',
    'zprava',
    'tytul',
    'kozlemeny',
  ],
  category: ['category', 'kategorie', 'categorie', 'categoria', 'rubrik'],
  /** The other party's account: a row naming another of the user's accounts is a transfer. */
  counterparty: [
    'iban',
    'gegenkonto',
    'counterpartyaccount',
    'counterpartyiban',
    'tegenrekening',
    'kontonummeriban',
    'ibanzahlungsbeteiligter',
    'kontonummer',
    'accountnumber',
  ],
  identifier: [
    'iban',
    'bic',
    'accountnumber',
    'kontonummer',
    'blz',
    'checknumber',
    'chequenumber',
    'transactionid',
    'id',
    'nr',
    'number',
    'currency',
    'wahrung',
    'devise',
    'moneda',
    'mena',
    'waluta',
    'type',
    'typ',
    'account',
    'accountno',
    'cardno',
    'cardnumber',
  ],
  /** Titles of a column that marks an unsigned amount as debit or credit. */
  direction: [
    'debitcredit',
    'creditdebit',
    'drcr',
    'crdr',
    'afbij',
    'sollhaben',
    'amountsign',
    'sign',
    'cdtdbtind',
  ],
  /** Titles only a card statement has (Amex, Apple Card, Capital One exports). */
  card: ['cardmember', 'cardholder', 'cardno', 'cardnumber', 'purchasedby', 'karteninhaber'],
} as const;
export type Role = keyof typeof KEYWORDS;

/** The rank of the best keyword of `role` the title matches (lower is better), or undefined. */
export function keywordRank(title: string, role: Role): number | undefined {
  const key = keyOf(title);
  const words: readonly string[] = KEYWORDS[role];
  const exact = words.indexOf(key);
  if (exact >= 0) return exact;
  const contained = words.findIndex((word) => word.length >= 4 && key.includes(word));
  return contained >= 0 ? words.length + contained : undefined;
}

export const matches = (title: string, role: Role) => keywordRank(title, role) !== undefined;
