import { buildApp } from './src/app';
import { openDatabase } from './src/db/database';
const database = openDatabase('postgres://x:y@127.0.0.1:1/none', { maxConnections: 1 });
const app = await buildApp({
  config: { CORS_ORIGINS: [], TRUST_PROXY: false, UPLOAD_MAX_MB: 10, IMPORT_MAX_MB: 20, LOGIN_RATE_LIMIT: 10, SIGNUP_RATE_LIMIT: 5 },
  jwtSecret: 'x'.repeat(64),
  db: database.db,
  receiptReader: { read: async () => { throw new Error('no'); }, close: async () => {} } as never,
});
await app.ready();
const r = await app.inject({ method: 'GET', url: '/api/docs/json' });
process.stdout.write(r.body);
console.error(app.printRoutes({ commonPrefix: false }));
await app.close();
await database.close();
