import type { App } from '../../src/http/types';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who calls: a signed-up user, or any holder of a bearer token. */
export interface Caller {
  headers: { authorization: string };
}

/**
 * The API as a test calls it, on the app `app()` answers (read at each call, so that a test file
 * can make its app in beforeAll): `call` answers the response as it came; `ok` insists on a 2xx
 * and answers its JSON body.
 */
export function apiCalls(app: () => App) {
  const call = (caller: Caller, method: Method, url: string, payload?: unknown) =>
    app().inject({
      method,
      url,
      headers: caller.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function ok<T>(caller: Caller, method: Method, url: string, payload?: unknown) {
    const response = await call(caller, method, url, payload);
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json<T>();
  }

  return { call, ok };
}
