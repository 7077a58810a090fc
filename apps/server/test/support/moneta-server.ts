// The real, built server (dist/server.js) in its own process, for tests and scripts that must see
// what a deployment sees: start-up, crashes, several instances, load. Loopback only.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_BUNDLE = join(SERVER_ROOT, 'dist', 'server.js');
export const RELIABILITY_JWT_SECRET = 'reliability-secret-that-is-long-enough-0123456789';

/** Bundles src into dist/server.js (esbuild, about a second), so tests never run a stale build. */
export function buildServerBundle(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT, stdio: 'ignore' });
}

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface MonetaServer {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** The server's pino log lines so far (JSON on stdout). */
  logs: LogLine[];
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM and wait: the graceful shutdown path. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL the node process only (its PostgreSQL child, if any, is left behind). */
  kill(): Promise<void>;
}

const RUNNING = /Moneta is running at http:\/\/[^:]+:(\d+)/;

/**
 * Starts dist/server.js on 127.0.0.1 with a free port and resolves once it listens (it reads
 * the port from the server's "running at" log line, so LOG_LEVEL must stay at info or below).
 * With a fixed `port`, it polls /api/health instead, and any LOG_LEVEL will do (under load,
 * info-level request logs would cost more than the requests). No DATABASE_URL in `env` means
 * the server starts its embedded PostgreSQL in DATA_DIR.
 */
export function startMonetaServer(
  env: Record<string, string>,
  options: { timeoutMs?: number; port?: number } = {},
): Promise<MonetaServer> {
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      JWT_SECRET: RELIABILITY_JWT_SECRET,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json', // the lines are parsed below
      // Tests never download the ECB's rates from the internet (rates.test.ts serves them).
      EXCHANGE_RATES_URL: 'off',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(options.port ?? 0),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let errorOutput = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  return new Promise((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? 90_000;
    const listening = (port: number) => {
      clearTimeout(timer);
      resolve({
        child,
        pid: child.pid!,
        port,
        baseUrl: `http://127.0.0.1:${port}`,
        logs,
        exited,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
        async kill() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
      });
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${timeoutMs / 1000} s: ${errorOutput}`));
    }, timeoutMs);
    let pending = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const text of lines) {
        let line: LogLine;
        try {
          line = JSON.parse(text) as LogLine;
        } catch {
          line = { level: 30, msg: text };
        }
        logs.push(line);
        const match = RUNNING.exec(line.msg ?? '');
        if (match) listening(Number(match[1]));
      }
    });
    if (options.port) void pollHealth(options.port, () => child.exitCode === null).then(listening);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => (errorOutput += chunk));
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(
          `The server exited before listening (code ${code}, signal ${signal}): ${errorOutput}` +
            logs.map((line) => line.msg).join('\n'),
        ),
      );
    });
  });
}

async function pollHealth(port: number, isRunning: () => boolean): Promise<number> {
  while (isRunning()) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return port;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return new Promise(() => undefined); // Exited: the exit handler rejects.
}

/** A free TCP port on 127.0.0.1. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Connection string of the embedded PostgreSQL a server runs in `dataDir` (while it runs). */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const pidFile = await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pidFile.split('\n')[3]);
  const password = (await readFile(join(dataDir, 'postgres-password'), 'utf8')).trim();
  return `postgres://moneta:${encodeURIComponent(password)}@127.0.0.1:${port}/moneta`;
}

/**
 * Pids of every live postgres process serving `clusterDir`: the postmaster (its command line
 * names the directory) and its children (backends and helpers rename themselves, so they are
 * found by their parent).
 */
export function postgresProcessesOf(clusterDir: string): number[] {
  const postmasters = new Set<number>();
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (commandLine.includes(clusterDir)) postmasters.add(Number(entry));
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Exited while we looked.
    }
  }
  const children = [...parents].filter(([, parent]) => postmasters.has(parent)).map(([pid]) => pid);
  return [...postmasters, ...children];
}

/** The postmaster's pid from its pid file, if the file is there. */
export async function postmasterPid(clusterDir: string): Promise<number | undefined> {
  try {
    const pid = Number((await readFile(join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** JSON over fetch with a Bearer token; never throws on an HTTP status. */
export async function api(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (CSV, HTML): keep the text.
  }
  return { status: response.status, body };
}

/** Signs up and completes setup through the HTTP API; returns the token. */
export async function signUpOver(baseUrl: string, email: string): Promise<string> {
  const signup = await api(baseUrl, 'POST', '/api/auth/signup', {
    body: { email, password: 'Secret#123' },
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup)}`);
  const token = (signup.body as { token: string }).token;
  const setup = await api(baseUrl, 'PUT', '/api/auth/setup', {
    token,
    body: { defaultCurrency: 'USD' },
  });
  if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${JSON.stringify(setup)}`);
  return token;
}

/** Waits up to `timeoutMs` for every postgres process of `clusterDir` to exit; returns those left. */
export async function waitForNoPostgres(clusterDir: string, timeoutMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let left = postgresProcessesOf(clusterDir);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = postgresProcessesOf(clusterDir);
  }
  return left;
}
