import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The product's name: a name, the same in every language. */
const PRODUCT_NAME = 'Moneta';

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" className="fill-emerald-700 dark:fill-emerald-600" />
      <path
        d="M8 23V9.5l8 8.5 8-8.5V23"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The brand title; it always leads back to the landing page. */
export function BrandLink({
  className = '',
  wordClassName = '',
}: {
  className?: string;
  /** Where the name is not shown (it stays the link's name for screen readers). */
  wordClassName?: string;
}) {
  return (
    <Link
      to={paths.home}
      className={`inline-flex items-center gap-2 rounded-lg text-xl font-bold tracking-tight text-neutral-900 dark:text-white ${className}`}
    >
      <LogoMark />
      <span className={wordClassName}>{PRODUCT_NAME}</span>
    </Link>
  );
}
