import { ErrorCode } from '@moneta/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './app-error';

const NUL_MESSAGE = 'Text must not contain NUL (\\u0000) characters.';

/** Far deeper than any request of the API; deeper bodies are refused before anything walks them. */
export const MAX_JSON_DEPTH = 32;

/**
 * PostgreSQL text cannot hold the NUL character, so any NUL in input would surface as a
 * database error. Reject it at the edge, once for every route: in JSON bodies (checked after
 * parsing), and in query strings and path parameters. JSON bodies nested deeper than
 * MAX_JSON_DEPTH are refused too: JSON.parse itself copes with any depth, but a recursive walk
 * over 200,000 nested arrays (a 400 kB body) overflows the stack.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: app.initialConfig.bodyLimit },
    (
      _request: FastifyRequest,
      body: string,
      done: (error: Error | null, value?: unknown) => void,
    ) => {
      if (body.trim() === '') {
        done(badRequest('The request body is empty; send a JSON object.', ErrorCode.EMPTY_BODY));
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        done(badRequest('The request body is not valid JSON.', ErrorCode.INVALID_JSON));
        return;
      }
      const problem = checkJson(parsed);
      done(problem ?? null, problem ? undefined : parsed);
    },
  );

  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params)) {
      throw badRequest(NUL_MESSAGE, ErrorCode.NUL_CHARACTER);
    }
  });
}

/** Walks a parsed body without recursion: too deep, or a NUL in any key or string → the error. */
function checkJson(root: unknown): Error | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, depth } = item;
    if (typeof value === 'string') {
      if (value.includes('\0')) return badRequest(NUL_MESSAGE, ErrorCode.NUL_CHARACTER);
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_JSON_DEPTH) {
        return badRequest('The request body is nested too deeply.', ErrorCode.JSON_TOO_DEEP);
      }
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\0')) return badRequest(NUL_MESSAGE, ErrorCode.NUL_CHARACTER);
        pending.push({ value: inner, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\0') || containsNul(inner));
  }
  return false;
}
