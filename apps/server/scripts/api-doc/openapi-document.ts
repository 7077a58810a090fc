import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/database';
import type { OpenApiDocument } from './render-api-doc';
import { readRouteTable, type RouteDeclaration } from './route-table';

/**
 * The OpenAPI description the server serves at /api/docs/json and its route table, from the app
 * built without a database: building it runs no query (the pool connects on its first one), and
 * the receipt reader starts its workers on first use only.
 */
export async function describeApi(): Promise<{
  document: OpenApiDocument;
  routes: RouteDeclaration[];
}> {
  const database = openDatabase('postgres://api-doc@127.0.0.1:1/none');
  const uploads = await mkdtemp(join(tmpdir(), 'moneta-api-doc-'));
  const app = await buildApp({
    config: {
      CORS_ORIGINS: [],
      TRUST_PROXY: false,
      UPLOAD_MAX_MB: 10,
      IMPORT_MAX_MB: 20,
      LOGIN_RATE_LIMIT: 10,
      SIGNUP_RATE_LIMIT: 30,
    },
    db: database.db,
    jwtSecret: 'the API description signs nothing with this secret',
    restoreUploadRoot: uploads,
  });
  try {
    await app.ready();
    return {
      document: app.swagger() as unknown as OpenApiDocument,
      routes: readRouteTable(app),
    };
  } finally {
    await app.close();
    await database.close();
    await rm(uploads, { recursive: true, force: true });
  }
}
