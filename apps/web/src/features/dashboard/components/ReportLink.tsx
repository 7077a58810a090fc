import { Link } from 'react-router';

/** A dashboard card's way to its report, over the same period. */
export function ReportLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="text-sm whitespace-nowrap text-emerald-800 hover:underline dark:text-emerald-300"
    >
      {label}
    </Link>
  );
}
