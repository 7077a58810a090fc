import { type AppFormat, type ColumnIndex } from './app-entry';

/** YNAB's payee of a transfer: "Transfer : Savings". */
export const YNAB_TRANSFER = /^Transfer\s*:\s*\S/i;
/** A split part's memo: "Split (1/3) dinner" (YNAB), "(Split 1/3) dinner" (YNAB 4). */
const SPLIT_MARK = /^\s*\(?Split\s*\(?(\d+)\/(\d+)\)\s*/i;

/**
 * YNAB's register export (Register.csv of "Export budget data", and YNAB 4's register export):
 * Account, Flag, Date, Payee, Category Group/Category, Category Group, Category, Memo, Outflow,
 * Inflow, Cleared — YNAB 4 has Check Number, Master Category, Sub Category and Running Balance
 * instead of the groups. Outflow and Inflow are written in the budget's currency format ("$1,234.56",
 * "1.234,56€"), the date in its date format. Flag, Cleared and the balance are ignored.
 */
export const ynab: AppFormat = {
  app: 'ynab',
  recognise(columns: ColumnIndex) {
    if (!columns.has('account', 'date', 'payee', 'memo', 'outflow', 'inflow')) return undefined;
    const isRegister =
      columns.has('category group/category') ||
      columns.has('category group') ||
      columns.has('master category') ||
      columns.has('cleared');
    if (!isRegister) return undefined;
    const account = columns.cell('account');
    const date = columns.cell('date');
    const payee = columns.cell('payee');
    const memo = columns.cell('memo');
    const outflow = columns.cell('outflow');
    const inflow = columns.cell('inflow');
    const category = categoryReader(columns);
    return {
      accountOf: account,
      read(cells) {
        const name = payee(cells);
        const isTransfer = YNAB_TRANSFER.test(name);
        const note = memo(cells);
        const mark = SPLIT_MARK.exec(note);
        return [
          {
            account: account(cells),
            currency: null,
            dateText: date(cells),
            amountText: outflow(cells),
            inflowText: inflow(cells),
            direction: null,
            name,
            note: note.replace(SPLIT_MARK, ''),
            category: category(cells),
            transfer: isTransfer ? 'declared' : 'none',
            ...(mark && {
              split: { role: 'part', index: Number(mark[1]), count: Number(mark[2]) },
            }),
          },
        ];
      },
    };
  },
};

/**
 * "Group: Category" as YNAB writes it in "Category Group/Category" (YNAB 4: in "Category");
 * else the group and the category joined the same way.
 */
function categoryReader(columns: ColumnIndex): (cells: string[]) => string {
  if (columns.has('category group/category')) return columns.cell('category group/category');
  if (columns.has('master category')) {
    const whole = columns.cell('category');
    const master = columns.cell('master category');
    const sub = columns.cell('sub category');
    return (cells) => whole(cells) || joined(master(cells), sub(cells));
  }
  const group = columns.cell('category group');
  const category = columns.cell('category');
  return (cells) => joined(group(cells), category(cells));
}

const joined = (group: string, category: string) =>
  group && category ? `${group}: ${category}` : category || group;
