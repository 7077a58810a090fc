import { apiErrorSchema } from '@moneta/shared';
import type { onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import type { App } from './types';
import { enterWorkScope } from './work-scope';

/**
 * The `:id` of a path: any string the length of an id. One that is malformed or not the user's
 * is not found (404) by the service, so that an id never tells whether it exists for someone else.
 */
export const idParams = z.object({ id: z.string().max(64) });

/**
 * The error answers a route documents, every one `{ message, code? }` (docs/api.md, General rules).
 */
export function errorAnswers<const Status extends number>(
  ...statuses: Status[]
): { [Code in Status as `${Code}`]: typeof apiErrorSchema } {
  // Keys as an object literal has them (strings), which is what Fastify's reply types expect.
  return Object.fromEntries(statuses.map((status) => [String(status), apiErrorSchema])) as {
    [Code in Status as `${Code}`]: typeof apiErrorSchema;
  };
}

/**
 * Makes every route registered on `app` (one plugin's scope) run `authenticate` first, and
 * returns what their API documentation shares: the plugin's tag and the bearer scheme.
 */
export function signedInArea(app: App, authenticate: onRequestHookHandler, tag: string) {
  app.addHook('onRequest', authenticate);
  // The user's fair share of the database connections (db/fair-pool.ts) from here on.
  app.addHook('preHandler', enterWorkScope);
  return { tags: [tag], security: [{ bearerAuth: [] as string[] }] };
}
