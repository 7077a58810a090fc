import type { ErrorCode } from '@moneta/shared/error-codes';
import { paths } from '@/config/paths';
import { activeHouseholdId } from './households/active-household';
import { currentI18n } from './i18n/current';
import { clearToken, getToken } from './token';

const API_BASE = '/api';

/**
 * The household a request acts on (docs/api.md, Households). Written out rather than imported
 * from the households' schemas, which would bring zod into the first page's code.
 */
const HOUSEHOLD_HEADER = 'Moneta-Household';

/**
 * Calls where a 401 is an answer for the caller (wrong password, stale token at start-up, a
 * sign-out whose session had already ended).
 */
const CALLS_THAT_HANDLE_401 = new Set([
  '/auth/login',
  '/auth/login/2fa',
  '/auth/passkeys/login',
  '/auth/signup',
  '/auth/me',
  '/auth/logout',
]);

/**
 * 401 codes that answer a form (a wrong current password or code, a spent sign-in challenge, a
 * passkey the server refused), not a session that ended: the user stays signed in and the form
 * shows the message. Any other 401 (INVALID_TOKEN, NO_TOKEN, a proxy's bare 401) signs out.
 */
// Written as the codes' own strings (type-checked against ErrorCode): the ErrorCode object, every
// code the server has, would come into the entry chunk with it.
const FORM_ANSWER_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'INVALID_CREDENTIALS',
  'WRONG_PASSWORD',
  'INVALID_CODE',
  'CHALLENGE_INVALID',
  'PASSKEY_REJECTED',
]);

/**
 * The codes this client gives failures the server never answered (the network failing, an answer
 * without a JSON code). Not in ErrorCode, which lists what the server sends: the server has no
 * use for them, and must not be able to throw them.
 */
export const ClientErrorCode = {
  NETWORK_ERROR: 'NETWORK_ERROR',
  HTTP_ERROR: 'HTTP_ERROR',
} as const;

/**
 * A field a 400 refused: its English `message`, and the kind of problem (`code`, zod's issue
 * code) with its limits (`params`) when the server names them (lib/forms/field-message.ts).
 */
export type FieldError = {
  path: string;
  message: string;
  code?: string;
  params?: Readonly<Record<string, unknown>>;
};

/** An error answered by the API (or the network failing), carrying the server's `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    /** An ErrorCode or a ClientErrorCode; a string, since a proxy may answer with its own. */
    readonly code: string,
    /** False when the message is ours, not the server's (network down, non-JSON answer). */
    readonly hasServerMessage: boolean,
    /** A 400's message for each field it refused (`path` is the body's key), if it named any. */
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

/**
 * The server's message when it sent one, otherwise the screen's own fallback text. Outside
 * English, the error's code says it in the user's language (namespace `errors`, docs/i18n.md);
 * English keeps the server's own words, the product's fixed wording.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError && error.hasServerMessage)) return fallback;
  const key = `errors:${error.code}`;
  const i18n = currentI18n();
  if (i18n && !i18n.language.startsWith('en') && i18n.exists(key)) return i18n.t(key);
  return error.message;
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

function fieldErrorsOf(data: unknown): FieldError[] {
  if (typeof data !== 'object' || data === null) return [];
  const errors: unknown = Reflect.get(data, 'errors');
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((error: unknown) => {
    const path = stringField(error, 'path');
    const message = stringField(error, 'message');
    if (path === undefined || !message) return [];
    const code = stringField(error, 'code');
    const params: unknown = Reflect.get(error as object, 'params');
    return [
      {
        path,
        message,
        ...(code === undefined ? {} : { code }),
        ...(typeof params === 'object' && params !== null && !Array.isArray(params)
          ? { params: params as Record<string, unknown> }
          : {}),
      },
    ];
  });
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
  const householdId = activeHouseholdId();
  if (householdId) headers.set(HOUSEHOLD_HEADER, householdId);
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
      ClientErrorCode.NETWORK_ERROR,
      false,
    );
  }
  if (!response.ok) await throwApiError(path, response, token);
  return response;
}

async function throwApiError(
  path: string,
  response: Response,
  sentToken: string | null,
): Promise<never> {
  const data = await readJson(response);
  const code = stringField(data, 'code') ?? ClientErrorCode.HTTP_ERROR;
  // A token that stopped working (expired, ended, account deleted) ends the session app-wide.
  // Not when the token has changed since the request left: a password change replaces the
  // session, and a request still carrying the old token says nothing about the new one.
  if (
    response.status === 401 &&
    !CALLS_THAT_HANDLE_401.has(path) &&
    !FORM_ANSWER_CODES.has(code) &&
    sentToken === getToken()
  ) {
    signOutEverywhere();
  }
  const message = stringField(data, 'message')?.trim();
  throw new ApiError(
    message || `Request failed (${response.status}).`,
    response.status,
    code,
    Boolean(message),
    fieldErrorsOf(data),
  );
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const response = await send(method, path, body, 'application/json', headers);
  // The API contract (docs/api.md, General rules) fixes the shape of each answer; callers name it
  // with T.
  return (await readJson(response)) as T;
}

/** A file answered by the API (a CSV export), read whole; failures throw ApiError like the rest. */
async function download(path: string): Promise<Blob> {
  const response = await send('GET', path, undefined, '*/*');
  try {
    return await response.blob();
  } catch {
    throw new ApiError('The download was interrupted.', 0, ClientErrorCode.NETWORK_ERROR, false);
  }
}

/**
 * POSTs a multipart form reporting how much of it was sent (`onProgress` gets 0 to 1): fetch
 * cannot tell upload progress, XMLHttpRequest can. Answers and failures are those of `request`.
 */
function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const householdId = activeHouseholdId();
    if (householdId) xhr.setRequestHeader(HOUSEHOLD_HEADER, householdId);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      // The answer as a Response, so that errors are read exactly as for fetch.
      const response = new Response(xhr.responseText === '' ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
      });
      const answer = response.ok
        ? (readJson(response) as Promise<T>)
        : throwApiError(path, response, token);
      answer.then(resolve, reject);
    });
    const networkFailure = () =>
      reject(
        new ApiError(
          'Could not reach the server. Check your connection and try again.',
          0,
          ClientErrorCode.NETWORK_ERROR,
          false,
        ),
      );
    xhr.addEventListener('error', networkFailure);
    xhr.addEventListener('abort', networkFailure);
    xhr.send(form);
  });
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  /** `headers` adds request headers, such as an Idempotency-Key. */
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('POST', path, body, headers),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
  /** POSTs a multipart form (files); answers and failures are handled like every other call. */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
  uploadWithProgress,
  download,
};
