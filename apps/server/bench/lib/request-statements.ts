// The statements one API request runs, seen on the wire (round-trip-counter.ts), and their
// plans: households-bench.ts counts them per endpoint on a server started behind the counter.
import pg from 'pg';
import type { RoundTripCounter, SeenStatement, SeenTraffic } from './round-trip-counter';

/**
 * How long the server's remembered sessions and users (with their household membership) serve
 * further requests (RECENT_SESSION_TTL_MS, RECENT_USER_TTL_MS: 1 s), and a margin: a request
 * after this pause looks both up again, as the first request of a second does under load.
 */
const REMEMBERED_FOR_MS = 1000 + 300;

export interface RequestStatements {
  /** A request after the remembered session and user have expired: every lookup it makes. */
  expired: SeenTraffic;
  /** The request right after it: what most requests under load run. */
  remembered: SeenTraffic;
}

/** The statements of one request to `url`, with the lookups expired and then remembered. */
export async function statementsOfRequest(
  url: string,
  headers: Record<string, string>,
  counter: RoundTripCounter,
): Promise<RequestStatements> {
  // Prepares the statements and opens the pool's connections, which a request under load finds.
  await expectOk(url, headers);
  await new Promise((resolve) => setTimeout(resolve, REMEMBERED_FOR_MS));
  counter.take();
  await expectOk(url, headers);
  const expired = counter.take();
  await expectOk(url, headers);
  return { expired, remembered: counter.take() };
}

async function expectOk(url: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
}

/** The statements that look up a household membership. */
export const membershipLookups = (statements: SeenStatement[]) =>
  statements.filter((statement) => /\bhousehold_members\b/.test(statement.sql));

/**
 * Each statement's plan as PostgreSQL runs it with the parameters the server sent (EXPLAIN
 * ANALYZE of a read runs the read; the statements given are SELECTs).
 */
export async function explainStatements(
  databaseUrl: string,
  statements: SeenStatement[],
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const plans: string[] = [];
    for (const statement of statements) {
      if (!/^\s*(select|with)\b/i.test(statement.sql)) continue;
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.sql}`,
        statement.params,
      );
      plans.push(
        [
          statement.sql.replace(/\s+/g, ' ').trim(),
          `  parameters: ${JSON.stringify(statement.params)}`,
          ...rows.map((row) => `  ${row['QUERY PLAN']}`),
        ].join('\n'),
      );
    }
    return plans;
  } finally {
    await client.end();
  }
}
