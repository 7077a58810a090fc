import {
  bulkDeleteSchema,
  bulkEditResultSchema,
  bulkEditSchema,
  bulkRevertSchema,
  messageSchema,
} from '@moneta/shared';
import { z } from 'zod';
import { errorAnswers } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { TransactionsAreaOptions } from './transactions-routes';

const errors = errorAnswers(400, 401, 404);

/** Several transactions deleted or edited at once, and the undo of an edit. */
export async function transactionsBulkRoutes(
  app: App,
  options: TransactionsAreaOptions,
): Promise<void> {
  const { transactions } = options;
  const { tags, security } = options.area;

  app.delete(
    '/bulk',
    {
      schema: {
        tags,
        security,
        summary: 'Delete several transactions, all or nothing',
        description: prose`
          Each row moves to the trash, as \`DELETE /api/transactions/:id\` does. An id that is
          not one of the user's transactions is a 404 \`TRANSACTION_NOT_FOUND\`, and nothing
          changes.`,
        body: bulkDeleteSchema,
        response: {
          200: messageSchema.extend({ deletedCount: z.number() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const deletedCount = await transactions.removeMany(
        request.household.id,
        request.body.transactionIds,
      );
      return { message: `${deletedCount} transaction(s) deleted.`, deletedCount };
    },
  );

  app.patch(
    '/bulk',
    {
      schema: {
        tags,
        security,
        summary: 'Give several transactions the same category, account, name, date, note or tags',
        description: prose`
          All or nothing, in one statement: if any id is not one of the user's transactions,
          nothing changes (404 \`TRANSACTION_NOT_FOUND\`); an \`accountId\` that is not the
          user's is 404 \`ACCOUNT_NOT_FOUND\`. Amounts, kinds and currencies never change here.
          The answer holds what each row had before in \`previous\`, which
          \`POST /api/transactions/bulk/revert\` puts back.

          A set \`addedOn\` that puts two occurrences of one recurring rule on one day → 409
          \`RECURRING_DAY_TAKEN\`, nothing changed. A set \`category\` on a selection holding a
          split transaction → 400 \`VALIDATION\` "Some of the selected transactions are split:
          change their parts one by one. Nothing was changed." (its category is its largest
          part's); other fields may be set on split transactions.`,
        body: bulkEditSchema,
        response: { 200: bulkEditResultSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) =>
      transactions.bulkEdit(
        request.household.id,
        request.user.id,
        request.body.transactionIds,
        request.body.set,
      ),
  );

  app.post(
    '/bulk/revert',
    {
      schema: {
        tags,
        security,
        summary: 'Undo a bulk edit: put back the `previous` values it answered',
        description: prose`
          Each row gets its own \`previous\` values back, all or nothing, with the same checks as
          the edit: a blank \`name\` → 400 ("Please enter a name for the transaction."), an
          \`_id\` listed twice → 400 (each row is put back once), a \`category\` for a
          transaction that is split (since the edit) → 400 \`VALIDATION\`; nothing changed. The
          answer is as \`PATCH /api/transactions/bulk\`'s (its \`previous\` would redo the
          edit).`,
        body: bulkRevertSchema,
        response: { 200: bulkEditResultSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) =>
      transactions.bulkRevert(request.household.id, request.user.id, request.body.previous),
  );
}
