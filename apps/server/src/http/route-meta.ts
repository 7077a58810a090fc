import type { HouseholdRole } from '@moneta/shared';

/** A route as Fastify's router hands it to `buildPrettyMeta`: its store is the route's context. */
interface PrintedRoute {
  store: { onRequest?: unknown; config?: { householdRole?: HouseholdRole } };
}

/**
 * What `app.printRoutes({ includeMeta: [...] })` can show of a route: its onRequest hooks (by
 * name, the authenticator among them) and the household role it declares. The roles table of
 * docs/api.md is read from them (`npm run docs:api`), so that it is the app's own route table.
 */
export function routeMeta({ store }: PrintedRoute) {
  return { onRequest: store.onRequest, householdRole: store.config?.householdRole };
}
