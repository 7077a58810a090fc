import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// country-flag-icons exports its flags as React components (JavaScript in the bundle) but not
// as the SVG files it ships; this alias lets `@flags/US.svg?no-inline` load them as files.
const flagsDir = join(
  dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json')),
  '3x2',
);

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), '@flags': flagsDir },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    testTimeout: 20_000,
  },
});
