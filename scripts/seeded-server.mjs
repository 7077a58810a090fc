// The built app for the page measurements (scripts/lighthouse.mjs, scripts/dashboard-profile.mjs):
// the server as the browser tests start it (scripts/e2e-server.mjs: a fresh embedded PostgreSQL,
// removed after), and the user both measure, with 1,000 transactions, made through the API.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the built server on `port`, serving `webDist` (default apps/web/dist). */
export async function startServer(port, webDist) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'e2e-server.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // Two minutes: a busy machine's first start of the embedded PostgreSQL is slow.
  for (let attempt = 0; attempt < 480; attempt++) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}.`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not answer /api/health within two minutes.');
}

async function api(base, method, path, body, token) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * A user with a set-up account and `count` transactions over the last 120 days, through the
 * API. Returns what the web app keeps in localStorage after that user's sign-in (the token,
 * and the user as the device's last user: lib/token.ts, lib/auth/get-user.ts), for a page to
 * load as a returning user's.
 */
export async function seedUser(base, { label, count = 1000 }) {
  const email = `${label}-${Date.now()}@moneta.dev`;
  const { token } = await api(base, 'POST', '/auth/signup', { email, password: 'Secr3t!pass' });
  const user = await api(
    base,
    'PUT',
    '/auth/setup',
    { defaultCurrency: 'USD', timeZone: 'UTC' },
    token,
  );
  const expenses = ['Food', 'Transport', 'Shopping', 'Bills', 'Entertainment', 'Health'];
  const names = ['Groceries', 'Coffee', 'Bus pass', 'Electricity', 'Cinema', 'Pharmacy'];
  const day = 24 * 60 * 60 * 1000;
  const transactions = Array.from({ length: count }, (_, index) => {
    const isIncome = index % 25 === 0;
    return {
      name: isIncome ? 'Salary' : `${names[index % names.length]} ${index}`,
      category: isIncome ? 'Salary' : expenses[index % expenses.length],
      cost: isIncome ? 2500 : Math.round(((index * 37) % 9000) + 150) / 100,
      addedOn: new Date(Date.now() - (index % 120) * day).toISOString().slice(0, 10),
      isIncome,
      note: index % 7 === 0 ? 'paid by card' : '',
    };
  });
  // A few requests at a time: the server records each through its one writer.
  for (let start = 0; start < transactions.length; start += 8) {
    await Promise.all(
      transactions
        .slice(start, start + 8)
        .map((transaction) => api(base, 'POST', '/transactions', transaction, token)),
    );
  }
  return { token, lastUser: JSON.stringify(user) };
}

/** The id of the user's first account (setup makes one), for its register's page. */
export async function firstAccountId(base, token) {
  const response = await fetch(`${base}/api/accounts`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET /accounts: ${response.status} ${await response.text()}`);
  const [account] = await response.json();
  if (!account) throw new Error('The seeded user has no account.');
  return account._id;
}

/** Writes `storage` (seedUser's answer) into the page's localStorage. */
export async function signInPage(page, storage) {
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) globalThis.localStorage.setItem(key, value);
  }, storage);
}
