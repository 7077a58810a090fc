import { expect, type APIRequestContext } from '@playwright/test';

/** A call to the API as a signed-in user, for what a test sets up or checks outside the page. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  path: string,
  data?: object,
): Promise<T> {
  const response = await request[method](path, {
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}
