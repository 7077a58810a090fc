import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Both cores for the projects without a count of their own (the web's and the shared
    // package's, run first): left to the default, one file ran at a time on two cores.
    maxWorkers: 2,
  },
});
