import { type AppFormat, type ColumnIndex } from './app-entry';

/** A split's parent ("(SPLIT INTO 3) …") and its parts ("(SPLIT 1 OF 3) …") in Notes. */
const SPLIT_PARENT = /^\(SPLIT INTO (\d+)\)\s*/;
const SPLIT_PART = /^\(SPLIT (\d+) OF (\d+)\)\s*/;

/**
 * Actual Budget's transaction export (loot-core `exportQueryToCSV`; `exportToCSV` before):
 * Account, Date (YYYY-MM-DD), Payee, Notes, Category, Amount (signed, "." decimals, no
 * grouping), Split_Amount, Cleared (Reconciled in the older export). A split's parent has Amount
 * 0 and its total in Split_Amount; its parts follow with their own amounts and categories
 * (findSplitGroups makes them one split transaction). A transfer's payee is the other account
 * (Actual names transfer payees after their account).
 */
export const actual: AppFormat = {
  app: 'actual',
  recognise(columns: ColumnIndex) {
    if (!columns.has('account', 'date', 'payee', 'notes', 'category', 'amount')) return undefined;
    if (!columns.has('split_amount') && !columns.has('cleared') && !columns.has('reconciled')) {
      return undefined;
    }
    const account = columns.cell('account');
    const date = columns.cell('date');
    const payee = columns.cell('payee');
    const notes = columns.cell('notes');
    const category = columns.cell('category');
    const amount = columns.cell('amount');
    return {
      accountOf: account,
      read(cells, accounts) {
        const note = notes(cells);
        const own = account(cells);
        // The parent holds the payee and note; its money is its parts' (findSplitGroups).
        const parent = SPLIT_PARENT.exec(note);
        if (parent) {
          return [
            {
              account: own,
              currency: null,
              dateText: date(cells),
              amountText: amount(cells),
              direction: null,
              name: payee(cells),
              note: note.replace(SPLIT_PARENT, ''),
              category: '',
              transfer: 'none',
              split: { role: 'parent', count: Number(parent[1]) },
            },
          ];
        }
        const part = SPLIT_PART.exec(note);
        const name = payee(cells);
        const isTransfer = name !== '' && name !== own && accounts.has(name);
        const categoryName = isTransfer ? '' : category(cells);
        return [
          {
            account: own,
            currency: null,
            dateText: date(cells),
            amountText: amount(cells),
            direction: null,
            name,
            note: note.replace(SPLIT_PART, ''),
            category: categoryName,
            // A transfer to an account the file does not hold (an export of one account) has
            // no category either, but its payee is not among the file's accounts: a row without
            // a category is left to Moneta's own transfer search, as a bank's row is.
            transfer: isTransfer ? 'declared' : categoryName === '' ? 'possible' : 'none',
            ...(part && {
              split: { role: 'part', index: Number(part[1]), count: Number(part[2]) },
            }),
          },
        ];
      },
    };
  },
};
