import { apiErrorSchema, messageSchema } from '@moneta/shared';
import type { App } from '../../http/types';
import { SESSION_ONLY_SECURITY } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import type { HouseholdsService } from '../households/households-service';

export interface UsersRoutesOptions {
  households: Pick<HouseholdsService, 'deleteUser'>;
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
        response: { 200: messageSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      // The households the user alone belongs to go with them (the households service).
      await options.households.deleteUser(request.user.id);
      return { message: 'Your account and all of its data have been deleted.' };
    },
  );
}
