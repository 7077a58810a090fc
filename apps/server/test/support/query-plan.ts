import type pg from 'pg';

/**
 * EXPLAIN's text for `sql`, asked again (every 250 ms, for 10 s at most) until it matches `expected`.
 *
 * An index built over rows that were updated before (as a migration builds one on a database
 * that holds data) may be usable only by snapshots newer than its build (pg_index.indcheckxmin):
 * while a transaction that began before the build still runs anywhere in the cluster, as another
 * test's may, the planner leaves the index out. Asked once, such a test failed now and then.
 */
export async function planMatching(
  client: pg.ClientBase,
  sql: string,
  params: unknown[],
  expected: RegExp,
): Promise<string> {
  const explain = async () =>
    (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  let plan = await explain();
  for (let attempt = 0; attempt < 40 && !expected.test(plan); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    plan = await explain();
  }
  return plan;
}
