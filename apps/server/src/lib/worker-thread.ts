import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread running `source` (a module beside the caller). In development and
 * tests the sources run through tsx, registered in the thread before it loads the module; the
 * built server has the bundled `builtName` beside it (build.mjs bundles each worker as an
 * entry point of its own, like the OCR worker), looked for beside the running code.
 */
export function spawnWorker(source: URL, builtName: string, callerUrl: string): Worker {
  if (callerUrl.endsWith('.ts')) {
    return new Worker(
      `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => {
        register();
        return import(${JSON.stringify(source.href)});
      })`,
      { eval: true },
    );
  }
  return new Worker(new URL(`./${builtName}`, callerUrl));
}
