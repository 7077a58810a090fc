// `npm start`: builds whatever is missing or older than its sources, then runs the server in
// this same process (so SIGINT/SIGTERM reach it directly and stop PostgreSQL cleanly).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const parts = [
  {
    name: 'web app',
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    output: 'apps/server/dist/server.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'],
  },
];

function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestModification(join(path, entry))),
    stats.mtimeMs,
  );
}

for (const part of parts) {
  const output = join(root, part.output);
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(
    ...part.sources.map((source) => newestModification(join(root, source))),
  );
  if (builtAt === 0 || changedAt > builtAt) {
    console.log(`Building the ${part.name}...`);
    execSync(`npm run build -w ${part.workspace}`, { cwd: root, stdio: 'inherit' });
  }
}

await import(join(root, 'apps/server/dist/server.js'));
