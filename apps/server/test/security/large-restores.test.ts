// A large restore, read and checked while the server answers everyone else: its zip is read on
// a thread of its own at a lower priority, and GET /api/health keeps answering within 1 s.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  account,
  jsonl,
  manifestOf,
  transaction,
  transactionLines,
  zipOf,
} from '../support/export-zips';
import { signUp } from '../test-app';
import { restoreTestApp } from './restore-test-app';

const restoring = restoreTestApp('large-restores');
const { restore } = restoring;

/**
 * Calls GET /api/health every 50 ms from another process (one in this process could not send
 * while the event loop is held) until its stdin closes, then prints how long each call took.
 */
const HEALTH_PROBE = `
const http = require('node:http');
const times = [];
let isStopped = false;
process.stdin.on('end', () => { isStopped = true; }).resume();
const call = () => new Promise((resolve, reject) => {
  const started = performance.now();
  http.get({ host: '127.0.0.1', port: Number(process.env.PORT), path: '/api/health' }, (response) => {
    response.resume();
    response.on('end', () => resolve(performance.now() - started));
  }).on('error', reject);
});
(async () => {
  while (!isStopped) {
    times.push(await call());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.stdout.write(JSON.stringify(times));
})();
`;

function startHealthProbe(port: number) {
  const child = spawn(process.execPath, ['-e', HEALTH_PROBE], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  return {
    async stop(): Promise<number[]> {
      child.stdin.end();
      await exited;
      return JSON.parse(output) as number[];
    },
  };
}

/** A zip of one account and `lines` as transactions.jsonl, its manifest counting `count`. */
function transactionsExport(lines: Buffer, count: number): Buffer {
  return zipOf([
    { name: 'accounts.jsonl', data: jsonl([account()]) },
    { name: 'transactions.jsonl', data: lines, level: 1 },
    {
      name: 'manifest.json',
      data: Buffer.from(
        JSON.stringify(
          manifestOf(
            { 'accounts.jsonl': [account()] },
            { counts: { accounts: 1, transactions: count } },
          ),
        ),
      ),
    },
  ]);
}

/**
 * Samples this process's threads every 20 ms until stopped: the ids of those that ran at the
 * expensive work's niceness (10) and were not there at the start.
 */
function watchLowPriorityThreads() {
  const niceThreads = () =>
    readdirSync('/proc/self/task').filter((id) => {
      try {
        const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
        // The fields after "(comm)": state is the 3rd field of the line, niceness the 19th.
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16] === '10';
      } catch {
        return false; // The thread ended between the listing and the read.
      }
    });
  const before = new Set(niceThreads());
  const seen = new Set<string>();
  const timer = setInterval(() => {
    for (const id of niceThreads()) if (!before.has(id)) seen.add(id);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return [...seen];
    },
    stillThere: () => niceThreads().filter((id) => seen.has(id)),
  };
}

let port: number | undefined;

/** Restores `zip` while GET /api/health is called over a socket; the answer and their times. */
async function restoreWhileCheckingHealth(zip: Buffer) {
  port ??= Number(new URL(await restoring.context.app.listen({ host: '127.0.0.1', port: 0 })).port);
  const user = await signUp(restoring.context.app);
  const probe = startHealthProbe(port);
  // The probe's first answer: it runs (its start is not counted against the restore).
  await new Promise((resolve) => setTimeout(resolve, 500));
  const response = await restore(user, zip);
  return { response, times: await probe.stop() };
}

describe('while a large restore runs', () => {
  it('GET /api/health answers within 1 s: 150,000 rows read and written', async () => {
    const COUNT = 150_000;
    const { response, times } = await restoreWhileCheckingHealth(
      transactionsExport(Buffer.concat([...transactionLines(COUNT)]), COUNT),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ counts: { transactions: number } }>().counts.transactions).toBe(COUNT);
    expect(times.length).toBeGreaterThan(5);
    expect(Math.max(...times)).toBeLessThan(1000);
    expect(await readdir(restoring.uploads)).toEqual([]);
  }, 300_000);

  it('GET /api/health answers within 1 s: 400,000 rows read, the last one wrong', async () => {
    const COUNT = 400_000;
    const lines = Buffer.concat([
      ...transactionLines(COUNT - 1),
      jsonl([transaction({ costCents: 0 })]),
    ]);
    const threads = watchLowPriorityThreads();
    const { response, times } = await restoreWhileCheckingHealth(transactionsExport(lines, COUNT));
    // The zip was read on a thread of its own at the lower priority, ended with the restore.
    expect(threads.stop().length).toBeGreaterThan(0);
    await expect.poll(threads.stillThere, { timeout: 2000 }).toEqual([]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'EXPORT_DAMAGED',
      message: expect.stringMatching(/transactions\.jsonl line 400000 is not valid \(costCents\)/),
    });
    expect(Math.max(...times)).toBeLessThan(1000);
    expect(await readdir(restoring.uploads)).toEqual([]);
  }, 300_000);
});
