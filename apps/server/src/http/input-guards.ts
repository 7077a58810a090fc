import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './app-error';

const NUL_MESSAGE = 'Text must not contain NUL (\\u0000) characters.';

/**
 * PostgreSQL text cannot hold the NUL character, so any NUL in input would surface as a
 * database error. Reject it at the edge, once for every route: in JSON bodies (checked while
 * parsing), and in query strings and path parameters.
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
        done(badRequest('The request body is empty; send a JSON object.', 'EMPTY_BODY'));
        return;
      }
      try {
        done(null, JSON.parse(body, rejectNul));
      } catch (error) {
        done(
          error instanceof SyntaxError
            ? badRequest('The request body is not valid JSON.', 'INVALID_JSON')
            : (error as Error),
        );
      }
    },
  );

  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params)) {
      throw badRequest(NUL_MESSAGE, 'NUL_CHARACTER');
    }
  });
}

function rejectNul(key: string, value: unknown): unknown {
  if (key.includes('\0') || (typeof value === 'string' && value.includes('\0'))) {
    throw badRequest(NUL_MESSAGE, 'NUL_CHARACTER');
  }
  return value;
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\0') || containsNul(inner));
  }
  return false;
}
