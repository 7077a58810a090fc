import type { ReactNode } from 'react';

export const alertTones = {
  error:
    'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200',
  success:
    'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100',
} as const;

type AlertProps = {
  tone?: keyof typeof alertTones;
  children: ReactNode;
  className?: string;
};

/** A boxed message: red for errors (announced at once), green for good news (announced politely). */
export function Alert({ tone = 'error', children, className = '' }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${alertTones[tone]} ${className}`}
    >
      {children}
    </div>
  );
}
