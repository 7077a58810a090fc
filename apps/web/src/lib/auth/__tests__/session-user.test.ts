import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, holdAnswersTo, makeUser, withRefusedSession } from '@/testing/fake-api';
import {
  endSessionUser,
  knownUser,
  refreshSessionUser,
  sessionUser,
  setSessionUser,
  useUser,
} from '../get-user';

// The session's user, held apart from TanStack Query so that the public pages are drawn without
// it (docs/decisions.md). setup-tests resets it after each case, as a new visit.

describe('the session user', () => {
  it('is no one at once for a visitor without a token, and asks nothing', () => {
    const { calls } = fakeApi({ 'GET /api/auth/me': { body: makeUser() } });
    const { result } = renderHook(() => useUser());
    expect(result.current).toEqual({ user: null, isLoading: false, hasSignedOut: false });
    expect(calls).toEqual([]);
  });

  it('is being loaded for a token without a last user, then the server’s answer', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    const user = makeUser({ email: 'ana@example.com' });
    const { calls } = fakeApi({ 'GET /api/auth/me': { body: user } });
    const { result } = renderHook(() => useUser());
    expect(result.current).toEqual({ user: null, isLoading: true, hasSignedOut: false });
    await waitFor(() => expect(result.current.user?.email).toBe('ana@example.com'));
    expect(result.current.isLoading).toBe(false);
    expect(calls.filter((call) => call.path === '/api/auth/me')).toHaveLength(1);
    // Kept for the next visit's first render.
    expect(JSON.parse(window.localStorage.getItem('lastUser') ?? 'null')?.email).toBe(
      'ana@example.com',
    );
  });

  it('is the last user at once while the server is asked, then the answer', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    window.localStorage.setItem('lastUser', JSON.stringify(makeUser({ defaultCurrency: 'USD' })));
    fakeApi({
      'GET /api/auth/me': { body: makeUser({ defaultCurrency: 'EUR' }) },
    });
    const answer = holdAnswersTo('/api/auth/me');
    const { result } = renderHook(() => useUser());
    expect(result.current.user?.defaultCurrency).toBe('USD');
    expect(result.current.isLoading).toBe(false);
    expect(knownUser()?.defaultCurrency).toBe('USD');
    answer();
    await waitFor(() => expect(result.current.user?.defaultCurrency).toBe('EUR'));
  });

  it('signs out when the server refuses the token, forgetting the token and the last user', async () => {
    withRefusedSession();
    await expect(sessionUser()).resolves.toBeNull();
    expect(knownUser()).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('lastUser')).toBeNull();
  });

  it('opens offline as the last user when the server cannot be reached', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    window.localStorage.setItem(
      'lastUser',
      JSON.stringify(makeUser({ email: 'last@example.com' })),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(sessionUser()).resolves.toMatchObject({ email: 'last@example.com' });
    expect(window.localStorage.getItem('token')).toBe('jwt-token');
  });

  it('keeps a user set by a sign-in over a check answered after it', async () => {
    window.localStorage.setItem('token', 'old-token');
    fakeApi({
      'GET /api/auth/me': { body: makeUser({ email: 'old@example.com' }) },
    });
    const answer = holdAnswersTo('/api/auth/me');
    const { result } = renderHook(() => useUser());
    const pending = sessionUser();
    act(() => setSessionUser(makeUser({ email: 'new@example.com' })));
    // Read at once by any render; the hook's component is told a task later.
    expect(knownUser()?.email).toBe('new@example.com');
    await waitFor(() => expect(result.current.user?.email).toBe('new@example.com'));
    answer();
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(result.current.user?.email).toBe('new@example.com');
  });

  it('stays signed out after sign-out, whatever a check still under way answers', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    window.localStorage.setItem('lastUser', JSON.stringify(makeUser()));
    fakeApi({ 'GET /api/auth/me': { body: makeUser() } });
    const answer = holdAnswersTo('/api/auth/me');
    const { result } = renderHook(() => useUser());
    const pending = sessionUser();
    act(() => endSessionUser());
    expect(knownUser()).toBeNull();
    await waitFor(() =>
      expect(result.current).toEqual({ user: null, isLoading: false, hasSignedOut: true }),
    );
    answer();
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(result.current.user).toBeNull();
  });

  it('asks again on refresh (after a restore) and takes the new answer', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    let currency = 'USD';
    const { calls } = fakeApi({
      'GET /api/auth/me': () => ({ body: makeUser({ defaultCurrency: currency }) }),
    });
    const { result } = renderHook(() => useUser());
    await waitFor(() => expect(result.current.user?.defaultCurrency).toBe('USD'));
    currency = 'JPY';
    await act(() => refreshSessionUser());
    await waitFor(() => expect(result.current.user?.defaultCurrency).toBe('JPY'));
    expect(calls.filter((call) => call.path === '/api/auth/me')).toHaveLength(2);
  });
});
