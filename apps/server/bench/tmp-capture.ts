import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/db/schema';
import { createAccountsService } from '../src/domains/accounts/accounts-service';
import { createTransactionsService } from '../src/domains/transactions/transactions-service';
import { createUsersRepository } from '../src/domains/users/users-repository';
import { findSeed } from './lib/seed-transactions';
const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 2 });
const seed = (await findSeed(pool))!;
const query = pool.query.bind(pool) as any;
let captured: any[] = [];
Object.assign(pool, { query: (c: any, v?: any) => { captured.push({ text: typeof c === 'string' ? c : c.text, name: c.name, values: v ?? c.values }); return query(c, v); } });
const db = drizzle(pool, { schema });
const user = (await createUsersRepository(db).findById(seed.heavyUser.id))!;
const t = createTransactionsService(db); const a = createAccountsService(db);
for (const [n, f] of [['list1', () => t.list(user, {}, 1, 10)], ['list500', () => t.list(user, {}, 500, 10)], ['accounts', () => a.list(user)]] as const) {
  captured = []; const r = await (f as any)();
  console.log('=====', n, captured.length, 'statements');
  for (const c of captured) console.log('--', c.name, '\n', c.text, '\n', JSON.stringify(c.values));
  if (n === 'list1') console.log(JSON.stringify(r).slice(0, 600));
}
await pool.end();
