import { spawn, type ChildProcess } from 'node:child_process';
import type pg from 'pg';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
  /** The prepared statement's name; empty or absent for the unnamed statement. */
  name?: string | undefined;
}

/**
 * Replays the SQL that one API request runs (captured as it reached `pg`) straight through
 * `pg`, from `concurrency` loops for `seconds`: the database's ceiling for that request.
 */
export async function replaySql(
  pool: pg.Pool,
  request: CapturedQuery[][],
  options: { concurrency: number; seconds: number },
): Promise<number> {
  const configs = request.map((step) =>
    step.map((query) => ({ name: query.name || undefined, text: query.sql, values: query.params })),
  );
  const deadline = performance.now() + options.seconds * 1000;
  let completed = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      // The request's steps run in order; the queries within a step run together, as the
      // server runs them.
      for (const step of configs) {
        await Promise.all(step.map((config) => pool.query(config)));
      }
      completed += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return completed / options.seconds;
}

/** A bare Fastify server with one JSON route, in its own process: the HTTP ceiling. */
export function startBareFastify(port: number): Promise<ChildProcess> {
  const program = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/json', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    process.stdout.write('ready\\n');
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
      cwd: new URL('..', import.meta.url),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
}

/** What the SQL-over-HTTP ceiling answers on one path: the request's SQL, then these bytes. */
export interface HttpAnswer {
  request: CapturedQuery[][];
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The SQL-over-HTTP ceiling, in its own process as the server is: a bare `node:http` server
 * that, for each path it knows, runs the SQL one API request runs (as replaySql does, over a
 * pool of `poolSize`) and then writes the bytes the real server sent for it, already
 * compressed. It is what any HTTP API over this SQL costs at least: the database work plus one
 * HTTP exchange, with no routing, hooks, authentication, serialisation or compression.
 */
export function startSqlOverHttp(
  port: number,
  options: { databaseUrl: string; poolSize: number; answers: Map<string, HttpAnswer> },
): Promise<ChildProcess> {
  const answers = Object.fromEntries(
    [...options.answers].map(([path, answer]) => [
      path,
      {
        steps: answer.request.map((step) =>
          step.map((query) => ({
            name: query.name || undefined,
            text: query.sql,
            values: query.params,
          })),
        ),
        headers: answer.headers,
        body: answer.body.toString('base64'),
      },
    ]),
  );
  const program = `
    import http from 'node:http';
    import pg from 'pg';
    const setup = JSON.parse(process.env.SQL_OVER_HTTP);
    const pool = new pg.Pool({ connectionString: setup.databaseUrl, max: setup.poolSize });
    pool.on('error', () => undefined);
    const answers = new Map(Object.entries(setup.answers).map(([path, answer]) => [
      path,
      { ...answer, body: Buffer.from(answer.body, 'base64') },
    ]));
    http.createServer(async (request, response) => {
      const answer = answers.get(request.url);
      if (!answer) return response.writeHead(404).end();
      try {
        for (const step of answer.steps) await Promise.all(step.map((query) => pool.query(query)));
        response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
        response.end(answer.body);
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    }).listen(${port}, '127.0.0.1', () => process.stdout.write('ready\\n'));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
      cwd: new URL('..', import.meta.url),
      env: {
        ...process.env,
        SQL_OVER_HTTP: JSON.stringify({
          databaseUrl: options.databaseUrl,
          poolSize: options.poolSize,
          answers,
        }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`SQL over HTTP exited with ${code}`)));
  });
}
