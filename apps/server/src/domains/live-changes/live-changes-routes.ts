import { changeStreamQuerySchema, HOUSEHOLD_HEADER, LIVE_CHANGE_LIMITS } from '@moneta/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import type { LiveChangesService } from './live-changes-service';

export interface LiveChangesRoutesOptions {
  liveChanges: LiveChangesService;
  authenticate: Authenticate;
}

/**
 * A browser's EventSource cannot send headers: `?household=` names the household instead, read
 * by `authenticate` as if it were the header (which wins when both are sent).
 */
async function householdFromQuery(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { household } = request.query as { household?: unknown };
  if (typeof household === 'string' && request.headers[HOUSEHOLD_HEADER] === undefined) {
    request.headers[HOUSEHOLD_HEADER] = household;
  }
}

/** The active household's changes, as server-sent events (docs/api.md, Live changes). */
export async function liveChangesRoutes(app: App, options: LiveChangesRoutesOptions) {
  const { liveChanges } = options;
  app.addHook('onRequest', householdFromQuery);
  const { tags, security } = signedInArea(app, options.authenticate, 'events');

  app.get(
    '/',
    {
      // Compressed, the events would wait in the compressor's buffer instead of reaching the
      // screen.
      compress: false,
      schema: {
        tags,
        security,
        summary: 'Hear of every change to the household’s data as it commits (server-sent events)',
        description: prose`
          Answer \`200\`: \`text/event-stream\`, open until the client closes it. Each change
          committed by any member, through any server instance, is an \`event: change\` whose
          \`data\` is \`{ "domains": [...] }\`: the parts of the household's data that changed
          (\`transactions\` (transfers and attachments too), \`accounts\`, \`budgets\`,
          \`categories\`, \`goals\`, \`recurring\`, \`rules\`, \`receipts\`, \`imports\`,
          \`rates\`, \`households\` (members, invitations, its name)); changes within
          ${LIVE_CHANGE_LIMITS.coalesceMs} ms come as one event. A comment line every
          ${LIVE_CHANGE_LIMITS.heartbeatMs / 1000} s keeps the stream open through proxies;
          \`retry:\` says how long to wait before reconnecting.

          The household is the \`Moneta-Household\` header's, else \`household\` of the query
          (an EventSource sends no headers), else the default; a viewer may listen. A member
          removed from the household has their stream ended at once. At most
          ${LIVE_CHANGE_LIMITS.streamsPerUser} streams per user are open at once: 429
          \`TOO_MANY_REQUESTS\` beyond.`,
        querystring: changeStreamQuerySchema,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const body = await liveChanges.open(request.user.id, request.household.id);
      return (
        reply
          .header('Content-Type', 'text/event-stream; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .header('X-Accel-Buffering', 'no')
          // An ended stream's connection is not kept for another request: a server shutting down
          // would wait for it to go idle before it could stop.
          .header('Connection', 'close')
          .send(body)
      );
    },
  );
}
