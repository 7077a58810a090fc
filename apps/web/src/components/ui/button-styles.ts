export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'ghost-danger' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 disabled:hover:bg-emerald-700 dark:bg-emerald-500 dark:text-neutral-950 dark:hover:bg-emerald-400 dark:disabled:hover:bg-emerald-500',
  secondary:
    'border border-neutral-300 bg-white text-neutral-900 shadow-sm hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800',
  ghost:
    'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white',
  /** A quiet destructive action, such as a table row's Delete. */
  'ghost-danger':
    'text-red-700 hover:bg-neutral-100 hover:text-red-800 dark:text-red-400 dark:hover:bg-neutral-800 dark:hover:text-red-300',
  danger:
    'bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:hover:bg-red-700 dark:bg-red-700 dark:hover:bg-red-800',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** The classes of a button, also used by links that look like buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className = '',
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${className}`.trim();
}
