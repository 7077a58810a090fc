import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollsFurther } from './use-scrolls-further';

export type TableColumn = {
  header: ReactNode;
  align?: 'left' | 'right';
  /** Stays in view while a narrow screen scrolls the other columns (the first column only). */
  isSticky?: boolean;
  /** Keeps this header on phones, where the others are hidden (e.g. a "select all" box). */
  isShownOnPhones?: boolean;
  className?: string;
};

/**
 * Where a cell goes when the table becomes stacked rows below 640 px (docs/architecture.md, Web
 * app). Each row is then a small card: the `lead` (a checkbox), the `title` and the `end` (the
 * amount) with the row
 * `menu` on its first line; the `meta` cells (date, category…) in small print on the next; a
 * `full` cell (a progress bar) on a line of its own. `hidden` cells are left out on phones.
 */
export type StackPlace = 'lead' | 'title' | 'end' | 'menu' | 'meta' | 'full' | 'hidden';

const stackClasses: Record<StackPlace, string> = {
  lead: 'max-sm:order-1',
  title: 'max-sm:order-1 max-sm:min-w-0 max-sm:flex-1',
  end: 'max-sm:order-2 max-sm:text-right',
  menu: 'max-sm:order-2 max-sm:-my-1',
  meta: 'max-sm:order-4 max-sm:text-xs max-sm:text-neutral-600 max-sm:dark:text-neutral-400',
  full: 'max-sm:order-5 max-sm:basis-full',
  hidden: 'max-sm:hidden',
};

type TableProps = {
  /** The accessible name of the scrolling box, which the keyboard can focus to scroll it. */
  label: string;
  /** What the table lists, for screen readers. */
  caption?: string;
  columns: readonly TableColumn[];
  /**
   * A Tailwind `sm:min-w-*` class: from 640 px up to that width the table scrolls inside its box
   * (below 640 px its rows are stacked and need no minimum).
   */
  minWidthClass: string;
  /** The rows: TableRow elements. */
  children: ReactNode;
};

type CellOptions = {
  align?: 'left' | 'right';
  isSticky?: boolean;
  className?: string;
  stack?: StackPlace;
  /** A short label shown before the value on phones, where the column header is hidden. */
  stackLabel?: string;
};

const stickyClasses =
  'sm:sticky sm:left-0 sm:z-10 sm:max-lg:shadow-[inset_-1px_0_0_var(--color-neutral-200)] dark:sm:max-lg:shadow-[inset_-1px_0_0_var(--color-neutral-800)]';

function cellClasses(
  base: string,
  { align, isSticky, className = '', stack = 'meta' }: Omit<CellOptions, 'stackLabel'>,
): string {
  const alignment = align === 'right' ? 'text-right' : 'text-left';
  return `${base} ${alignment} ${isSticky ? stickyClasses : ''} ${stackClasses[stack]} ${className}`;
}

/** On phones a labelled cell shows its label, like "Spent: $20.00". */
const labelClasses = 'max-sm:before:content-[attr(data-stack-label)_":_"]';

/**
 * A data table in a bordered box. From 640 px it is a table that scrolls sideways inside its box,
 * never the page; below 640 px each row is a stacked card (see StackPlace). `relative` keeps the
 * screen-reader-only texts of its buttons inside the box (positioned against the page, they would
 * widen it).
 */
export function Table({ label, caption, columns, minWidthClass, children }: TableProps) {
  const { t } = useTranslation();
  const hasPhoneHeader = columns.some((column) => column.isShownOnPhones);
  const [boxRef, scrollsFurther] = useScrollsFurther<HTMLDivElement>();
  return (
    <div className="relative">
      <div
        ref={boxRef}
        role="region"
        aria-label={label}
        tabIndex={0}
        className="relative overflow-x-auto rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
      >
        <table className={`w-full max-sm:block ${minWidthClass} text-sm`}>
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead
            className={`border-b border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900 ${
              hasPhoneHeader ? 'max-sm:block' : 'max-sm:sr-only'
            }`}
          >
            <tr className="max-sm:flex max-sm:px-4 max-sm:py-2">
              {columns.map(({ header, isShownOnPhones, ...options }, index) => (
                <th
                  key={index}
                  scope="col"
                  className={cellClasses(
                    'bg-neutral-50 px-4 py-3 text-xs font-semibold tracking-wide text-neutral-600 uppercase max-sm:p-0 dark:bg-neutral-900 dark:text-neutral-400',
                    { ...options, stack: isShownOnPhones || !hasPhoneHeader ? 'lead' : 'hidden' },
                  )}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200 max-sm:block dark:divide-neutral-800">
            {children}
          </tbody>
        </table>
      </div>
      {/* Columns cut off on the right: a shade over the edge, and words saying so. */}
      {scrollsFurther ? (
        <>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-px right-px w-8 rounded-r-2xl bg-gradient-to-l from-neutral-900/15 to-transparent dark:from-black/50"
          />
          <p className="mt-1 text-right text-xs text-neutral-600 dark:text-neutral-400">
            {t('table.scrollsSideways')}
          </p>
        </>
      ) : null}
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
  // On phones: a wrapping flex line; the empty ::after (order 3) ends the first line.
  const stacked =
    "max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3 max-sm:after:order-3 max-sm:after:basis-full max-sm:after:content-['']";
  return <tr className={`group ${tone} ${stacked} ${className}`} {...props} />;
}

/** A sticky cell is opaque, so the columns scrolling under it stay hidden. */
const stickyBodyClasses =
  'sm:bg-white sm:group-hover:bg-neutral-50 dark:sm:bg-neutral-900 dark:sm:group-hover:bg-neutral-800';

const bodyCellClasses = 'px-4 py-3 align-middle max-sm:block max-sm:p-0';

export function TableCell({
  align,
  isSticky,
  className,
  stack,
  stackLabel,
  ...props
}: ComponentProps<'td'> & CellOptions) {
  return (
    <td
      data-stack-label={stackLabel}
      className={cellClasses(
        `${bodyCellClasses} ${isSticky ? stickyBodyClasses : ''} ${stackLabel ? labelClasses : ''}`,
        { align, isSticky, className, stack },
      )}
      {...props}
    />
  );
}

/** The cell that names its row (the row's accessible name for assistive technology). */
export function TableRowHeader({
  isSticky,
  className,
  stack = 'title',
  ...props
}: ComponentProps<'th'> & Omit<CellOptions, 'align' | 'stackLabel'>) {
  return (
    <th
      scope="row"
      className={cellClasses(
        `${bodyCellClasses} font-medium ${isSticky ? stickyBodyClasses : ''}`,
        { isSticky, className, stack },
      )}
      {...props}
    />
  );
}
