/** The look of text inputs, selects and text areas. */
export const inputClasses =
  'block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 shadow-sm placeholder:text-neutral-500 focus:border-emerald-600 focus:outline-2 focus:outline-offset-0 focus:outline-emerald-600/40 aria-[invalid=true]:border-red-600 sm:text-sm dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-400 dark:focus:border-emerald-400 dark:aria-[invalid=true]:border-red-400';

export const labelClasses = 'block text-sm font-medium text-neutral-800 dark:text-neutral-200';

export const fieldErrorClasses = 'mt-1.5 text-sm text-red-700 dark:text-red-300';
