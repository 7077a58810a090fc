// `npm run scan:sql`: Debian's sqlmap (batch mode, level 3) against the transaction list, search,
// filter and export parameters of the built server, with a valid Bearer token, on 127.0.0.1
// only. Exits 1 when sqlmap reports an injection point, when the server answered 500 to any of
// its payloads, or when sqlmap did not finish testing every parameter.
//
// Needs `sqlmap` on PATH (apt-get install sqlmap). SQLMAP_LEVEL (3) and SQLMAP_RISK (1) adjust it.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  api,
  buildServerBundle,
  freeLoopbackPort,
  signUpOver,
  startMonetaServer,
  waitForNoPostgres,
} from '../test/support/moneta-server';

const LEVEL = process.env.SQLMAP_LEVEL ?? '3';
const RISK = process.env.SQLMAP_RISK ?? '1';
const FILTERS =
  'search=Coffee&isIncome=false&category=Food&startDate=2026-01-01&endDate=2026-12-31';
const TARGETS = [
  {
    name: 'list, search and filters',
    path: `/api/transactions?page=1&limit=10&${FILTERS}`,
    parameters: ['page', 'limit', 'search', 'isIncome', 'category', 'startDate', 'endDate'],
  },
  {
    name: 'export',
    path: `/api/transactions/export?${FILTERS}`,
    parameters: ['search', 'isIncome', 'category', 'startDate', 'endDate'],
  },
];

interface ScanOutcome {
  output: string;
  code: number | null;
}

function runSqlmap(url: string, parameters: string[], token: string, outputDir: string) {
  const args = [
    '-u',
    url,
    '-p',
    parameters.join(','),
    `--headers=Authorization: Bearer ${token}`,
    '--batch',
    `--level=${LEVEL}`,
    `--risk=${RISK}`,
    // The server is PostgreSQL: its payloads only, which keeps the run to minutes.
    '--dbms=PostgreSQL',
    // Dates answer 400 to anything that is not a date, which sqlmap takes for type casting and
    // would skip; test them anyway, and run the full UNION tests rather than the reduced set.
    '--answers=skip those kind of cases=N,reduce the number of requests=N',
    '--flush-session',
    '--disable-coloring',
    `--output-dir=${outputDir}`,
  ];
  return new Promise<ScanOutcome>((resolve, reject) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      process.stdout.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error('sqlmap is not installed: apt-get install sqlmap')
          : error,
      ),
    );
    child.on('exit', (code) => resolve({ output, code }));
  });
}

/** What went wrong in one sqlmap run, judged from its report (its exit code says little). */
function problemsIn(outcome: ScanOutcome, parameters: string[]): string[] {
  const problems: string[] = [];
  if (/identified the following injection point/i.test(outcome.output)) {
    problems.push('sqlmap found an injection point');
  }
  // sqlmap lists the HTTP errors it met as lines such as "400 (Bad Request) - 1188 times".
  const serverErrors = outcome.output.match(/^5\d\d \([^)]*\) - \d+ times/gm);
  if (serverErrors) problems.push(`the server answered ${serverErrors.join(', ')}`);
  if (/unable to connect|connection refused|connection timed out/i.test(outcome.output)) {
    problems.push('sqlmap could not reach the server');
  }
  const untested = parameters.filter(
    (parameter) =>
      !new RegExp(`parameter '${parameter}' does not seem to be injectable`, 'i').test(
        outcome.output,
      ),
  );
  if (untested.length > 0) problems.push(`not reported as tested: ${untested.join(', ')}`);
  return problems;
}

async function main(): Promise<number> {
  buildServerBundle();
  const dataDir = await mkdtemp(join(tmpdir(), 'moneta-sqlmap-'));
  await chmod(dataDir, 0o755);
  const outputDir = join(dataDir, 'sqlmap');
  // sqlmap's thousands of refused payloads are the test: the budget of refused requests that
  // would slow them after a hundred and twenty is not what is under test here.
  const server = await startMonetaServer(
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', REFUSED_REQUESTS_PER_MINUTE: 'off' },
    { port: await freeLoopbackPort() },
  );
  try {
    const token = await signUpOver(server.baseUrl, `sqlmap-${Date.now()}@moneta.dev`);
    // Rows for the filters to find, so that true and false conditions give different pages.
    for (const [name, category, isIncome, addedOn] of [
      ['Coffee', 'Food', false, '2026-03-10'],
      ['Coffee beans', 'Food', false, '2026-04-02'],
      ['Rent', 'Bills', false, '2026-03-01'],
      ['Salary', 'Salary', true, '2026-03-25'],
    ] as const) {
      const response = await api(server.baseUrl, 'POST', '/api/transactions', {
        token,
        body: { name, category, cost: 12.5, addedOn, isIncome },
      });
      if (response.status !== 201) throw new Error(`seed: ${response.status}`);
    }

    const started = Date.now();
    const report: string[] = [];
    for (const target of TARGETS) {
      const outcome = await runSqlmap(
        `${server.baseUrl}${target.path}`,
        target.parameters,
        token,
        outputDir,
      );
      const problems = problemsIn(outcome, target.parameters);
      report.push(
        `${target.name} (${target.parameters.join(', ')}): ${problems.length === 0 ? 'no injection' : problems.join('; ')}`,
      );
    }
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    console.log(`\nsqlmap level ${LEVEL}, risk ${RISK}, ${minutes} min:\n  ${report.join('\n  ')}`);
    const failed = report.some((line) => !line.endsWith(': no injection'));
    console.log(failed ? 'FAILED' : 'OK: no injectable parameter');
    return failed ? 1 : 0;
  } finally {
    await server.stop();
    await waitForNoPostgres(join(dataDir, 'postgres'));
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
