import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { resetQueryClientForTests } from '@/lib/app-query-client';
import { resetSessionForTests } from '@/lib/auth/get-user';
import { changeLocale, initI18n, setMissingKeyHandler } from '@/lib/i18n/i18n';
import { MESSAGE_GROUPS } from '@/lib/i18n/message-groups';
import { resetThemeForTests } from '@/lib/theme';

// Routes load lazily; on a busy two-core CI machine a chunk can take seconds to arrive, so
// findBy* queries wait up to 5 s (the assertions are unchanged).
configure({ asyncUtilTimeout: 5000 });

// Components render with the real English messages, as a user sees them; a key missing even in
// English (a typo, a message not written yet) fails the test that shows it. Every group is
// loaded: a component test renders its component without the page that would load its group.
await initI18n('en-US', MESSAGE_GROUPS);
const missingKeys: string[] = [];
setMissingKeyHandler((namespace, key) => missingKeys.push(`${namespace}:${key}`));

beforeEach(() => {
  // jsdom does not implement scrolling; tests look at the calls instead.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(async () => {
  cleanup();
  resetSessionForTests();
  resetQueryClientForTests();
  const missing = missingKeys.splice(0);
  expect(missing, 'translation keys missing in English').toEqual([]);
  await changeLocale('en-US');
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  resetThemeForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
