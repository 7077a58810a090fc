import {
  cashflowReportSchema,
  categoryReportQuerySchema,
  categoryReportSchema,
  netWorthReportSchema,
  payeeReportQuerySchema,
  payeeReportSchema,
  reportQuerySchema,
} from '@moneta/shared';
import type { FastifyReply } from 'fastify';
import { errorAnswers, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import type { AccountsService } from '../accounts/accounts-service';
import { cashflowCsv, categoriesCsv, netWorthCsv, payeesCsv } from './reports-csv';
import type { ReportsService } from './reports-service';

export interface ReportsRoutesOptions {
  reports: ReportsService;
  accounts: AccountsService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 404);

/** A report's table as a CSV download (`format=csv`). */
function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="moneta_${name}.csv"`)
    .header('Cache-Control', 'no-store')
    .send(csv);
}

export async function reportsRoutes(app: App, options: ReportsRoutesOptions): Promise<void> {
  const { reports } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'reports');

  app.get(
    '/cashflow',
    {
      schema: {
        tags,
        security,
        summary: 'Income, expense and net per period, in the base currency',
        description: prose`
          CSV columns: Start, End, Income, Expense, Net.`,
        querystring: reportQuerySchema,
        response: { 200: cashflowReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const report = await reports.cashflow(request.household, request.query);
      return request.query.format === 'csv'
        ? sendCsv(reply, 'cashflow', cashflowCsv(report))
        : report;
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        tags,
        security,
        summary: 'Spending (or income) by category per period, with totals and averages',
        description: prose`
          Query, besides the common ones: \`isIncome\` (optional): \`true\` or \`false\`
          (default).

          CSV columns: Category, each period's start, Total, Average.`,
        querystring: categoryReportQuerySchema,
        response: { 200: categoryReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const report = await reports.categories(request.household, request.query);
      return request.query.format === 'csv'
        ? sendCsv(reply, 'categories', categoriesCsv(report))
        : report;
    },
  );

  app.get(
    '/net-worth',
    {
      schema: {
        tags,
        security,
        summary: "Each account's balance at the end of every period, and their total",
        description: prose`
          CSV columns: Date, Account, Balance, Base balance (and a row "Total" per date).`,
        querystring: reportQuerySchema,
        response: { 200: netWorthReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const report = await reports.netWorth(request.household, request.query);
      if (request.query.format !== 'csv') return report;
      const names = new Map(
        (await options.accounts.list(request.household)).map((account) => [
          account._id,
          account.name,
        ]),
      );
      return sendCsv(reply, 'net_worth', netWorthCsv(report, names));
    },
  );

  app.get(
    '/payees',
    {
      schema: {
        tags,
        security,
        summary: 'Who the money went to (or came from) most, by normalised payee',
        description: prose`
          By payee name compared without case, accents and punctuation. Query, besides the
          common ones: \`isIncome\` (optional, default \`false\`); \`limit\` (optional):
          1–100, default 20.

          CSV columns: Payee, Total, Count.`,
        querystring: payeeReportQuerySchema,
        response: { 200: payeeReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const report = await reports.payees(request.household, request.query);
      return request.query.format === 'csv' ? sendCsv(reply, 'payees', payeesCsv(report)) : report;
    },
  );
}
