import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '@/components/ThemeToggle';
import { initTheme } from '@/lib/theme';

function stubSystemTheme(isDark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: isDark && query.includes('dark'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

function favicon() {
  return document.querySelector<HTMLLinkElement>('link[rel="icon"]');
}

describe('theme', () => {
  beforeEach(() => {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = '/favicon-light.svg';
    document.head.append(link);
  });

  afterEach(() => {
    favicon()?.remove();
  });

  it('follows the system preference when nothing is stored', () => {
    stubSystemTheme(true);
    initTheme();
    render(<ThemeToggle />);
    expect(document.documentElement).toHaveClass('dark');
    expect(favicon()?.getAttribute('href')).toBe('/favicon-dark.svg');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('prefers the stored choice over the system', () => {
    stubSystemTheme(true);
    window.localStorage.setItem('theme', 'light');
    initTheme();
    render(<ThemeToggle />);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('toggles, remembers the choice and swaps the page icon', async () => {
    stubSystemTheme(false);
    initTheme();
    const user = userEvent.setup();
    render(<ThemeToggle />);
    expect(favicon()?.getAttribute('href')).toBe('/favicon-light.svg');

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(favicon()?.getAttribute('href')).toBe('/favicon-dark.svg');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(favicon()?.getAttribute('href')).toBe('/favicon-light.svg');
  });
});
