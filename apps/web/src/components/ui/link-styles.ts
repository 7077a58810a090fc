/** Inline text links: underlined on hover, readable in both themes. */
export const textLinkClasses =
  'font-medium text-emerald-700 underline-offset-4 hover:underline dark:text-emerald-400';
