import { DEFAULT_LOCALE } from '@moneta/shared/locales';
import { useTheme } from '@/hooks/use-theme';
import { formatCompactMoney } from '@/lib/i18n/locale-format';

/**
 * Six colours (docs/architecture.md, Product rules), distinct on white and on the dark card alike,
 * shared by every chart of the app so that income, expense and the series look the same
 * everywhere.
 */
export const PALETTE = ['#10b981', '#3b82f6', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899'];
export const INCOME_COLOUR = '#10b981';
export const EXPENSE_COLOUR = '#ef4444';

/** The text, grid and card colours of the current theme, for chart.js (which draws on canvas). */
export function useChartColours() {
  const { theme } = useTheme();
  return theme === 'dark'
    ? { text: '#d4d4d4', grid: 'rgba(163, 163, 163, 0.18)', card: '#171717' }
    : { text: '#404040', grid: 'rgba(115, 115, 115, 0.18)', card: '#ffffff' };
}

export type ChartColours = ReturnType<typeof useChartColours>;

/**
 * '$1.2K': an axis tick, in the locale's compact notation ('1200 $' in de-DE; en-US by default).
 * Components pass `useFormat().locale`, or use `useFormat().compactMoney`.
 */
export function compactMoney(
  value: number,
  currency: string,
  locale: string = DEFAULT_LOCALE,
): string {
  return formatCompactMoney(locale, value, currency);
}
