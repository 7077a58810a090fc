import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { functionLength } from './eslint/function-length.js';

const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature never imports another feature (the session is shared code, in src/lib/auth); shared
 * code never imports features or the app. */
function webImportZones() {
  const web = './apps/web/src';
  return [
    ...features.map((feature) => ({
      target: `${web}/features/${feature}`,
      from: `${web}/features`,
      except: [`./${feature}`],
    })),
    { target: `${web}/features`, from: `${web}/app` },
    {
      target: [`${web}/components`, `${web}/lib`, `${web}/config`, `${web}/hooks`],
      from: [`${web}/features`, `${web}/app`],
    },
  ];
}

const serverDomains = readdirSync(new URL('./apps/server/src/domains', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Files that may make another domain's repository, each with its reason
 * (docs/architecture.md, One writer per entity).
 */
const crossDomainRepositoryAllowList = [
  // A restore writes a whole export back in one database transaction: 12 tables in bulk, rows
  // with their own ids and timestamps that no service's create would keep, into a user who holds
  // nothing yet, so there is no rule for a service to apply. It runs on the same repositories.
  'apps/server/src/domains/portability/restore-writer.ts',
];

/**
 * A domain never makes another domain's repository: it writes through that domain's service and
 * reads through its service or its reader (`<domain>-reader.ts`). `import type` stays allowed,
 * for a reader or a row type the app gives it.
 */
function crossDomainRepositoryRules() {
  return serverDomains.map((domain) => ({
    files: [`apps/server/src/domains/${domain}/**/*.ts`],
    ignores: crossDomainRepositoryAllowList,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(?!${domain}/)[a-z-]+/([a-z-]+/)*[a-z-]+-repository$`,
              allowTypeImports: true,
              message:
                "Another domain's repository: write through its service, read through its service or its reader (docs/architecture.md, One writer per entity).",
            },
          ],
        },
      ],
    },
  }));
}

/**
 * Words a user reads must come from the messages (docs/i18n.md): JSX text, and the attributes a
 * user reads or hears. Words without letters (punctuation, symbols, numbers) may stay literal.
 */
const noLiteralText = [
  'error',
  {
    mode: 'jsx-only',
    'jsx-attributes': {
      include: [
        'aria-label',
        'aria-description',
        'aria-roledescription',
        'aria-valuetext',
        'alt',
        'title',
        'placeholder',
        'label',
        'hint',
        'description',
        'message',
        'heading',
        'emptyText',
      ],
    },
    // Words without letters (numbers, symbols, punctuation) and all-capital codes (USD, CSV).
    words: { exclude: ['[^A-Za-z\\u00C0-\\u024F\\u3040-\\u30FF\\u4E00-\\u9FFF]*', '[A-Z_-]+'] },
    // Strings handed to these are names and keys, not words.
    callees: {
      exclude: [
        'i18n(ext)?',
        't',
        'register',
        'watch',
        'setValue',
        'getValues',
        'getFieldState',
        'resetField',
        'trigger',
        'useController',
        'useWatch',
        'navigate',
        'includes',
        'startsWith',
        'endsWith',
        'indexOf',
        'addEventListener',
        'removeEventListener',
        'querySelector',
        'get',
        'has',
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Small modules with one job: a file holds at most 500 lines and a function at most 150
    // (factories aside: eslint/function-length.js says why), test groups included. Generated files
    // (migrations, docs/api.md) are not linted.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { moneta: { rules: { 'function-length': functionLength } } },
    rules: {
      'max-lines': ['error', { max: 500 }],
      'moneta/function-length': ['error', { max: 150 }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/shared/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-default-export': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow one way: app → features → shared components/lib/config/hooks
      // (docs/architecture.md, Web app).
      'import-x/no-restricted-paths': ['error', { zones: webImportZones() }],
      // Through the barrel, every page seems to load every shared module, schemas included, and
      // the build cannot group a page's code by what it uses (apps/web/build/page-chunks.ts).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@moneta/shared',
              message: "Import from the module itself: '@moneta/shared/money', not the barrel.",
            },
          ],
        },
      ],
    },
  },
  {
    // i18next loads beside the first page's code (main.tsx), never inside it: a static import of
    // lib/i18n/i18n.ts would pull it into the importing page's chunk (docs/decisions.md).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/main.tsx',
      'apps/web/src/lib/i18n/**',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/testing/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/i18n/i18n',
              message:
                "Use '@/lib/i18n/current' (runningI18n, currentLocale, switchLocale) or useTranslation.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/testing/**'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': noLiteralText },
  },
  {
    // The server never reaches into the web app and vice versa; both may use packages/shared.
    files: ['apps/server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './apps/server', from: './apps/web' }] },
      ],
    },
  },
  {
    // The server's layers (docs/architecture.md, Layers): a route calls its service, never SQL.
    files: ['apps/server/src/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '-repository$',
              message: 'Routes call services; a repository is reached only through its service.',
            },
          ],
        },
      ],
    },
  },
  {
    // A repository holds SQL and nothing else: it never depends on the rules above it.
    files: ['apps/server/src/**/*-repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '-service$',
              message:
                'Repositories never import services: move the shared type beside the repository.',
            },
          ],
        },
      ],
    },
  },
  ...crossDomainRepositoryRules(),
  {
    // Schemas are built with the configured zod (jitless in browsers, see src/zod.ts): the web
    // app no longer imports it at boot, so every schema module must import it first itself.
    files: ['packages/shared/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'packages/shared/src/zod.ts',
      'packages/shared/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message:
                "Import { z } from '@moneta/shared/zod' (in packages/shared, './zod'), which sets zod's options before any schema is built.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'scripts/**',
      'e2e/**',
      '**/*.config.*',
      'apps/server/build.mjs',
      'apps/server/bench/**',
      'apps/server/scripts/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
