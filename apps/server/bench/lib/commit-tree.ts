// An earlier commit of this repository laid out in a folder of its own, installed and built, so
// that its server runs beside the current checkout's (households-bench.ts compares the two), and
// its own migrations and seeder fill a database of its own.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_RATES_DIR } from '../../test/support/rates-server';
import type { SeedResult } from './seed-transactions';

const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));

export interface CommitTree {
  /** The full hash. */
  commit: string;
  /** The checkout's root and its apps/server. */
  root: string;
  serverRoot: string;
  /** How its node_modules came to be: linked to this checkout's (same lockfile), or `npm ci`. */
  install: 'linked' | 'npm ci';
  remove(): Promise<void>;
}

/** What a tree's seeder is asked to seed (seed-in-tree.ts reads it). */
export interface SeedRequest {
  databaseUrl: string;
  userCount: number;
  totalTransactions: number;
  heavyCount: number;
  today: string;
}

/**
 * `commit` as `<tmp>/moneta`, with `<tmp>/shared/rates` beside it as the bench's rates are
 * beside this checkout, node_modules installed, and its server built (the web app is not: the
 * bench server serves no pages).
 */
export async function checkoutCommit(commitish: string): Promise<CommitTree> {
  const commit = git('rev-parse', '--verify', `${commitish}^{commit}`).trim();
  const folder = await mkdtemp(join(tmpdir(), 'moneta-commit-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    const root = join(folder, 'moneta');
    await mkdir(root);
    const archive = join(folder, 'tree.tar');
    git('archive', '--format=tar', '-o', archive, commit);
    execFileSync('tar', ['-xf', archive, '-C', root]);
    await rm(archive);
    await mkdir(join(folder, 'shared'));
    await symlink(SHARED_RATES_DIR, join(folder, 'shared', 'rates'));

    const sameLockfile =
      spawnSync('git', ['diff', '--quiet', commit, 'HEAD', '--', 'package-lock.json'], {
        cwd: repositoryRoot,
      }).status === 0;
    if (sameLockfile) await linkNodeModules(root);
    else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'ignore' });
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'ignore' });
    return {
      commit,
      root,
      serverRoot: join(root, 'apps', 'server'),
      install: sameLockfile ? 'linked' : 'npm ci',
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * The same lockfile installs the same packages, so each of this checkout's is linked in; but
 * the workspace packages (node_modules/@moneta/*) must be the tree's own, or its build would
 * bundle this checkout's @moneta/shared.
 */
async function linkNodeModules(root: string): Promise<void> {
  const installed = join(repositoryRoot, 'node_modules');
  await mkdir(join(root, 'node_modules'));
  for (const name of await readdir(installed)) {
    if (name === '@moneta') continue;
    await symlink(join(installed, name), join(root, 'node_modules', name));
  }
  const { workspaces } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  await mkdir(join(root, 'node_modules', '@moneta'));
  for (const workspace of workspaces) {
    const { name } = JSON.parse(await readFile(join(root, workspace, 'package.json'), 'utf8')) as {
      name: string;
    };
    await symlink(join(root, workspace), join(root, 'node_modules', name));
    // Versions that differ from the root's are installed inside the workspace.
    const nested = join(repositoryRoot, workspace, 'node_modules');
    if (existsSync(nested)) await symlink(nested, join(root, workspace, 'node_modules'));
  }
}

/**
 * Migrates and seeds `request.databaseUrl` with the tree's own migrations and seeder
 * (bench/lib/seed-transactions.ts and bench-rates.ts as of that commit), run by the tree's tsx.
 */
export function seedInTree(serverRoot: string, request: SeedRequest): Promise<SeedResult> {
  const program = fileURLToPath(new URL('./seed-in-tree.ts', import.meta.url));
  const tsx = join(serverRoot, '..', '..', 'node_modules', '.bin', 'tsx');
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [program], {
      cwd: serverRoot,
      env: { ...process.env, SEED_IN_TREE: JSON.stringify(request) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`seeding in ${serverRoot} exited with ${code}`));
      resolve(JSON.parse(output.trim().split('\n').at(-1)!) as SeedResult);
    });
  });
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repositoryRoot, encoding: 'utf8' });
}
