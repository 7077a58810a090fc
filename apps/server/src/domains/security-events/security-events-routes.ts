import { apiErrorSchema, securityEventListSchema } from '@moneta/shared';
import type { App } from '../../http/types';
import { SESSION_ONLY_SECURITY } from '../../plugins/api-docs';
import type { Authenticators } from '../../plugins/authenticate';
import type { SecurityEventsService } from './security-events-service';

export interface SecurityEventsRoutesOptions {
  events: SecurityEventsService;
  authenticators: Authenticators;
}

export async function securityEventsRoutes(
  app: App,
  options: SecurityEventsRoutesOptions,
): Promise<void> {
  app.get(
    '/events',
    {
      onRequest: options.authenticators.authenticateSession,
      schema: {
        tags: ['auth'],
        security: SESSION_ONLY_SECURITY,
        summary: "The account's last 100 security events, newest first",
        response: {
          200: securityEventListSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => options.events.list(request.user.id),
  );
}
