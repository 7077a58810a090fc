// Who may call each route, as docs/api.md's "Roles by route" table says it: read from the app's
// route table (route-table.ts) the way src/plugins/authenticate.ts decides it, never written by
// hand, so that a role changed in a route file changes the page (and its test) with it.
import type { HouseholdRole } from '@moneta/shared';
import type { Authenticators } from '../../src/plugins/authenticate';
import { routePath, type RouteDeclaration } from './route-table';

/**
 * A household role; "own": the user's own things, no household role; "public": no sign-in; "in
 * route": the route checks the caller itself, as its `x-auth` says.
 */
export type RouteRole = HouseholdRole | 'own' | 'public' | 'in route';

/** What the OpenAPI description says of a route: its summary, tag, security and own auth. */
export interface RouteDocs {
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  'x-auth'?: string;
}

/**
 * Each authenticator of authenticate.ts by what it checks: the caller's role in the active
 * household, or only who the user is. Typed by `Authenticators`, so that one added or renamed
 * there must be placed here.
 */
const AUTHENTICATORS = {
  authenticate: 'household role',
  authenticateUser: 'user',
  authenticateSession: 'user',
} as const satisfies Record<keyof Authenticators, 'household role' | 'user'>;

type Authenticator = keyof typeof AUTHENTICATORS;

const isAuthenticator = (hook: string): hook is Authenticator =>
  Object.hasOwn(AUTHENTICATORS, hook);

const READ_METHODS = new Set(['GET', 'HEAD']);

/** A household-in-the-path route whose summary says only an owner may: "… (owner)". */
const OWNER_ONLY = /\(owner\)/;

const named = (route: RouteDeclaration) => `${route.method} ${route.path}`;

function authenticatorOf(route: RouteDeclaration, docs: RouteDocs): Authenticator | undefined {
  const found = route.hooks.filter(isAuthenticator);
  if (found.length > 1) throw new Error(`${named(route)} runs ${found.join(' and ')}.`);
  const [authenticator] = found;
  const isDocumentedSignedIn = (docs.security ?? []).length > 0;
  if (isDocumentedSignedIn !== (authenticator !== undefined)) {
    throw new Error(
      `${named(route)}: its schema's security and its onRequest hooks (${route.hooks.join(', ')}) ` +
        'disagree on whether it needs a sign-in.',
    );
  }
  return authenticator;
}

/**
 * The role a route needs. A data route (`authenticate`) needs its declared `householdRole`, else
 * viewer to read and editor to write, in the active household. A route about the user's own
 * households (`authenticateUser`) that names one in its path (`:id`, as authenticate.ts reads
 * it) is checked by the households service there: an owner's where its summary says "(owner)",
 * any member's otherwise. The rest of the signed-in routes are the user's own; a route without an
 * authenticator is public, unless its schema says how it checks the caller itself (`x-auth`).
 */
export function roleOf(route: RouteDeclaration, docs: RouteDocs): RouteRole {
  const authenticator = authenticatorOf(route, docs);
  if (!authenticator) return docs['x-auth'] ? 'in route' : 'public';
  if (AUTHENTICATORS[authenticator] === 'household role') {
    return route.householdRole ?? (READ_METHODS.has(route.method) ? 'viewer' : 'editor');
  }
  if (route.householdRole) {
    throw new Error(
      `${named(route)} declares householdRole "${route.householdRole}", which ${authenticator} ` +
        'does not read.',
    );
  }
  if (authenticator === 'authenticateUser' && route.path.includes('/:id')) {
    return OWNER_ONLY.test(docs.summary ?? '') ? 'owner' : 'viewer';
  }
  return 'own';
}

/**
 * The table of every documented route and its role, one table per area (the route's tag) in the
 * order the app registers them. Throws when a documented route is missing from the route table.
 */
export function renderRolesTable(
  paths: Record<string, Record<string, RouteDocs>>,
  routes: RouteDeclaration[],
): string {
  const byKey = new Map(routes.map((route) => [named(route), route]));
  const byArea = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, docs] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${routePath(path)}`;
      const route = byKey.get(key);
      if (!route) throw new Error(`${key} is documented but not in the app's route table.`);
      const area = docs.tags?.[0] ?? '';
      const row = `| ${route.method} | \`${route.path}\` | ${roleOf(route, docs)} |`;
      byArea.set(area, [...(byArea.get(area) ?? []), row]);
    }
  }
  return [...byArea]
    .map(([area, rows]) => [
      `**${area}**`,
      '',
      '| method | path | role |',
      '|---|---|---|',
      ...rows,
    ])
    .map((lines) => lines.join('\n'))
    .join('\n\n');
}
