import {
  chartDataSchema,
  chartQuerySchema,
  transactionFiltersSchema,
  transactionListQuerySchema,
  transactionPageSchema,
  transactionSummarySchema,
  summaryQuerySchema,
} from '@moneta/shared';
import { errorAnswers } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import { EXPORT_FILE_NAME } from './csv-export';
import type { TransactionsAreaOptions } from './transactions-routes';

const errors = errorAnswers(400, 401, 404);

/** The list, its totals and charts, and its CSV export. */
export async function transactionsReadRoutes(
  app: App,
  options: TransactionsAreaOptions,
): Promise<void> {
  const { transactions } = options;
  const { tags, security } = options.area;

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'List, search and filter transactions',
        description: prose`
          \`search\` matches a substring of the name, category or note, ignoring case, and reads
          operators (see Search above). \`limit\`: the web app offers 10, 25, 50 and 100.`,
        querystring: transactionListQuerySchema,
        response: { 200: transactionPageSchema, ...errors },
      },
    },
    async (request) => {
      const { page, limit, includeTransfers, ...filters } = request.query;
      return includeTransfers
        ? transactions.listWithTransfers(request.household, filters, page, limit)
        : transactions.list(request.household, filters, page, limit);
    },
  );

  app.get(
    '/summary',
    {
      schema: {
        tags,
        security,
        summary: 'Totals over a period (default: all time) and the 5 newest transactions',
        description: prose`
          Transfers between the user's own accounts are neither income nor expense. Every total
          is in the base currency, each transaction at the rate of its own day. The query takes
          both \`from\` and \`to\` or neither, \`from\` not after \`to\` (else 400).`,
        querystring: summaryQuerySchema,
        response: { 200: transactionSummarySchema, ...errors },
      },
    },
    async (request) => transactions.summary(request.household, request.query),
  );

  app.get(
    '/charts',
    {
      schema: {
        tags,
        security,
        summary: 'Chart data over a window (default: last 30 days)',
        description: prose`
          Totals are in the base currency, each transaction at its day's rate. A window holding
          no transaction answers three empty lists; otherwise both series have one entry per day
          of the window, zeros included. A window outside 0001–9999 is a 400
          \`WINDOW_OUT_OF_RANGE\`, one longer than 731 days a 400 \`WINDOW_TOO_LONG\`.`,
        querystring: chartQuerySchema,
        response: { 200: chartDataSchema, ...errors },
      },
    },
    async (request) => transactions.charts(request.household, request.query),
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        security,
        summary: 'Download transactions as CSV (same filters as the list)',
        description: prose`
          Answer \`200\`: \`text/csv; charset=utf-8\`, as the attachment
          \`${EXPORT_FILE_NAME}\`, with the columns Date, Type, Name, Category, Amount and Note,
          then Account (its name), Currency (of Amount), Base amount (in the base currency at the
          row's day's rate; empty without one) and Split; the whole filtered list, streamed.

          A split transaction is one row per part, in order: the transaction's date, type, name
          and account, the part's category and amount, the part's note (else the transaction's),
          the part's base amount (converted and rounded on its own, a bank charge shared in
          proportion) and Split \`i/n\`; Split is empty on every other row. The rows of a file add
          up to its transactions. A search of more than 20 terms is refused as for the list.`,
        querystring: transactionFiltersSchema,
      },
    },
    async (request, reply) => {
      const csv = await transactions.exportCsv(request.household, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
}
