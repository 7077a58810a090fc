import { endedSessionsSchema, messageSchema, sessionListSchema } from '@moneta/shared';
import { z } from 'zod';
import { clientOf } from '../../http/client-info';
import { errorAnswers, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { SESSION_ONLY_SECURITY } from '../../plugins/api-docs';
import type { Authenticators, RequestAuth } from '../../plugins/authenticate';
import type { SessionsService } from './sessions-service';

export interface SessionsRoutesOptions {
  sessions: SessionsService;
  authenticators: Authenticators;
}

const errors = errorAnswers(401, 403, 404);

/** Session routes only run for sessions (authenticateSession). */
function currentSession(auth: RequestAuth): string {
  return auth.kind === 'session' ? auth.sessionId : '';
}

export async function sessionsRoutes(app: App, options: SessionsRoutesOptions): Promise<void> {
  const { sessions } = options;
  const { tags } = signedInArea(app, options.authenticators.authenticateSession, 'sessions');
  const security = SESSION_ONLY_SECURITY;

  app.get(
    '/sessions',
    {
      schema: {
        tags,
        security,
        summary: "The user's sessions (sign-ins not ended or expired), newest first",
        response: { 200: sessionListSchema, ...errors },
      },
    },
    async (request) => sessions.list(request.user.id, currentSession(request.auth)),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'End one session: its token is refused from then on',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await sessions.end(request.user.id, request.params.id, clientOf(request));
      return { message: 'Session ended.' };
    },
  );

  app.delete(
    '/sessions',
    {
      schema: {
        tags,
        security,
        summary: 'End every session but this one (sign out everywhere else)',
        response: { 200: endedSessionsSchema, ...errors },
      },
    },
    async (request) => {
      const ended = await sessions.endAllBut(
        request.user.id,
        currentSession(request.auth),
        clientOf(request),
      );
      return { message: `Signed out of ${ended} other session${ended === 1 ? '' : 's'}.`, ended };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        security,
        summary: 'Sign out: ends the current session',
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await sessions.end(request.user.id, currentSession(request.auth), clientOf(request), true);
      return { message: 'Signed out.' };
    },
  );
}
