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
