import {
  MAX_RATE_DAYS,
  currencyListSchema,
  messageSchema,
  rateKeyParamsSchema,
  rateInputSchema,
  rateListQuerySchema,
  rateListSchema,
  rateSchema,
} from '@moneta/shared';
import { errorAnswers, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import type { RatesService } from './rates-service';

export interface RatesRoutesOptions {
  rates: RatesService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401);
const deleteErrors = errorAnswers(400, 401, 404);

/** The currencies Moneta knows: reference data, the same for everyone, so public. */
export async function currenciesRoutes(app: App, options: { rates: RatesService }): Promise<void> {
  app.get(
    '/',
    {
      schema: {
        tags: ['currencies'],
        summary: 'Every currency: ISO 4217 code, name, symbol and minor-unit digits',
        description: prose`
          The same for everyone, so without auth; may be cached for an hour. The seven
          original currencies first (USD, EUR, GBP, JPY, CAD, AUD, INR), then the ECB's by
          code.`,
        response: { 200: currencyListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return options.rates.currencies();
    },
  );
}

/** Exchange rates in the user's base currency: the ECB's and their own (docs/currencies.md). */
export async function ratesRoutes(app: App, options: RatesRoutesOptions): Promise<void> {
  const { rates } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'rates');

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Rates in base-currency units per unit, by day (newest first): the ECB’s and your own',
        description: prose`
          At most ${MAX_RATE_DAYS} days; \`from\` after \`to\` is a 400. One item per currency and day
          that has a rate, the ECB's or your own (no item for weekends and holidays
          without your own rate), newest day first, then by code.`,
        querystring: rateListQuerySchema,
        response: { 200: rateListSchema, ...errors },
      },
    },
    async (request) => rates.list(request.household, request.query),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Set your own rate of a currency in your base currency for a day',
        description: prose`
          A rate set again for the same currency and day replaces the first. The answer is
          that day's item as \`GET /api/rates\` lists it.`,
        body: rateInputSchema,
        response: { 200: rateSchema, ...errors },
      },
    },
    async (request) => rates.setOwn(request.household, request.user.id, request.body),
  );

  app.delete(
    '/:currency/:date',
    {
      schema: {
        tags,
        security,
        summary: 'Delete your own rate of a currency for a day (the ECB’s counts again)',
        description: prose`
          Path: \`currency\` (a code of \`GET /api/currencies\`), \`date\`
          (\`YYYY-MM-DD\`): your own rate of \`currency\` in your current base currency on
          that day. A path that names none — another user's, an unknown code, a date that
          is no date — is a 404 \`RATE_NOT_FOUND\`, as for an id. The answer's \`message\`
          is \`"Rate deleted."\`.`,
        params: rateKeyParamsSchema,
        response: { 200: messageSchema, ...deleteErrors },
      },
    },
    async (request) => {
      await rates.removeOwn(request.household, request.params);
      return { message: 'Rate deleted.' };
    },
  );
}
