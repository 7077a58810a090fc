import {
  apiErrorSchema,
  idempotencyKeySchema,
  messageSchema,
  transactionInputSchema,
  transactionSchema,
  transactionUpdateSchema,
} from '@moneta/shared';
import { z } from 'zod';
import { errorAnswers, idParams } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { TransactionsAreaOptions } from './transactions-routes';

const errors = errorAnswers(400, 401, 404);
/** Other headers pass through untouched: the object only describes the optional key. */
const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

/** One transaction recorded, changed or deleted. */
export async function transactionsWriteRoutes(
  app: App,
  options: TransactionsAreaOptions,
): Promise<void> {
  const { transactions } = options;
  const { tags, security } = options.area;

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Record a transaction',
        description: prose`
          With an Idempotency-Key header, the same key and body within 24 hours returns the
          first answer (marked Idempotent-Replayed: true) and records nothing new; the same key
          with another body is refused with 422 \`IDEMPOTENCY_KEY_REUSED\` (see Idempotency).

          **Splits.** 2–50 parts (else 400 \`VALIDATION\` "A split needs 2 to 50 parts."), each
          with a category (1–50 chars), an amount greater than 0 in the transaction's direction
          ("Every part of a split goes the same way as the transaction: enter an amount greater
          than 0.") with no more decimals than the currency has ("Part n of the split in JPY can
          have no decimals."), and a note (≤ 500 chars); together exactly \`cost\` ("The parts of
          a split must add up to exactly the amount."). The transaction's \`category\` becomes its
          largest part's, whatever was sent. Left out, null or \`[]\`: not split.`,
        headers: idempotencyHeaders,
        body: transactionInputSchema,
        response: { 201: transactionSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const householdId = request.household.id;
      const key = request.headers['idempotency-key'];
      if (key === undefined) {
        return reply.status(201).send(await transactions.create(householdId, userId, request.body));
      }
      const answer = await options.idempotency.once(
        { userId, key, operation: 'POST /transactions', input: request.body },
        async (tx) => ({
          statusCode: 201,
          body: await transactions.create(householdId, userId, request.body, { tx }),
        }),
      );
      if (answer.isReplay) reply.header('Idempotent-Replayed', 'true');
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a transaction',
        description: prose`
          Without \`accountId\` the transaction keeps its account; without \`note\` the stored
          note stays (\`null\` or \`""\` clears it); without \`tags\` the stored tags stay.

          \`splits\`: new parts replace the stored ones (rules as for \`POST\`); null or \`[]\`
          makes the transaction whole again, in the \`category\` sent. Left out, the stored parts
          stay: then an edit that changes \`cost\`, \`isIncome\` or \`category\` of a split
          transaction is refused (400 \`VALIDATION\` "This transaction is split: …"), so that a
          client that knows no splits cannot break them.`,
        params: idParams,
        body: transactionUpdateSchema,
        response: { 200: transactionSchema, ...errors },
      },
    },
    async (request) =>
      transactions.update(request.household.id, request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a transaction',
        description: prose`
          It moves to the trash, where \`POST /api/transactions/trash/restore\` can put it back
          for 30 days (the bulk delete does the same with each row).`,
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await transactions.remove(request.household.id, request.params.id);
      return { message: 'Transaction deleted.' };
    },
  );
}
