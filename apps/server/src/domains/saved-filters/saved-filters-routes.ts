import {
  messageSchema,
  savedFilterInputSchema,
  savedFilterListSchema,
  savedFilterSchema,
} from '@moneta/shared';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import type { SavedFiltersService } from './saved-filters-service';

export interface SavedFiltersRoutesOptions {
  savedFilters: SavedFiltersService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 404);

export async function savedFiltersRoutes(
  app: App,
  options: SavedFiltersRoutesOptions,
): Promise<void> {
  const { savedFilters } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'filters');

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'The saved searches, A to Z',
        description: prose`
          The user's saved searches A→Z.`,
        response: { 200: savedFilterListSchema, ...errors },
      },
    },
    async (request) => ({ filters: await savedFilters.list(request.user.id) }),
  );

  app.post(
    '/',
    {
      // Saved searches are the user's own: a viewer saves them too.
      config: { householdRole: 'viewer' },
      schema: {
        tags,
        security,
        summary: 'Save a search under a name',
        body: savedFilterInputSchema,
        response: { 201: savedFilterSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await savedFilters.create(request.user.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      config: { householdRole: 'viewer' },
      schema: {
        tags,
        security,
        summary: 'Delete a saved search',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await savedFilters.remove(request.user.id, request.params.id);
      return { message: 'Saved search deleted.' };
    },
  );
}
