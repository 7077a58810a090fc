// `npm run bench:load`: the built server with its embedded PostgreSQL, on 127.0.0.1 only, under
// many concurrent connections doing what people do — list, search, filter, summary, charts,
// create, update, delete — for a bounded time. Afterwards it checks that nothing failed except
// 429s, that every acknowledged create is in the database (with its last acknowledged name,
// and gone when its delete was acknowledged), and that the server's memory stayed bounded.
// Prints p99 latency, throughput and peak RSS; exits 1 when a check fails.
//
// Environment: LOAD_SECONDS (60), LOAD_CONNECTIONS (200), LOAD_USERS (20), LOAD_MAX_RSS_MB (512).
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  api,
  buildServerBundle,
  embeddedDatabaseUrl,
  freeLoopbackPort,
  postgresProcessesOf,
  signUpOver,
  startMonetaServer,
  waitForNoPostgres,
} from '../test/support/moneta-server';
import { rssMb } from './lib/load';

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) used so far by each of these processes, from /proc (Linux). */
function cpuSeconds(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND);
    } catch {
      // Exited.
    }
  }
  return used;
}

/** CPU seconds used between two readings (processes that appeared later count from zero). */
function cpuUsedBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 200);
const userCount = Number(process.env.LOAD_USERS ?? 20);
const maxRssMb = Number(process.env.LOAD_MAX_RSS_MB ?? 512);
const SEED_PER_USER = 100;

const isoDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

interface Written {
  name: string;
  token: string;
}
/** Every create the server acknowledged and has not acknowledged deleting, by id. */
const live = new Map<string, Written>();
const deleted = new Set<string>();
/** Edits and deletes sent but not answered yet (the run can end with some in flight). */
const pendingEdits = new Map<string, string>();
const pendingDeletes = new Set<string>();
let sequence = 0;

interface Context {
  token?: string;
  editId?: string;
  deleteId?: string;
}

function mixedRequests(tokens: string[]): autocannon.Request[] {
  const withToken = (request: autocannon.Request, context: Context) => {
    context.token ??= tokens[Math.floor(Math.random() * tokens.length)]!;
    return {
      ...request,
      headers: {
        ...request.headers,
        authorization: `Bearer ${context.token}`,
        // Only with a body: Fastify answers 400 to an empty JSON body.
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
    };
  };
  const get = (path: string): autocannon.Request => ({
    method: 'GET',
    path,
    setupRequest: (request, context) => withToken(request, context as Context),
  });
  const create = (slot: 'editId' | 'deleteId'): autocannon.Request => ({
    method: 'POST',
    path: '/api/transactions',
    setupRequest: (request, context) => {
      const name = `load-${process.pid}-${sequence++}`;
      return withToken(
        {
          ...request,
          body: JSON.stringify({
            name,
            category: 'Food',
            cost: 4.2,
            addedOn: isoDay(Math.floor(Math.random() * 30)),
            isIncome: false,
            note: 'coffee under load',
          }),
        },
        context as Context,
      );
    },
    onResponse: (status, body, context) => {
      if (status !== 201) return;
      const created = JSON.parse(body) as { _id: string; name: string };
      const ctx = context as Context;
      live.set(created._id, { name: created.name, token: ctx.token! });
      ctx[slot] = created._id;
    },
  });

  return [
    get('/api/transactions?page=1&limit=20'),
    get('/api/transactions?search=coffee&limit=20'),
    create('editId'),
    get('/api/transactions/summary'),
    {
      method: 'PUT',
      path: '/api/transactions/',
      setupRequest: (request, context) => {
        const ctx = context as Context;
        // The create was not acknowledged (a 429 or an error): start the cycle again.
        if (!ctx.editId) return undefined as unknown as autocannon.Request;
        const name = `${live.get(ctx.editId)?.name ?? 'load'}-edited`;
        pendingEdits.set(ctx.editId, name);
        return withToken(
          {
            ...request,
            path: `/api/transactions/${ctx.editId}`,
            body: JSON.stringify({
              name,
              category: 'Groceries',
              cost: 5.5,
              addedOn: isoDay(1),
              isIncome: false,
            }),
          },
          ctx,
        );
      },
      onResponse: (status, body, context) => {
        const ctx = context as Context;
        if (!ctx.editId) return;
        pendingEdits.delete(ctx.editId);
        if (status === 200) {
          live.set(ctx.editId, { name: (JSON.parse(body) as { name: string }).name, token: '' });
        }
      },
    },
    get('/api/transactions/charts'),
    get(
      `/api/transactions?isIncome=false&category=Food&startDate=${isoDay(20)}&endDate=${isoDay(0)}`,
    ),
    create('deleteId'),
    {
      method: 'DELETE',
      path: '/api/transactions/',
      setupRequest: (request, context) => {
        const ctx = context as Context;
        if (!ctx.deleteId) return undefined as unknown as autocannon.Request;
        pendingDeletes.add(ctx.deleteId);
        return withToken({ ...request, path: `/api/transactions/${ctx.deleteId}` }, ctx);
      },
      onResponse: (status, _body, context) => {
        const ctx = context as Context;
        if (!ctx.deleteId) return;
        pendingDeletes.delete(ctx.deleteId);
        if (status === 200) {
          live.delete(ctx.deleteId);
          deleted.add(ctx.deleteId);
        }
      },
    },
  ];
}

async function main(): Promise<number> {
  buildServerBundle();
  const dataDir = await mkdtemp(join(tmpdir(), 'moneta-load-'));
  await chmod(dataDir, 0o755);
  const server = await startMonetaServer(
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIGNUP_RATE_LIMIT: '10000' },
    { port: await freeLoopbackPort() },
  );
  try {
    console.log(`Server pid ${server.pid} on ${server.baseUrl}; seeding ${userCount} users…`);
    const tokens: string[] = [];
    for (let index = 0; index < userCount; index++) {
      tokens.push(await signUpOver(server.baseUrl, `load-${Date.now()}-${index}@moneta.dev`));
    }
    await Promise.all(
      tokens.map(async (token) => {
        for (let index = 0; index < SEED_PER_USER; index++) {
          const response = await api(server.baseUrl, 'POST', '/api/transactions', {
            token,
            body: {
              name: `Seed ${index}`,
              category: index % 3 === 0 ? 'Food' : 'Bills',
              cost: 1 + index,
              addedOn: isoDay(index % 60),
              isIncome: index % 10 === 0,
              note: index % 2 ? 'coffee' : null,
            },
          });
          if (response.status !== 201) throw new Error(`seed: ${response.status}`);
        }
      }),
    );

    const idleRss = rssMb(server.pid);
    let peakRss = idleRss;
    const rssSeries: number[] = [];
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 100);
    const series = setInterval(() => rssSeries.push(Math.round(rssMb(server.pid))), 10_000);
    const clusterDir = join(dataDir, 'postgres');
    const serverCpuBefore = cpuSeconds([server.pid]);
    const postgresCpuBefore = cpuSeconds(postgresProcessesOf(clusterDir));
    console.log(`Loading with ${connections} connections for ${seconds} s…`);
    const result = await autocannon({
      url: server.baseUrl,
      connections,
      duration: seconds,
      timeout: 30,
      requests: mixedRequests(tokens),
    });
    clearInterval(sampler);
    clearInterval(series);
    const serverCpu = cpuUsedBetween(serverCpuBefore, cpuSeconds([server.pid]));
    const postgresCpu = cpuUsedBetween(
      postgresCpuBefore,
      cpuSeconds(postgresProcessesOf(clusterDir)),
    );
    peakRss = Math.max(peakRss, rssMb(server.pid));

    const statusCounts = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
    );
    const unexpected = Object.entries(statusCounts).filter(
      ([code]) => !(code.startsWith('2') || code === '429'),
    );
    const lost = await findLostWrites(await embeddedDatabaseUrl(dataDir));

    const problems: string[] = [];
    if (unexpected.length > 0) problems.push(`unexpected statuses ${JSON.stringify(unexpected)}`);
    if (result.errors > 0 || result.timeouts > 0) {
      problems.push(`${result.errors} connection errors, ${result.timeouts} timeouts`);
    }
    if (lost.length > 0) problems.push(`${lost.length} lost writes, e.g. ${lost.slice(0, 3)}`);
    if (peakRss > maxRssMb) problems.push(`peak RSS ${peakRss.toFixed(0)} MB > ${maxRssMb} MB`);

    console.log(`
Mixed load, ${connections} connections, ${seconds} s, ${userCount} users (loopback):
  requests: ${result.requests.total} (${result.requests.average.toFixed(0)}/s average)
  latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms
  statuses: ${JSON.stringify(statusCounts)}; errors ${result.errors}, timeouts ${result.timeouts}
  writes: ${live.size + deleted.size} creates acknowledged, ${deleted.size} deletes acknowledged; ${lost.length} lost (${pendingEdits.size + pendingDeletes.size} edits/deletes in flight at the end)
  CPU during the run: server ${serverCpu.toFixed(0)} s, PostgreSQL ${postgresCpu.toFixed(0)} s (of ${seconds} s × 2 cores; the load generator and anything else on the machine use the rest)
  server RSS: idle ${idleRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB, every 10 s: ${rssSeries.join(', ')} MB
${problems.length === 0 ? 'OK: no errors but 429, no lost writes, memory bounded.' : `FAILED: ${problems.join('; ')}`}`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    await server.stop();
    await waitForNoPostgres(join(dataDir, 'postgres'));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Ids acknowledged as created (and not deleted) that are missing or lack their last acknowledged
 * name, and ids whose delete was acknowledged that are still there.
 */
async function findLostWrites(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; name: string }>(
      "SELECT id, name FROM transactions WHERE name LIKE 'load-%'",
    );
    const stored = new Map(rows.map((row) => [row.id, row.name]));
    // An edit or delete still in flight when the run ended may or may not have been applied.
    const lost = [...live].filter(([id, written]) => {
      const name = stored.get(id);
      if (name === undefined) return !pendingDeletes.has(id);
      return name !== written.name && name !== pendingEdits.get(id);
    });
    const resurrected = [...deleted].filter((id) => stored.has(id));
    return [...lost.map(([id]) => id), ...resurrected.map((id) => `${id} (deleted)`)];
  } finally {
    await client.end();
  }
}

process.exitCode = await main();
