import {
  categoryChangeResultSchema,
  categoryChangeSchema,
  categorySchema,
  categoryVisibilitySchema,
  deleteCategorySchema,
  managedCategorySchema,
  messageSchema,
  newCategorySchema,
} from '@moneta/shared';
import { z } from 'zod';
import { errorAnswers, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { CategoriesService } from './categories-service';

export interface CategoriesRoutesOptions {
  categories: CategoriesService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 404);
const createErrors = errorAnswers(400, 401, 409);
const categoryList = z.array(z.string());

/**
 * Categories keep the paths the original client calls, under /transactions (docs/api.md, General
 * rules): /transactions/categories[/expense|/income] and DELETE /transactions/category.
 */
export async function categoriesRoutes(app: App, options: CategoriesRoutesOptions): Promise<void> {
  const { categories } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'categories');

  app.get(
    '/categories',
    {
      schema: {
        tags,
        security,
        summary: 'Expense and income categories together',
        response: { 200: categoryList, ...errors },
      },
    },
    async (request) => categories.listAll(request.user.id),
  );

  for (const kind of ['expense', 'income'] as const) {
    app.get(
      `/categories/${kind}`,
      {
        schema: {
          tags,
          security,
          summary: `Built-in then custom ${kind} categories`,
          response: { 200: categoryList, ...errors },
        },
      },
      async (request) => categories.list(request.user.id, kind === 'income'),
    );
  }

  app.delete(
    '/category',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a custom category (its transactions move to Miscellaneous)',
        body: deleteCategorySchema,
        response: { 200: messageSchema.extend({ movedCount: z.number() }), ...errors },
      },
    },
    async (request) => {
      const name = request.body.categoryToDelete;
      const { movedCount } = await categories.remove(request.user.id, name);
      return {
        message: `Category "${name}" deleted; ${movedCount} transaction(s) moved to Miscellaneous.`,
        movedCount,
      };
    },
  );
}

/** /categories: categories managed on their own (creating one before any transaction uses it). */
export async function manageCategoriesRoutes(
  app: App,
  options: CategoriesRoutesOptions,
): Promise<void> {
  const { categories } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'categories');

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Add a custom category of one kind',
        body: newCategorySchema,
        response: { 201: categorySchema, ...createErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await categories.create(request.user.id, request.body)),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Every category of both kinds, hidden ones included, with how many transactions each holds',
        response: { 200: z.array(managedCategorySchema), ...errors },
      },
    },
    async (request) => categories.listManaged(request.user.id),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Rename a category, or merge it into an existing one of the same kind (transactions, budgets, rules and recurring follow)',
        body: categoryChangeSchema,
        response: { 200: categoryChangeResultSchema, ...errors },
      },
    },
    async (request) => categories.change(request.user.id, request.body),
  );

  app.put(
    '/hidden',
    {
      schema: {
        tags,
        security,
        summary: 'Hide a category from the pickers, or show it again (its rows keep it)',
        body: categoryVisibilitySchema,
        response: { 200: categorySchema.required({ hidden: true }), ...errors },
      },
    },
    async (request) => categories.setHidden(request.user.id, request.body),
  );
}
