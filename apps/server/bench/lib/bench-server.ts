import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_PASSWORD } from './seed-transactions';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Builds the server and starts it in its own process against `databaseUrl`; resolves once it
 * answers /api/health. The caller stops it (SIGTERM). `root` runs another checkout's
 * `apps/server` (already built), e.g. an earlier commit to compare with; `env` adds to or
 * overrides its environment (two servers at once each want their own DATA_DIR).
 */
export async function startBenchServer(
  databaseUrl: string,
  port: number,
  root: string = serverRoot,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  if (root === serverRoot) execSync('npm run build', { cwd: serverRoot, stdio: 'ignore' });
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'dist/server.js')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      EXCHANGE_RATES_URL: 'off',
      LOGIN_RATE_LIMIT: '1000',
      WEB_DIST_DIR: join(serverRoot, 'bench'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not start');
}

/** Signs a seeded user in on the bench server; returns the bearer token. */
export async function signInBenchUser(base: string, email: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}
