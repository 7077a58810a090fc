import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { fakeApi } from '@/testing/fake-api';

describe('api client', () => {
  it('sends JSON with the stored bearer token', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    const { calls } = fakeApi({ 'POST /api/things': { status: 201, body: { id: 1 } } });
    await expect(api.post('/things', { name: 'Tea' })).resolves.toEqual({ id: 1 });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer jwt-token');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ name: 'Tea' });
  });

  it('sends a form as multipart, leaving its Content-Type to fetch', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    const { calls } = fakeApi({ 'POST /api/files': { status: 201, body: { id: 2 } } });
    const form = new FormData();
    form.append('receipt', new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }));
    await expect(api.upload('/files', form)).resolves.toEqual({ id: 2 });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer jwt-token');
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
    expect(calls[0]?.body).toBe(form);
  });

  it("turns an error answer into an ApiError carrying the server's message", async () => {
    fakeApi({
      'POST /api/auth/login': {
        status: 429,
        body: { message: 'Too many attempts. Try again later.', code: 'RATE_LIMITED' },
      },
    });
    const error: unknown = await api.post('/auth/login', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(errorMessage(error, 'Login failed. Please try again.')).toBe(
      'Too many attempts. Try again later.',
    );
  });

  it("keeps a 400's message for each field it names, and none for other errors", async () => {
    fakeApi({
      'PUT /api/receipts/r1': {
        status: 400,
        body: {
          message: 'Please enter a valid date.',
          code: 'VALIDATION',
          errors: [
            { path: 'date', message: 'Please enter a valid date.' },
            { path: 'amount' },
            'garbage',
            {
              path: 'merchant',
              message: 'merchant must be at most 100 characters long.',
              code: 'too_big',
              params: { maximum: 100, origin: 'string' },
            },
            { path: 'category', message: 'Odd.', code: 7, params: ['not', 'an', 'object'] },
          ],
        },
      },
      'GET /api/receipts': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } },
    });
    const invalid: unknown = await api.put('/receipts/r1', {}).catch((caught: unknown) => caught);
    expect(invalid).toMatchObject({
      status: 400,
      fieldErrors: [
        { path: 'date', message: 'Please enter a valid date.' },
        // The kind of problem and its limits, when the server names them (docs/api.md).
        {
          path: 'merchant',
          message: 'merchant must be at most 100 characters long.',
          code: 'too_big',
          params: { maximum: 100, origin: 'string' },
        },
        { path: 'category', message: 'Odd.' },
      ],
    });
    expect((invalid as { fieldErrors: object[] }).fieldErrors[2]).toEqual({
      path: 'category',
      message: 'Odd.',
    });
    const failed: unknown = await api.get('/receipts').catch((caught: unknown) => caught);
    expect(failed).toMatchObject({ status: 500, fieldErrors: [] });
  });

  it('uses the fallback when the server sends no message or cannot be reached', async () => {
    fakeApi({ 'GET /api/auth/me': { status: 502 } });
    const badGateway: unknown = await api.get('/auth/me').catch((caught: unknown) => caught);
    expect(errorMessage(badGateway, 'Fallback.')).toBe('Fallback.');

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline: unknown = await api.get('/auth/me').catch((caught: unknown) => caught);
    expect(offline).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(errorMessage(offline, 'Fallback.')).toBe('Fallback.');
  });

  it('signs out on a 401 for an ended session', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/settings', assign });
    fakeApi({
      'GET /api/auth/sessions': {
        status: 401,
        body: { message: 'Your session has expired. Please sign in again.', code: 'INVALID_TOKEN' },
      },
    });
    await expect(api.get('/auth/sessions')).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it.each([
    ['PUT', '/auth/password', 'WRONG_PASSWORD'],
    ['POST', '/auth/2fa/enable', 'INVALID_CODE'],
    ['POST', '/auth/2fa/disable', 'INVALID_CODE'],
    ['POST', '/auth/passkeys/register', 'PASSKEY_REJECTED'],
    ['POST', '/auth/login/2fa', 'CHALLENGE_INVALID'],
  ])(
    'keeps the user signed in on a 401 that answers a form (%s %s, %s)',
    async (method, path, code) => {
      window.localStorage.setItem('token', 'jwt-token');
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, pathname: '/settings', assign });
      fakeApi({
        [`${method} /api${path}`]: { status: 401, body: { message: 'Not right.', code } },
      });
      const send = method === 'PUT' ? api.put : api.post;
      await expect(send(path, {})).rejects.toMatchObject({ status: 401, code });
      expect(window.localStorage.getItem('token')).toBe('jwt-token');
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it('keeps a new token when a request sent with the old one is refused', async () => {
    window.localStorage.setItem('token', 'old-token');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/settings', assign });
    fakeApi({
      'GET /api/auth/events': () => {
        // The password changed while this request was on its way.
        window.localStorage.setItem('token', 'new-token');
        return { status: 401, body: { message: 'Expired.', code: 'INVALID_TOKEN' } };
      },
    });
    await expect(api.get('/auth/events')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(assign).not.toHaveBeenCalled();
  });
});
