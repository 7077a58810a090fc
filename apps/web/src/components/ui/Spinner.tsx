import { useTranslation } from 'react-i18next';

type SpinnerProps = {
  label?: string;
  className?: string;
};

export function Spinner({ label, className = '' }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <div role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <svg
        aria-hidden="true"
        className="size-6 animate-spin text-emerald-700 dark:text-emerald-400"
        viewBox="0 0 24 24"
        fill="none"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path
          d="M22 12a10 10 0 0 0-10-10"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label ?? t('loading')}</span>
    </div>
  );
}

/** Stands in for a section's content (a list, a preview) while it loads. */
export function SectionSpinner({ label, className = 'py-16' }: SpinnerProps) {
  return (
    <div className={`flex justify-center ${className}`}>
      <Spinner label={label} />
    </div>
  );
}

/** Shown while a page's code or the session is loading. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
