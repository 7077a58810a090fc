// `npm test`: lint, type-check, unit and integration tests (real PostgreSQL), build with the
// bundle budget, then browser tests against the built app in Debian's Chromium. Ends with one
// summary line, "N passed, N failed", counted over the Vitest and Playwright tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath, hasChromium } from './chromium-path.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(root, 'test-results', 'summary');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const vitestJson = join(resultsDir, 'vitest.json');
const playwrightJson = join(resultsDir, 'playwright.json');
const isCi = Boolean(process.env.CI);

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

const failedSteps = [];
const run = (name, command, args, env) => {
  if (!step(name, command, args, env)) failedSteps.push(name);
};

run('lint', 'npm', ['run', 'lint']);
run('type-check', 'npm', ['run', 'typecheck']);
run('unit and integration tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const isBuilt = step('build', 'npm', ['run', 'build']);
if (!isBuilt) failedSteps.push('build');
run('bundle budget', 'npm', ['run', 'size']);

if (!isBuilt) {
  console.log('\nBrowser tests skipped: the build failed.');
} else if (hasChromium()) {
  run('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
} else if (isCi) {
  console.log(
    `\nBrowser tests need Chromium at ${chromiumPath()}; in CI a missing browser is a failure.`,
  );
  failedSteps.push('browser tests (no Chromium)');
} else {
  console.log(
    `\nBrowser tests skipped: no Chromium at ${chromiumPath()} (apt-get install chromium, or set CHROMIUM_PATH).`,
  );
}

function readFailures(file, pick) {
  if (!existsSync(file)) return [];
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return [];
  }
}
function relativeTo(path) {
  return path.startsWith(root) ? path.slice(root.length) : path;
}
// Playwright nests suites by file and describe; a spec failed when one of its tests ended
// other than as expected (a retry that passed counts as flaky, which fails the run too).
function failedSpecs(suites = [], titles = []) {
  return suites.flatMap((suite) => {
    const path = suite.title ? [...titles, suite.title] : titles;
    const own = (suite.specs ?? [])
      .filter((spec) =>
        (spec.tests ?? []).some((test) => test.status === 'unexpected' || test.status === 'flaky'),
      )
      .map((spec) => [...path, spec.title].join(' > '));
    return [...own, ...failedSpecs(suite.suites, path)];
  });
}

function readCounts(file, pick) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0 };
  }
}
const vitest = readCounts(vitestJson, (report) => ({
  passed: report.numPassedTests ?? 0,
  failed: report.numFailedTests ?? 0,
}));
// The names of the failed tests close the output too: a CI log is often read from its end.
const vitestFailures = readFailures(vitestJson, (report) =>
  (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${relativeTo(file.name)} > ${test.fullName}`),
  ),
);
const playwrightFailures = readFailures(playwrightJson, (report) => failedSpecs(report.suites));
const playwright = readCounts(playwrightJson, (report) => ({
  passed: report.stats?.expected ?? 0,
  failed: (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0),
}));
const passed = vitest.passed + playwright.passed;
const failed = vitest.failed + playwright.failed;

console.log(
  `\nVitest: ${vitest.passed} passed, ${vitest.failed} failed; Playwright: ${playwright.passed} passed, ${playwright.failed} failed`,
);
for (const name of [...vitestFailures, ...playwrightFailures]) console.log(`failed: ${name}`);
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 ? 1 : 0);
