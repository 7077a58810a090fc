import type { AppFormat, ColumnIndex } from './app-entry';

/**
 * Mint's categories for money moved between one's own accounts: Mint does not say which rows
 * are transfers, so only these are paired with a row of another account of the file.
 */
const TRANSFER_CATEGORIES = new Set([
  'transfer',
  'credit card payment',
  'transfer for cash spending',
]);

/**
 * Mint's transaction export (transactions.csv): Date (M/DD/YYYY), Description, Original
 * Description, Amount (always positive), Transaction Type (debit: out, credit: in), Category,
 * Account Name, Labels, Notes.
 */
export const mint: AppFormat = {
  app: 'mint',
  recognise(columns: ColumnIndex) {
    if (!columns.has('date', 'description', 'amount', 'transaction type', 'account name')) {
      return undefined;
    }
    const account = columns.cell('account name');
    const date = columns.cell('date');
    const description = columns.cell('description');
    const original = columns.cell('original description');
    const amount = columns.cell('amount');
    const type = columns.cell('transaction type');
    const category = columns.cell('category');
    const notes = columns.cell('notes');
    return {
      accountOf: account,
      read(cells) {
        const kind = type(cells).toLowerCase();
        if (kind !== 'debit' && kind !== 'credit') {
          return `the Transaction Type "${type(cells).slice(0, 40)}" is neither debit nor credit.`;
        }
        const categoryName = category(cells);
        return [
          {
            account: account(cells),
            currency: null,
            dateText: date(cells),
            amountText: amount(cells),
            direction: kind === 'debit' ? 'out' : 'in',
            name: description(cells) || original(cells),
            note: notes(cells),
            category: categoryName,
            transfer: TRANSFER_CATEGORIES.has(categoryName.toLowerCase()) ? 'possible' : 'none',
          },
        ];
      },
    };
  },
};
