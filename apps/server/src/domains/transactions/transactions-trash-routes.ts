import { messageSchema, pageQueryShape, trashPageSchema, trashRestoreSchema } from '@moneta/shared';
import { z } from 'zod';
import { errorAnswers } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { TransactionsAreaOptions } from './transactions-routes';

const errors = errorAnswers(400, 401, 404);

/** Deleted transactions, kept 30 days, and putting them back. */
export async function transactionsTrashRoutes(
  app: App,
  options: TransactionsAreaOptions,
): Promise<void> {
  const { transactions } = options;
  const { tags, security } = options.area;

  app.get(
    '/trash',
    {
      schema: {
        tags,
        security,
        summary: 'Deleted transactions, restorable for 30 days, the latest deleted first',
        description: prose`
          A row stays 30 days after its deletion; then it is gone for good (it is neither listed
          nor restorable from then on, and is purged at the next delete).`,
        querystring: z.object(pageQueryShape),
        response: { 200: trashPageSchema, ...errors },
      },
    },
    async (request) =>
      transactions.trash(request.household.id, request.query.page, request.query.limit),
  );

  app.post(
    '/trash/restore',
    {
      schema: {
        tags,
        security,
        summary: 'Put deleted transactions back, all or nothing',
        description: prose`
          They come back exactly as they were (same id, creation time, links). If any id is not
          in the user's trash, nothing is restored (404 \`TRASH_NOT_FOUND\`). A row whose
          account was deleted since goes to the default account; a link to a receipt, recurring
          rule or import deleted since is dropped; an occurrence whose day its rule has filled
          again comes back unlinked. Restoring the rows of an import that was undone is not
          possible: undoing an import forgets its rows in the trash. Files attached to a
          transaction (\`POST /api/transactions/:id/attachments\`) are held with it in the trash
          and come back with it, byte for byte; they go when its trash row expires.`,
        body: trashRestoreSchema,
        response: {
          200: messageSchema.extend({ restoredCount: z.number() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const restoredCount = await transactions.restoreFromTrash(
        request.household.id,
        request.user.id,
        request.body.transactionIds,
      );
      return { message: `${restoredCount} transaction(s) restored.`, restoredCount };
    },
  );
}
