import { paths } from '@/config/paths';
import { clearToken, getToken } from './token';

const API_BASE = '/api';

/** Calls where a 401 is an answer for the caller (wrong password, stale token at start-up). */
const CALLS_THAT_HANDLE_401 = new Set(['/auth/login', '/auth/signup', '/auth/me']);

/** An error answered by the API (or the network failing), carrying the server's `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    /** False when the message is ours, not the server's (network down, non-JSON answer). */
    readonly hasServerMessage: boolean,
  ) {
    super(message);
  }
}

/** The server's message when it sent one, otherwise the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage ? error.message : fallback;
}

function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field: unknown = Reflect.get(value, key);
  return typeof field === 'string' ? field : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function signOutEverywhere(): void {
  clearToken();
  if (window.location.pathname !== paths.login) window.location.assign(paths.login);
}

async function send(
  method: string,
  path: string,
  body?: unknown,
  accept = 'application/json',
  extraHeaders: Record<string, string> = {},
) {
  const headers = new Headers({ ...extraHeaders, Accept: accept });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // A form (a file upload) goes as multipart; fetch sets its Content-Type with the boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined || isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      'Could not reach the server. Check your connection and try again.',
      0,
      'NETWORK_ERROR',
      false,
    );
  }
  if (!response.ok) await throwApiError(path, response);
  return response;
}

async function throwApiError(path: string, response: Response): Promise<never> {
  const data = await readJson(response);
  // A token that stopped working (expired, account deleted) ends the session app-wide.
  if (response.status === 401 && !CALLS_THAT_HANDLE_401.has(path)) signOutEverywhere();
  const message = stringField(data, 'message')?.trim();
  throw new ApiError(
    message || `Request failed (${response.status}).`,
    response.status,
    stringField(data, 'code') ?? 'HTTP_ERROR',
    Boolean(message),
  );
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const response = await send(method, path, body, 'application/json', headers);
  // The API contract (DESIGN §2) fixes the shape of each answer; callers name it with T.
  return (await readJson(response)) as T;
}

/** A file answered by the API (a CSV export), read whole; failures throw ApiError like the rest. */
async function download(path: string): Promise<Blob> {
  const response = await send('GET', path, undefined, '*/*');
  try {
    return await response.blob();
  } catch {
    throw new ApiError('The download was interrupted.', 0, 'NETWORK_ERROR', false);
  }
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  /** `headers` adds request headers, such as an Idempotency-Key. */
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('POST', path, body, headers),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
  /** POSTs a multipart form (files); answers and failures are handled like every other call. */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
  download,
};
