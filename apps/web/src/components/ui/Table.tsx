import type { ComponentProps, ReactNode } from 'react';

export type TableColumn = {
  header: ReactNode;
  align?: 'left' | 'right';
  /** Stays in view while a narrow screen scrolls the other columns (the first column only). */
  isSticky?: boolean;
  className?: string;
};

type TableProps = {
  /** The accessible name of the scrolling box, which the keyboard can focus to scroll it. */
  label: string;
  /** What the table lists, for screen readers. */
  caption?: string;
  columns: readonly TableColumn[];
  /** A Tailwind `min-w-*` class: below that width the table scrolls inside its box. */
  minWidthClass: string;
  /** The rows: TableRow elements. */
  children: ReactNode;
};

type CellOptions = { align?: 'left' | 'right'; isSticky?: boolean; className?: string };

const stickyClasses =
  'sticky left-0 z-10 max-sm:max-w-40 max-sm:shadow-[inset_-1px_0_0_var(--color-neutral-200)] dark:max-sm:shadow-[inset_-1px_0_0_var(--color-neutral-800)]';

function cellClasses(base: string, { align, isSticky, className = '' }: CellOptions): string {
  const alignment = align === 'right' ? 'text-right' : 'text-left';
  return `${base} ${alignment} ${isSticky ? stickyClasses : ''} ${className}`;
}

/**
 * A data table in a bordered box. On narrow screens it scrolls sideways inside that box, never the
 * page; `relative` keeps the screen-reader-only texts of its buttons inside the box too
 * (positioned against the page, they would widen it).
 */
export function Table({ label, caption, columns, minWidthClass, children }: TableProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
    >
      <table className={`w-full ${minWidthClass} text-sm`}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="border-b border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900">
          <tr>
            {columns.map(({ header, ...options }, index) => (
              <th
                key={index}
                scope="col"
                className={cellClasses(
                  'bg-neutral-50 px-4 py-3 text-xs font-semibold tracking-wide text-neutral-600 uppercase dark:bg-neutral-900 dark:text-neutral-400',
                  options,
                )}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">{children}</tbody>
      </table>
    </div>
  );
}

/** A body row; a selected one is tinted, the others light up under the pointer. */
export function TableRow({
  isSelected = false,
  className = '',
  ...props
}: ComponentProps<'tr'> & { isSelected?: boolean }) {
  const tone = isSelected
    ? 'bg-emerald-50/70 dark:bg-emerald-950/30'
    : 'hover:bg-neutral-50 dark:hover:bg-neutral-800';
  return <tr className={`group ${tone} ${className}`} {...props} />;
}

/** A sticky cell is opaque, so the columns scrolling under it stay hidden. */
const stickyBodyClasses =
  'bg-white group-hover:bg-neutral-50 dark:bg-neutral-900 dark:group-hover:bg-neutral-800';

export function TableCell({
  align,
  isSticky,
  className,
  ...props
}: ComponentProps<'td'> & CellOptions) {
  return (
    <td
      className={cellClasses(`px-4 py-3 align-middle ${isSticky ? stickyBodyClasses : ''}`, {
        align,
        isSticky,
        className,
      })}
      {...props}
    />
  );
}

/** The cell that names its row (the row's accessible name for assistive technology). */
export function TableRowHeader({
  isSticky,
  className,
  ...props
}: ComponentProps<'th'> & Omit<CellOptions, 'align'>) {
  return (
    <th
      scope="row"
      className={cellClasses(
        `px-4 py-3 align-middle font-medium ${isSticky ? stickyBodyClasses : ''}`,
        { isSticky, className },
      )}
      {...props}
    />
  );
}
