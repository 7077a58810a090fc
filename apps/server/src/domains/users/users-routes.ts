import { apiErrorSchema, messageSchema } from '@moneta/shared';
import type { App } from '../../http/types';
import { SESSION_ONLY_SECURITY } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import type { UsersService } from './users-service';

export interface UsersRoutesOptions {
  users: UsersService;
  authenticate: Authenticate;
}

export async function usersRoutes(app: App, options: UsersRoutesOptions): Promise<void> {
  app.delete(
    '/account',
    {
      onRequest: options.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Delete the account and all of its data',
        security: SESSION_ONLY_SECURITY,
        response: { 200: messageSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      await options.users.deleteAccount(request.user.id);
      return { message: 'Your account and all of its data have been deleted.' };
    },
  );
}
