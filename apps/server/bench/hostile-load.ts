// `npm run bench:hostile`: one user's hostile uploads and searches beside ordinary users, on the
// built server with its embedded PostgreSQL, 127.0.0.1 only, for a bounded time (docs/reliability.md,
// docs/reliability.md). First a quiet run of the ordinary users alone, then the same beside the
// attacks: the restore zip of 150 million line breaks, the zip whose central directory entries
// overlap, a large restore, a 20 MB CSV import, and the search of 40 exclusions (and of 20, the
// most allowed) on a large register. Checks that the process never exits, that health answers
// within 1 s throughout, that the ordinary users' p99 stays within twice the quiet run's, that
// the server's RSS grows by at most 300 MB, and that every acknowledged ordinary write is in the
// database. Exits 1 when a check fails.
//
// Environment: HOSTILE_SECONDS (60), HOSTILE_QUIET_SECONDS (20), HOSTILE_USERS (20),
// HOSTILE_SEARCH_ROWS (300000: the searched register), HOSTILE_RESTORE_ROWS (50000: the large
// restore), HOSTILE_LINE_BREAKS (150000000), HOSTILE_CSV_MB (19), HOSTILE_SEARCHERS (10).
import { spawn } from 'node:child_process';
import { once, setMaxListeners } from 'node:events';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  api,
  buildServerBundle,
  embeddedDatabaseUrl,
  freeLoopbackPort,
  signUpOver,
  startMonetaServer,
  waitForNoPostgres,
  type MonetaServer,
} from '../test/support/moneta-server';
import {
  largeBankCsv,
  lineBreaksRestoreZip,
  multipartFile,
  overlappingZip,
} from './lib/hostile-files';
import { rssMb } from './lib/load';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const hostileSeconds = env('HOSTILE_SECONDS', 60);
const quietSeconds = env('HOSTILE_QUIET_SECONDS', 20);
const userCount = env('HOSTILE_USERS', 20);
const searchRows = env('HOSTILE_SEARCH_ROWS', 300_000);
const restoreRows = env('HOSTILE_RESTORE_ROWS', 50_000);
const lineBreaks = env('HOSTILE_LINE_BREAKS', 150_000_000);
const csvMb = env('HOSTILE_CSV_MB', 19);
const searchers = env('HOSTILE_SEARCHERS', 10);
const isUploading = env('HOSTILE_UPLOADS', 1) !== 0;
const MAX_HEALTH_MS = 1000;
const MAX_P99_RATIO = 2;
const MAX_RSS_GROWTH_MB = 300;
/** How long a hostile request may still run after the phase ends before it is abandoned. */
const GRACE_MS = 30_000;

const isoDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};
const stamp = () => `${Date.now()}-${Math.random().toString(16).slice(2, 8)}`;

/** Answers per status, and the slowest, of one kind of request. */
class Tally {
  readonly statuses = new Map<string, number>();
  slowestMs = 0;
  add(status: string, ms: number) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    this.slowestMs = Math.max(this.slowestMs, ms);
  }
  toString() {
    return `${JSON.stringify(Object.fromEntries(this.statuses))}, slowest ${this.slowestMs.toFixed(0)} ms`;
  }
}

async function timedFetch(url: string, init: RequestInit): Promise<{ status: string; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return { status: String(response.status), ms: performance.now() - started };
  } catch (error) {
    const name = (error as Error).name;
    return { status: name === 'AbortError' ? 'aborted' : `error ${name}`, ms: 0 };
  }
}

/**
 * `url` every 200 ms until stopped: the slowest answer of the quiet part (until `hostileBegins`)
 * and of the whole run, and the failures.
 */
function watchHealth(url: string) {
  let isStopped = false;
  let isHostile = false;
  const times = { quiet: [] as number[], hostile: [] as number[] };
  let failures = 0;
  const running = (async () => {
    while (!isStopped) {
      const { status, ms } = await timedFetch(url, { signal: AbortSignal.timeout(10_000) });
      if (status !== '200') failures++;
      else (isHostile ? times.hostile : times.quiet).push(ms);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    hostileBegins() {
      isHostile = true;
    },
    async stop() {
      isStopped = true;
      await running;
      const quietSlowestMs = Math.max(0, ...times.quiet);
      return {
        quietSlowestMs,
        slowestMs: Math.max(quietSlowestMs, ...times.hostile),
        quietP99: percentile(times.quiet, 0.99),
        hostileP99: percentile(times.hostile, 0.99),
        failures,
        checks: times.quiet.length + times.hostile.length + failures,
      };
    },
  };
}

/**
 * The bound of the health check on this machine: a bare node:http process answering 200 at once,
 * asked the same way in the same run. What it waits is the machine's scheduling (the other
 * processes' turn on the cores), which no server code can remove.
 */
async function startBareHealth(): Promise<{ url: string; stop(): void }> {
  const port = await freeLoopbackPort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((_, res) => res.end('{}')).listen(${port}, '127.0.0.1', () => process.send('up'))`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  await once(child, 'message');
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

interface OrdinaryRun {
  latencies: number[];
  /** The same latencies by kind of request (list, summary, create): where the tail is. */
  byKind: Map<string, number[]>;
  tally: Tally;
  created: string[];
}

/** Each ordinary user in a loop: the list, the summary, a new transaction. */
async function ordinaryLoad(baseUrl: string, tokens: string[], seconds: number) {
  const run: OrdinaryRun = { latencies: [], byKind: new Map(), tally: new Tally(), created: [] };
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, user) => {
      const headers = { authorization: `Bearer ${token}` };
      for (let round = 0; Date.now() < deadline; round++) {
        const requests: Array<[string, string, RequestInit]> = [
          ['list', '/api/transactions?page=1&limit=20', { headers }],
          ['summary', '/api/transactions/summary', { headers }],
          [
            'create',
            '/api/transactions',
            {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({
                name: `ordinary-${user}-${round}`,
                category: 'Food',
                cost: 4.2,
                addedOn: isoDay(round % 30),
                isIncome: false,
              }),
            },
          ],
        ];
        for (const [kind, path, init] of requests) {
          const started = performance.now();
          const response = await fetch(`${baseUrl}${path}`, init).catch(() => undefined);
          const ms = performance.now() - started;
          const text = response ? await response.text() : '';
          run.latencies.push(ms);
          const ofKind = run.byKind.get(kind) ?? [];
          ofKind.push(ms);
          run.byKind.set(kind, ofKind);
          run.tally.add(response ? String(response.status) : 'error', ms);
          if (response?.status === 201) run.created.push((JSON.parse(text) as { _id: string })._id);
        }
      }
    }),
  );
  return run;
}

interface Attack {
  name: string;
  /** One attempt; the loop repeats it until the phase ends. */
  attempt(signal: AbortSignal): Promise<{ status: string; ms: number }>;
}

async function attacks(server: MonetaServer, files: HostileFiles): Promise<Attack[]> {
  const { baseUrl } = server;
  const upload = async (path: string, token: string, file: Uint8Array, signal: AbortSignal) => {
    const { body, contentType } = multipartFile('file', 'hostile.bin', file);
    return timedFetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
      signal,
    });
  };
  // A restore goes into an empty account: each attempt signs up afresh.
  const restoreInto = (file: Uint8Array) => async (signal: AbortSignal) =>
    upload(
      '/api/export/restore',
      await signUpOver(baseUrl, `hostile-${stamp()}@moneta.dev`),
      file,
      signal,
    );
  const importer = await signUpOver(baseUrl, `hostile-importer-${stamp()}@moneta.dev`);
  const search = (terms: number) => (signal: AbortSignal) =>
    timedFetch(
      `${baseUrl}/api/transactions?${new URLSearchParams({
        search: Array.from({ length: terms }, (_, index) => `-w${index}`).join(' '),
      })}`,
      { headers: { authorization: `Bearer ${files.searcherToken}` }, signal },
    );
  const uploads: Attack[] = [
    { name: `restore: ${lineBreaks} line breaks`, attempt: restoreInto(files.lineBreaksZip) },
    { name: 'restore: overlapping central directory', attempt: restoreInto(files.overlapping) },
    { name: `restore: ${restoreRows} transactions`, attempt: restoreInto(files.largeRestore) },
    {
      name: `import: ${csvMb} MB CSV`,
      attempt: (signal) => upload('/api/imports', importer, files.csv, signal),
    },
  ];
  return [
    ...(isUploading ? uploads : []),
    ...Array.from({ length: searchers }, (_, index) => ({
      name: index % 2 === 0 ? 'search: 40 exclusions' : 'search: 20 exclusions',
      attempt: search(index % 2 === 0 ? 40 : 20),
    })),
  ];
}

interface HostileFiles {
  searcherToken: string;
  lineBreaksZip: Uint8Array;
  overlapping: Uint8Array;
  largeRestore: Uint8Array;
  csv: Uint8Array;
}

/** Rows written straight into the database: a large register is quicker so than through the API. */
async function seedRegister(client: pg.Client, email: string, rows: number): Promise<void> {
  await client.query(
    `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income, note)
     SELECT gen_random_uuid(), u.id, 'Register row ' || n, 'Food', 100 + n % 5000,
            DATE '2020-01-01' + n % 2000, n % 10 = 0, CASE WHEN n % 3 = 0 THEN 'coffee' END
     FROM users u, generate_series(1, $2::int) AS n WHERE u.email = $1`,
    [email, rows],
  );
  await client.query('ANALYZE transactions');
}

async function exportOf(baseUrl: string, token: string): Promise<Uint8Array> {
  const response = await fetch(`${baseUrl}/api/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`export: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function prepare(server: MonetaServer, client: pg.Client): Promise<HostileFiles> {
  const { baseUrl } = server;
  const searcherEmail = `hostile-searcher-${stamp()}@moneta.dev`;
  const searcherToken = await signUpOver(baseUrl, searcherEmail);
  await seedRegister(client, searcherEmail, searchRows);
  const sourceEmail = `hostile-source-${stamp()}@moneta.dev`;
  const sourceToken = await signUpOver(baseUrl, sourceEmail);
  await seedRegister(client, sourceEmail, restoreRows);
  const largeRestore = await exportOf(baseUrl, sourceToken);
  const small = await exportOf(
    baseUrl,
    await signUpOver(baseUrl, `hostile-small-${stamp()}@x.dev`),
  );
  return {
    searcherToken,
    lineBreaksZip: lineBreaksRestoreZip(small, lineBreaks),
    overlapping: overlappingZip(small, 20, 2000),
    largeRestore,
    csv: largeBankCsv(csvMb),
  };
}

/** Runs every attack in a loop until `seconds` pass; abandons what still runs after a grace. */
async function hostilePhase(list: Attack[], seconds: number) {
  const tallies = new Map(list.map((attack) => [attack, new Tally()]));
  const stop = new AbortController();
  // Every request of every attack loop listens to this one signal: thousands over a run.
  setMaxListeners(0, stop.signal);
  const deadline = Date.now() + seconds * 1000;
  const loops = list.map(async (attack) => {
    while (Date.now() < deadline && !stop.signal.aborted) {
      const { status, ms } = await attack.attempt(stop.signal).catch((error: unknown) => ({
        status: `error ${(error as Error).name}`,
        ms: 0,
      }));
      tallies.get(attack)!.add(status, ms);
    }
  });
  return {
    tallies,
    async finished() {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));
      const grace = setTimeout(() => stop.abort(), GRACE_MS);
      await Promise.all(loops);
      clearTimeout(grace);
    },
  };
}

async function lostWrites(client: pg.Client, created: string[]): Promise<number> {
  const { rows } = await client.query<{ found: number }>(
    'SELECT count(*)::int AS found FROM transactions WHERE id = ANY($1::uuid[])',
    [created],
  );
  return created.length - rows[0]!.found;
}

async function main(): Promise<number> {
  buildServerBundle();
  const dataDir = await mkdtemp(join(tmpdir(), 'moneta-hostile-'));
  await chmod(dataDir, 0o755);
  const server = await startMonetaServer(
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIGNUP_RATE_LIMIT: '100000' },
    { port: await freeLoopbackPort() },
  );
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    console.log(`Server pid ${server.pid} on ${server.baseUrl}; preparing users and files…`);
    const tokens: string[] = [];
    for (let index = 0; index < userCount; index++) {
      tokens.push(await signUpOver(server.baseUrl, `ordinary-${stamp()}-${index}@moneta.dev`));
    }
    for (const token of tokens) {
      const seeded = await api(server.baseUrl, 'POST', '/api/transactions', {
        token,
        body: { name: 'Seed', category: 'Food', cost: 3, addedOn: isoDay(1), isIncome: false },
      });
      if (seeded.status !== 201) throw new Error(`seed: ${seeded.status}`);
    }
    const files = await prepare(server, client);
    const list = await attacks(server, files);

    const health = watchHealth(`${server.baseUrl}/api/health`);
    const bare = await startBareHealth();
    const bareHealth = watchHealth(bare.url);
    console.log(`Quiet run: ${userCount} ordinary users for ${quietSeconds} s…`);
    const quiet = await ordinaryLoad(server.baseUrl, tokens, quietSeconds);
    const idleRss = rssMb(server.pid);
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 100);
    console.log(
      `Hostile run: the same beside ${list.length} attack loops for ${hostileSeconds} s…`,
    );
    health.hostileBegins();
    bareHealth.hostileBegins();
    const hostile = await hostilePhase(list, hostileSeconds);
    const ordinary = await ordinaryLoad(server.baseUrl, tokens, hostileSeconds);
    await hostile.finished();
    clearInterval(sampler);
    const healthResult = await health.stop();
    const bareResult = await bareHealth.stop();
    bare.stop();

    const quietP99 = percentile(quiet.latencies, 0.99);
    const hostileP99 = percentile(ordinary.latencies, 0.99);
    const ratio = hostileP99 / Math.max(1, quietP99);
    const growth = peakRss - idleRss;
    const lost = await lostWrites(client, [...quiet.created, ...ordinary.created]);
    const isAlive = server.child.exitCode === null && server.child.signalCode === null;
    const unexpected = [...quiet.tally.statuses, ...ordinary.tally.statuses].filter(
      ([status]) => !status.startsWith('2') && status !== '429',
    );

    // What the server logged as errors (a 500's name, code and SQL: never its parameters).
    const serverErrors = server.logs.filter((line) => line.level >= 50);
    const problems: string[] = [];
    if (!isAlive) problems.push('the server process exited');
    if (healthResult.failures > 0) problems.push(`${healthResult.failures} health checks failed`);
    if (healthResult.slowestMs > MAX_HEALTH_MS) {
      problems.push(`health took ${healthResult.slowestMs.toFixed(0)} ms > ${MAX_HEALTH_MS} ms`);
    }
    if (ratio > MAX_P99_RATIO)
      problems.push(`ordinary p99 ×${ratio.toFixed(2)} > ×${MAX_P99_RATIO}`);
    if (growth > MAX_RSS_GROWTH_MB) {
      problems.push(`RSS grew ${growth.toFixed(0)} MB > ${MAX_RSS_GROWTH_MB} MB`);
    }
    if (lost > 0) problems.push(`${lost} acknowledged ordinary writes missing`);
    if (unexpected.length > 0) {
      problems.push(`ordinary answers ${JSON.stringify(Object.fromEntries(unexpected))}`);
    }

    console.log(`
Hostile load, ${userCount} ordinary users, quiet ${quietSeconds} s then hostile ${hostileSeconds} s (loopback):
  process: ${isAlive ? 'running throughout' : 'EXITED'}
  health: ${healthResult.checks} checks, slowest ${healthResult.slowestMs.toFixed(0)} ms (quiet run ${healthResult.quietSlowestMs.toFixed(0)} ms), ${healthResult.failures} failed
  bound, a bare node:http process asked the same way: slowest ${bareResult.slowestMs.toFixed(0)} ms (quiet run ${bareResult.quietSlowestMs.toFixed(0)} ms); p99 quiet ${bareResult.quietP99.toFixed(0)} ms, hostile ${bareResult.hostileP99.toFixed(0)} ms (×${(bareResult.hostileP99 / Math.max(1, bareResult.quietP99)).toFixed(2)}: what the machine's load did to any process)
  ordinary p99: quiet ${quietP99.toFixed(0)} ms, hostile ${hostileP99.toFixed(0)} ms (×${ratio.toFixed(2)}); requests ${quiet.latencies.length} / ${ordinary.latencies.length}
  ordinary p99 by request: ${[...quiet.byKind.keys()]
    .map(
      (kind) =>
        `${kind} ${percentile(quiet.byKind.get(kind)!, 0.99).toFixed(0)} → ${percentile(ordinary.byKind.get(kind) ?? [], 0.99).toFixed(0)} ms`,
    )
    .join(', ')}
  ordinary answers: quiet ${quiet.tally}; hostile ${ordinary.tally}
  server RSS: ${idleRss.toFixed(0)} MB before the attacks, peak ${peakRss.toFixed(0)} MB (+${growth.toFixed(0)} MB)
  acknowledged ordinary writes: ${quiet.created.length + ordinary.created.length}, missing ${lost}
  server errors logged: ${serverErrors.length}${serverErrors
    .slice(0, 5)
    .map((line) => `\n    ${JSON.stringify(line).slice(0, 400)}`)
    .join('')}
  attacks:
${[...hostile.tallies].map(([attack, tally]) => `    ${attack.name}: ${tally}`).join('\n')}
${problems.length === 0 ? 'OK: every check passed.' : `FAILED: ${problems.join('; ')}`}`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    await client.end();
    await server.stop();
    await waitForNoPostgres(join(dataDir, 'postgres'));
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
