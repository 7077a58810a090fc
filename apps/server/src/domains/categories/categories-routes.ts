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
import { prose } from '../../plugins/api-docs';
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
        description: prose`
          Hidden ones left out.`,
        response: { 200: categoryList, ...errors },
      },
    },
    async (request) => categories.listAll(request.household.id),
  );

  for (const kind of ['expense', 'income'] as const) {
    app.get(
      `/categories/${kind}`,
      {
        schema: {
          tags,
          security,
          summary: `Built-in then custom ${kind} categories`,
          description: prose`
            Hidden ones left out.`,
          response: { 200: categoryList, ...errors },
        },
      },
      async (request) => categories.list(request.household.id, kind === 'income'),
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
      const { movedCount } = await categories.remove(request.household.id, request.user.id, name);
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
        description: prose`
          A custom category of one kind, before any transaction uses it.`,
        body: newCategorySchema,
        response: { 201: categorySchema, ...createErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await categories.create(request.household.id, request.user.id, request.body)),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Every category of both kinds, hidden ones included, with how many transactions each holds',
        description: prose`
          Expense built-ins in their order, expense custom ones A→Z, then the same for
          income (Manage Categories).`,
        response: { 200: z.array(managedCategorySchema), ...errors },
      },
    },
    async (request) => categories.listManaged(request.household.id),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Rename a category, or merge it into an existing one of the same kind (transactions, budgets, rules and recurring follow)',
        description: prose`
          In one database transaction, every row that carries \`from\` of that kind moves
          to \`to\`: transactions, recurring rules, categorisation rules (those of that
          kind and those for both kinds), budgets (expense categories only; a month with a
          budget for both keeps one, \`to\`'s, with the amounts added and rollover if
          either had it) and what corrected receipts taught about shops. Then \`from\` is
          gone, unless it is built-in: a built-in category stays (architecture.md, Product
          rules), so it can be merged into another but never renamed. A renamed category
          keeps being hidden if it was; a merged one takes \`to\`'s visibility. Totals,
          charts, budgets' spending and reports follow at once (they are derived from the
          rows).

          Errors: 400 \`VALIDATION\`, \`BUILT_IN_CATEGORY\` (renaming a built-in),
          \`CATEGORY_MERGE_INTO_ITSELF\`; 404 \`CATEGORY_NOT_FOUND\` (no such category of
          that kind — another user's categories are not the user's). Nothing changes on an
          error.`,
        body: categoryChangeSchema,
        response: { 200: categoryChangeResultSchema, ...errors },
      },
    },
    async (request) => categories.change(request.household.id, request.user.id, request.body),
  );

  app.put(
    '/hidden',
    {
      schema: {
        tags,
        security,
        summary: 'Hide a category from the pickers, or show it again (its rows keep it)',
        description: prose`
          Errors: 400 \`VALIDATION\`; 404 \`CATEGORY_NOT_FOUND\`.`,
        body: categoryVisibilitySchema,
        response: { 200: categorySchema.required({ hidden: true }), ...errors },
      },
    },
    async (request) => categories.setHidden(request.household.id, request.user.id, request.body),
  );
}
