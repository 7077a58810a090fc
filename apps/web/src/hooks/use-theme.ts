import { useCallback, useSyncExternalStore } from 'react';
import { getTheme, setTheme, subscribeToTheme, type Theme } from '@/lib/theme';

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribeToTheme, getTheme, getTheme);
  const toggleTheme = useCallback(() => setTheme(getTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggleTheme };
}
