// docs/api.md against the app: the committed page is what `npm run docs:api` writes from the
// template, the OpenAPI description the app serves and its route table (the roles), and it
// documents every route the app really registers (read from Fastify's route tree, not from that
// description), each once.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_DOC,
  API_DOC_TEMPLATE,
  renderApiDoc,
  type OpenApiDocument,
} from '../../scripts/api-doc/render-api-doc';
import { readRouteTable, type RouteDeclaration } from '../../scripts/api-doc/route-table';
import { createTestApp, type TestContext } from '../test-app';

/** A route's heading in docs/api.md: ### `GET /api/transactions/:id` */
const ROUTE_HEADING = /^### `([A-Z]+) (\/\S*)`\s*$/;

function documentedRoutes(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((line) => ROUTE_HEADING.exec(line))
    .filter((match) => match !== null)
    .map(([, method, path]) => `${method} ${path}`);
}

describe('docs/api.md', () => {
  let context: TestContext;
  let routeTable: RouteDeclaration[];
  let registered: Set<string>;
  let committed: string;
  let documented: string[];

  beforeAll(async () => {
    context = await createTestApp();
    routeTable = readRouteTable(context.app);
    registered = new Set(routeTable.map(({ method, path }) => `${method} ${path}`));
    committed = await readFile(API_DOC, 'utf8');
    documented = documentedRoutes(committed);
  });

  afterAll(async () => {
    await context.close();
  });

  it('reads the route tree (a sanity check of the parsing)', () => {
    expect(registered.size).toBeGreaterThan(50);
    for (const route of [
      'GET /api/health',
      'POST /api/transactions',
      'PUT /api/transactions/:id',
      'GET /api/accounts/:id/register',
      'POST /api/imports/:id/commit',
    ]) {
      expect(registered).toContain(route);
    }
  });

  it('is what `npm run docs:api` writes from the template, the description and the routes', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    const generated = renderApiDoc(
      response.json<OpenApiDocument>(),
      await readFile(API_DOC_TEMPLATE, 'utf8'),
      routeTable,
    );
    // Compared line by line, so that a difference names its place; toBe would print two pages.
    const committedLines = committed.split('\n');
    const firstDifference = generated
      .split('\n')
      .findIndex((line, index) => line !== committedLines[index]);
    expect(
      generated === committed ? -1 : firstDifference,
      'docs/api.md is out of date: run `npm run docs:api` and commit the page ' +
        `(first difference at line ${firstDifference + 1})`,
    ).toBe(-1);
  });

  it('documents every registered route', () => {
    const missing = [...registered].filter((route) => !documented.includes(route)).sort();
    expect(missing, 'routes without a ### `METHOD /path` heading in docs/api.md').toEqual([]);
  });

  it('names only routes that exist, each once', () => {
    const unknown = documented.filter((route) => !registered.has(route));
    expect(unknown, 'headings in docs/api.md for routes the app does not have').toEqual([]);
    const repeated = documented.filter((route, index) => documented.indexOf(route) !== index);
    expect(repeated, 'routes documented twice in docs/api.md').toEqual([]);
  });
});
