// The roles table of docs/api.md (Roles by route), read from the app's real route table: known
// routes get the role their route files and authenticate.ts give them, a route whose hooks and
// schema disagree stops the generator, and the app answers as the table says.
import { ErrorCode } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../scripts/api-doc/render-api-doc';
import { roleOf, type RouteDocs } from '../../scripts/api-doc/route-roles';
import {
  readRouteTable,
  routePath,
  type RouteDeclaration,
} from '../../scripts/api-doc/route-table';
import { given, inHousehold } from '../support/given';
import { createTestApp, signUp, type TestContext } from '../test-app';

let context: TestContext;
let roles: Map<string, string>;

beforeAll(async () => {
  context = await createTestApp();
  const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
  const docs = new Map<string, RouteDocs>();
  for (const [path, methods] of Object.entries(response.json<OpenApiDocument>().paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      docs.set(`${method.toUpperCase()} ${routePath(path)}`, operation);
    }
  }
  roles = new Map(
    readRouteTable(context.app).map((route) => {
      const key = `${route.method} ${route.path}`;
      return [key, roleOf(route, docs.get(key) ?? {})];
    }),
  );
});

afterAll(async () => {
  await context.close();
});

describe('the role each route needs', () => {
  it.each([
    // A member's own locale; the household's settings it also carries are checked by the service.
    ['PUT /api/auth/setup', 'viewer'],
    ['PUT /api/households/:id', 'owner'],
    ['POST /api/transactions', 'editor'],
    ['GET /api/transactions', 'viewer'],
    ['POST /api/filters', 'viewer'],
    ['GET /api/export', 'editor'],
    ['POST /api/export/restore', 'owner'],
    ['DELETE /api/households/:id', 'owner'],
    ['GET /api/households/:id/members', 'viewer'],
    ['GET /api/households', 'own'],
    ['POST /api/invitations/accept', 'own'],
    ['GET /api/auth/sessions', 'own'],
    ['DELETE /api/users/account', 'own'],
    ['POST /api/auth/login', 'public'],
    ['GET /api/health', 'public'],
    ['GET /api/receipts/:id/file', 'in route'],
  ])('%s needs %s', (route, role) => {
    expect(roles.get(route)).toBe(role);
  });

  it('is read for every route of the app', () => {
    expect(roles.size).toBeGreaterThan(100);
  });
});

describe('a route the table could not tell truly', () => {
  const route = (changes: Partial<RouteDeclaration>): RouteDeclaration => ({
    method: 'POST',
    path: '/api/example',
    hooks: ['handleCors', 'authenticate'],
    householdRole: undefined,
    ...changes,
  });
  const signedIn: RouteDocs = { security: [{ bearerAuth: [] }] };

  it('stops the generator when its schema wants a sign-in no hook asks for', () => {
    // An authenticator renamed or wrapped would otherwise make a data route read as public.
    expect(() => roleOf(route({ hooks: ['handleCors', 'checkToken'] }), signedIn)).toThrow(
      /disagree on whether it needs a sign-in/,
    );
  });

  it('stops it at a household role the route’s authenticator does not read', () => {
    const declared = route({ hooks: ['authenticateSession'], householdRole: 'owner' });
    expect(() => roleOf(declared, signedIn)).toThrow(/does not read/);
  });

  it('stops it at two authenticators', () => {
    const both = route({ hooks: ['authenticate', 'authenticateUser'] });
    expect(() => roleOf(both, signedIn)).toThrow(/runs authenticate and authenticateUser/);
  });
});

describe('the app answers as the table says', () => {
  it('refuses a member below the role with ROLE_FORBIDS, and lets one at it in', async () => {
    const { app } = context;
    const owner = await signUp(app, { setup: true });
    const viewer = await signUp(app, { setup: true });
    const editor = await signUp(app, { setup: true });
    const shared = await given.household(app, owner, { name: 'Shared', baseCurrency: 'USD' });
    await given.member(app, owner, shared._id, viewer, 'viewer');
    await given.member(app, owner, shared._id, editor, 'editor');
    const call = (user: typeof owner, method: 'GET' | 'POST' | 'DELETE', url: string) =>
      app.inject({ method, url, headers: inHousehold(user, shared._id).headers });

    expect(roles.get('GET /api/transactions')).toBe('viewer');
    expect((await call(viewer, 'GET', '/api/transactions')).statusCode).toBe(200);

    expect(roles.get('POST /api/transactions')).toBe('editor');
    const write = await call(viewer, 'POST', '/api/transactions');
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: ErrorCode.ROLE_FORBIDS });

    expect(roles.get('DELETE /api/households/:id')).toBe('owner');
    const deleted = await call(editor, 'DELETE', `/api/households/${shared._id}`);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json()).toMatchObject({ code: ErrorCode.ROLE_FORBIDS });
  });
});
