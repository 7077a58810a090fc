// The routes the app registered, read from Fastify's own route tree (`printRoutes`), with what
// decides who may call each: the names of its onRequest hooks (the authenticator among them)
// and the household role it declares (`config.householdRole`, shown by src/http/route-meta.ts).
import type { HouseholdRole } from '@moneta/shared';
import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RouteDeclaration {
  method: string;
  /** Fastify's notation: /api/transactions/:id */
  path: string;
  /** The names of the route's onRequest hooks, in the order they run. */
  hooks: string[];
  householdRole: HouseholdRole | undefined;
}

/** /api/transactions/{id}/ → /api/transactions/:id, as Fastify and the headings write it. */
export const routePath = (path: string) =>
  (path.length > 1 ? path.replace(/\/$/, '') : path).replace(/\{(\w+)\}/g, ':$1');

/** Methods Fastify adds by itself: HEAD beside each GET, OPTIONS for CORS preflights. */
const IMPLIED_METHODS = new Set(['HEAD', 'OPTIONS']);

/** The API's own description (OpenAPI JSON and its UI) is not part of the contract it describes. */
const isApiDescription = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/');

/** A node of the tree: its indent (four characters a level), its path segment and its method. */
const NODE = /^([│ ]*)[├└]── (\S+) \(([A-Z]+)\)/;
/** A line of the node's meta under it: `• (onRequest) ["authenticate()", …]`. */
const META = /^[│ ]*• \((\w+)\) (.+)$/;

/** The routes of one method, from `printRoutes({ method, commonPrefix: false, includeMeta })`. */
function routesOf(app: Pick<FastifyInstance, 'printRoutes'>, method: string): RouteDeclaration[] {
  const tree = app.printRoutes({
    method: method as HTTPMethods,
    commonPrefix: false,
    includeMeta: ['onRequest', 'householdRole'],
  });
  const routes: RouteDeclaration[] = [];
  const pathAtDepth: string[] = [];
  let current: RouteDeclaration | undefined;
  for (const line of tree.split('\n')) {
    const node = NODE.exec(line);
    if (node) {
      const [, indent = '', segment = ''] = node;
      const depth = indent.length / 4;
      const full = (depth > 0 ? (pathAtDepth[depth - 1] ?? '') : '') + segment;
      pathAtDepth[depth] = full;
      pathAtDepth.length = depth + 1;
      // A prefixed plugin's root is registered with and without its trailing slash.
      current = {
        method,
        path: routePath(full),
        hooks: [],
        householdRole: undefined,
      };
      routes.push(current);
      continue;
    }
    const meta = META.exec(line);
    if (!meta || !current) continue;
    const [, key, value = ''] = meta;
    if (key === 'onRequest') {
      // Printed by name with "()" after it, "bound " taken off.
      current.hooks = (JSON.parse(value) as string[]).map((name) => name.replace(/\(\)$/, ''));
    } else if (key === 'householdRole') {
      current.householdRole = JSON.parse(value) as HouseholdRole;
    }
  }
  return routes;
}

/** Every route the app answers, once each, in the order of its route tree. */
export function readRouteTable(
  app: Pick<FastifyInstance, 'printRoutes' | 'supportedMethods'>,
): RouteDeclaration[] {
  const byRoute = new Map<string, RouteDeclaration>();
  for (const method of app.supportedMethods) {
    if (IMPLIED_METHODS.has(method)) continue;
    for (const route of routesOf(app, method)) {
      const key = `${route.method} ${route.path}`;
      if (!isApiDescription(route.path) && !byRoute.has(key)) byRoute.set(key, route);
    }
  }
  return [...byRoute.values()];
}
