import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/db/schema';
import { createBudgetsService } from '../src/domains/budgets/budgets-service';
import { createReportsService } from '../src/domains/reports/reports-service';
import { createTransactionsService } from '../src/domains/transactions/transactions-service';
import { eq } from 'drizzle-orm';

const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5499/postgres', max: 2 });
const db = drizzle(pool, { schema });
const user = (await db.select().from(schema.users).where(eq(schema.users.id, '01a21b70-e2a8-721e-af54-8b8c1ca49a2e')))[0]!;
const budgets = createBudgetsService(db as never);
const reports = createReportsService(db as never);
const transactions = createTransactionsService(db as never);
const r = { from: '2023-11-27', to: '2026-11-27', interval: 'month' as const };
const cases: Record<string, () => Promise<unknown>> = {
  summary: () => transactions.summary(user),
  charts: () => transactions.charts(user, {}),
  budgets: () => budgets.list(user, { month: 11, year: 2026 }),
  budgetsSummary: () => budgets.summary(user, { month: 11, year: 2026 }),
  cashflow: () => reports.cashflow(user, r),
  categories: () => reports.categories(user, { ...r, isIncome: false }),
  netWorth: () => reports.netWorth(user, r),
  payees: () => reports.payees(user, { ...r, isIncome: false, limit: 20 }),
};
const only = process.argv.slice(2);
for (const [name, run] of Object.entries(cases)) {
  if (only.length && !only.includes(name)) continue;
  await run();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) { const t = performance.now(); await run(); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(`${name}: min ${times[0]!.toFixed(1)} ms, median ${times[3]!.toFixed(1)} ms`);
}
await pool.end();
