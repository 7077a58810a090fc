import { renameTagSchema, tagChangeSchema, tagListSchema, tagParamsSchema } from '@moneta/shared';
import { errorAnswers, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import type { TagsService } from './tags-service';

export interface TagsRoutesOptions {
  tags: TagsService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 404);

export async function tagsRoutes(app: App, options: TagsRoutesOptions): Promise<void> {
  const service = options.tags;
  const { tags, security } = signedInArea(app, options.authenticate, 'tags');

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'The tags in use, A to Z, with how many transactions carry each',
        description: prose`
          The user's tags A→Z (ignoring case) with how many transactions carry each.`,
        response: { 200: tagListSchema, ...errors },
      },
    },
    async (request) => service.list(request.household.id),
  );

  app.put(
    '/:name',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a tag; a name in use already merges the two',
        description: prose`
          Renames \`:name\` (ignoring case) on every transaction; a \`name\` the user has
          already merges the two (a row carrying both keeps one). Afterwards every row
          spells it as \`name\`.`,
        params: tagParamsSchema,
        body: renameTagSchema,
        response: { 200: tagChangeSchema, ...errors },
      },
    },
    async (request) => {
      const updatedCount = await service.rename(
        request.household.id,
        request.params.name,
        request.body.name,
      );
      return { message: `Tag renamed on ${updatedCount} transaction(s).`, updatedCount };
    },
  );

  app.delete(
    '/:name',
    {
      schema: {
        tags,
        security,
        summary: 'Take a tag off every transaction',
        params: tagParamsSchema,
        response: { 200: tagChangeSchema, ...errors },
      },
    },
    async (request) => {
      const updatedCount = await service.remove(request.household.id, request.params.name);
      return { message: `Tag removed from ${updatedCount} transaction(s).`, updatedCount };
    },
  );
}
