import { formatMoney, type Recurring } from '@moneta/shared';
import { Button } from '@/components/ui/Button';
import { useCurrency } from '@/lib/auth/use-currency';
import { formatCalendarDate } from '@/lib/calendar-date-format';
import { frequencyLabel } from '../utils/frequency-label';

type RecurringTableProps = {
  rules: Recurring[];
  onEdit: (recurring: Recurring) => void;
  onDelete: (recurring: Recurring) => void;
};

const headerCell =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide text-neutral-600 uppercase dark:text-neutral-400';
const cell = 'px-4 py-3 align-middle';
/** The first column stays in view while a narrow screen scrolls the others. */
const stickyCell =
  'sticky left-0 z-10 max-sm:max-w-40 max-sm:shadow-[inset_-1px_0_0_var(--color-neutral-200)] dark:max-sm:shadow-[inset_-1px_0_0_var(--color-neutral-800)]';
const stickyBody =
  'bg-white group-hover:bg-neutral-50 dark:bg-neutral-900 dark:group-hover:bg-neutral-800';

/** The recurring transactions (SPEC §2). On narrow screens it scrolls inside its own box. */
export function RecurringTable({ rules, onEdit, onDelete }: RecurringTableProps) {
  const currency = useCurrency();
  // `relative` keeps the screen-reader-only texts of the buttons inside the scrolling box
  // (positioned against the page, they would widen it on narrow screens).
  return (
    <div
      role="region"
      aria-label="Recurring transactions"
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
    >
      <table className="w-full min-w-[820px] text-sm">
        <caption className="sr-only">Recurring transactions, the next one due first</caption>
        <thead className="border-b border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900">
          <tr>
            <th
              scope="col"
              className={`${headerCell} ${stickyCell} bg-neutral-50 dark:bg-neutral-900`}
            >
              Name
            </th>
            <th scope="col" className={headerCell}>
              Category
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Amount
            </th>
            <th scope="col" className={headerCell}>
              Type
            </th>
            <th scope="col" className={headerCell}>
              Frequency
            </th>
            <th scope="col" className={headerCell}>
              Next Due
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Edit
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Delete
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {rules.map((rule) => (
            <tr key={rule._id} className="group hover:bg-neutral-50 dark:hover:bg-neutral-800">
              <th
                scope="row"
                className={`${cell} ${stickyCell} ${stickyBody} text-left font-medium break-words text-neutral-900 dark:text-white`}
              >
                {rule.name}
              </th>
              <td className={`${cell} text-neutral-700 dark:text-neutral-300`}>{rule.category}</td>
              <td
                className={`${cell} text-right font-semibold whitespace-nowrap tabular-nums ${
                  rule.isIncome
                    ? 'text-emerald-700 dark:text-emerald-400'
                    : 'text-red-700 dark:text-red-400'
                }`}
              >
                {`${rule.isIncome ? '+' : '-'}${formatMoney(rule.amount, currency)}`}
              </td>
              <td className={cell}>
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${
                    rule.isIncome
                      ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200'
                      : 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200'
                  }`}
                >
                  {rule.isIncome ? 'Income' : 'Expense'}
                </span>
              </td>
              <td className={`${cell} text-neutral-700 dark:text-neutral-300`}>
                {frequencyLabel(rule.frequency)}
              </td>
              <td className={`${cell} whitespace-nowrap text-neutral-700 dark:text-neutral-300`}>
                <time dateTime={rule.nextDueDate}>{formatCalendarDate(rule.nextDueDate)}</time>
              </td>
              <td className={`${cell} text-right`}>
                <Button variant="ghost" size="sm" onClick={() => onEdit(rule)}>
                  Edit<span className="sr-only"> {rule.name}</span>
                </Button>
              </td>
              <td className={`${cell} text-right`}>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
                  onClick={() => onDelete(rule)}
                >
                  Delete<span className="sr-only"> {rule.name}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
