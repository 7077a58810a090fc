import type { AppEntry, AppFormat, ColumnIndex } from './app-entry';

/** Firefly III's account types that are the user's own (assets and liabilities). */
const OWN_TYPES = new Set([
  'asset account',
  'default account',
  'cash wallet',
  'loan',
  'debt',
  'mortgage',
  'credit card',
]);

/**
 * Firefly III's transaction export (ExportDataGenerator::exportTransactions): one row per
 * journal (a split transaction's parts are journals of one group), with type (Withdrawal,
 * Deposit, Transfer, Opening balance, Reconciliation, …), currency_code, amount (negative for a
 * withdrawal, positive otherwise), foreign_currency_code, foreign_amount, description, date
 * (ISO 8601 with the zone, "2026-03-05T00:00:00+01:00"), source_name/_type and
 * destination_name/_type, category, notes. A withdrawal leaves its source, a deposit reaches
 * its destination, a transfer is both: two entries, one per account, of one movement.
 */
export const firefly: AppFormat = {
  app: 'firefly',
  recognise(columns: ColumnIndex) {
    const needed = ['type', 'amount', 'date', 'description', 'source_name', 'destination_name'];
    if (!columns.has(...needed)) return undefined;
    const type = columns.cell('type');
    const currency = columns.cell('currency_code');
    const amount = columns.cell('amount');
    const foreignCurrency = columns.cell('foreign_currency_code');
    const foreignAmount = columns.cell('foreign_amount');
    const description = columns.cell('description');
    const date = columns.cell('date');
    const source = columns.cell('source_name');
    const sourceType = columns.cell('source_type');
    const destination = columns.cell('destination_name');
    const destinationType = columns.cell('destination_type');
    const category = columns.cell('category');
    const notes = columns.cell('notes');
    const groupId = columns.cell('group_id');
    const groupTitle = columns.cell('group_title');
    const sides = (cells: string[]) => {
      const kind = type(cells).toLowerCase();
      if (kind === 'withdrawal') return { out: true, in: false, kind };
      if (kind === 'deposit') return { out: false, in: true, kind };
      if (kind === 'transfer') return { out: true, in: true, kind };
      // Opening balances, reconciliations, liability credits: the side that is an own account.
      const out = OWN_TYPES.has(sourceType(cells).toLowerCase());
      const into = OWN_TYPES.has(destinationType(cells).toLowerCase());
      return { out, in: into || !out, kind };
    };
    return {
      accountOf(cells) {
        const side = sides(cells);
        return side.out ? source(cells) : destination(cells);
      },
      read(cells) {
        const side = sides(cells);
        const base = {
          dateText: date(cells),
          category: category(cells),
          note: notes(cells),
          transfer: side.kind === 'transfer' ? 'declared' : 'none',
          ...(groupId(cells) ? { group: { id: groupId(cells), title: groupTitle(cells) } } : {}),
        } as const;
        const entries: AppEntry[] = [];
        if (side.out) {
          entries.push({
            ...base,
            account: source(cells),
            currency: currency(cells) || null,
            amountText: amount(cells),
            direction: 'out',
            name: description(cells) || destination(cells),
          });
        }
        if (side.in) {
          // A transfer between two currencies: the destination receives the foreign amount.
          const isForeign =
            side.out && foreignCurrency(cells) !== '' && foreignAmount(cells) !== '';
          entries.push({
            ...base,
            account: destination(cells),
            currency: (isForeign ? foreignCurrency(cells) : currency(cells)) || null,
            amountText: isForeign ? foreignAmount(cells) : amount(cells),
            direction: 'in',
            name: description(cells) || source(cells),
          });
        }
        return entries;
      },
    };
  },
};
