import type { User } from '@moneta/shared/auth-schemas';
import type { Household } from '@moneta/shared/household-schemas';
import { ErrorCode } from '@moneta/shared/error-codes';
import { vi } from 'vitest';
import { currentLocale } from '@/lib/i18n/i18n';

type FakeReply = { status?: number; body?: unknown };
type Handler =
  FakeReply | ((request: { body: unknown; headers: Headers; query: URLSearchParams }) => FakeReply);

export type FakeCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};

/**
 * Replaces the network with answers keyed by "METHOD /api/path" — only `fetch` is faked; the
 * app's own modules (HTTP client, queries) run for real. Unknown calls answer 404.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    // JSON bodies are parsed; a multipart form (an upload) is handed over as the FormData.
    const body: unknown =
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : init?.body instanceof FormData
          ? init.body
          : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body, headers });
    const handler = handlers[`${method} ${url.pathname}`];
    const reply =
      typeof handler === 'function'
        ? handler({ body, headers, query: url.searchParams })
        : (handler ?? { status: 404, body: { message: 'Not found.', code: ErrorCode.NOT_FOUND } });
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXhrOver(fetchMock));
  return { calls, fetchMock };
}

/**
 * Holds the fake server's answers to `path` (e.g. '/api/auth/me') until the returned function is
 * called: for what a page draws while a request is still under way. Call after fakeApi.
 */
export function holdAnswersTo(path: string): () => void {
  const answer = vi.mocked(fetch);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname === path) await released;
    return answer(input, init);
  });
  return release;
}

/**
 * An XMLHttpRequest (the uploads that report progress) answered by the same fake `fetch`: the
 * call is recorded alike, the whole body counts as sent, then the answer loads.
 */
function fakeXhrOver(fetchMock: (input: string, init: RequestInit) => Promise<Response>) {
  return class FakeXhr {
    readonly upload = new EventTarget();
    private readonly events = new EventTarget();
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();
    private answerHeaders = new Headers();
    status = 0;
    responseText = '';

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    getResponseHeader(name: string) {
      return this.answerHeaders.get(name);
    }
    addEventListener(type: string, listener: EventListener) {
      this.events.addEventListener(type, listener);
    }
    send(body: XMLHttpRequestBodyInit | null) {
      void fetchMock(this.url, { method: this.method, headers: this.headers, body }).then(
        async (response) => {
          const progress = Object.assign(new Event('progress'), {
            lengthComputable: true,
            loaded: 1,
            total: 1,
          });
          this.upload.dispatchEvent(progress);
          this.status = response.status;
          this.answerHeaders = response.headers;
          this.responseText = await response.text();
          this.events.dispatchEvent(new Event('load'));
        },
      );
    }
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    email: 'ada@moneta.dev',
    isSetupComplete: true,
    defaultCurrency: 'USD',
    timeZone: 'Europe/Paris',
    // The locale the test switched the page to (changeLocale): LocaleSync would otherwise put
    // a signed-in page back into the user's saved locale at once.
    locale: currentLocale(),
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** One of the user's households: by default their personal one, owner, alone in it. */
export function makeHousehold(overrides: Partial<Household> = {}): Household {
  return {
    _id: '0190a1b2-0000-7000-8000-00000000000a',
    name: 'Personal',
    baseCurrency: 'USD',
    role: 'owner',
    memberCount: 1,
    isDefault: true,
    ...overrides,
  };
}

/**
 * A device that kept a session the server no longer accepts: a token and the last user seen
 * with it, and a fake server that refuses the token (`GET /api/auth/me` answers 401).
 */
export function withRefusedSession(handlers: Record<string, Handler> = {}) {
  window.localStorage.setItem('token', 'revoked');
  window.localStorage.setItem('lastUser', JSON.stringify(makeUser()));
  return fakeApi({
    'GET /api/auth/me': {
      status: 401,
      body: { message: 'Please sign in.', code: ErrorCode.UNAUTHORIZED },
    },
    ...handlers,
  });
}
