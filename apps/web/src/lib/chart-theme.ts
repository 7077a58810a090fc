import { useTheme } from '@/hooks/use-theme';

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

/** One compact formatter per currency: the y axes format every tick at each layout. */
const compactFormatters = new Map<string, Intl.NumberFormat>();

/**
 * '$1.2K': an axis tick, written as the locale writes money ('1,2 Tsd. €' in de-DE); en-US, the
 * SPEC's format, without a locale.
 */
export function compactMoney(value: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}|${currency}`;
  let formatter = compactFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    compactFormatters.set(key, formatter);
  }
  return formatter.format(value);
}
