import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStorage, writeStorage } from './storage';

export type Theme = 'light' | 'dark';

/** The page icon of each theme (public/favicon-*.svg); public/theme-init.js uses the same. */
export const FAVICONS: Record<Theme, string> = {
  light: '/favicon-light.svg',
  dark: '/favicon-dark.svg',
};

/** The browser bar's colour of each theme; index.html gives the same by system preference. */
export const THEME_COLOURS: Record<Theme, string> = {
  light: '#047857',
  dark: '#0a0a0a',
};

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

function storedTheme(): Theme | null {
  const value = readStorage(STORAGE_KEYS.theme);
  return isTheme(value) ? value : null;
}

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

/** Puts the theme on the page: the `dark` class on <html>, form colours and the page icon. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  const icon = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (icon) icon.href = FAVICONS[theme];
  // The theme chosen in the app wins over the system's, in the browser bar too.
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = THEME_COLOURS[theme];
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Theme | null = null;

export function getTheme(): Theme {
  current ??= storedTheme() ?? systemTheme();
  return current;
}

/** Sets and remembers the visitor's choice. */
export function setTheme(theme: Theme): void {
  current = theme;
  writeStorage(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function subscribeToTheme(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Applies the current theme and, until the visitor picks one, follows the system's setting as it
 * changes. Returns the function that stops following.
 */
export function initTheme(): () => void {
  applyTheme(getTheme());
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(DARK_QUERY);
  const onChange = () => {
    if (storedTheme()) return;
    current = media.matches ? 'dark' : 'light';
    applyTheme(current);
    for (const listener of listeners) listener();
  };
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** For tests: forget the cached theme so the next read looks at storage and the system again. */
export function resetThemeForTests(): void {
  current = null;
}
