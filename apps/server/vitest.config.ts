import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts', 'test/reliability/build-server-bundle.ts'],
    // Two cores: a few files at a time, each with its own database. A project with its own
    // worker count runs in its own group, after the others.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
