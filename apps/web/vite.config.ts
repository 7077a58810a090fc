import { constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { localizedManifests, manifestMessages } from './build/localized-manifests.ts';
import { pageChunkGroups } from './build/page-chunks.ts';
import { pagePreloads } from './build/page-preloads.ts';
import { reactI18nextAlone } from './build/react-i18next-alone.ts';
import { messagesChunkOf } from './src/lib/i18n/message-groups.ts';
import firstPages from './build/first-pages.json' with { type: 'json' };

/** The signed-in pages a visit may start on, but the dashboard (a part of its own, first). */
const SIGNED_IN_PAGES = [
  ...new Set(
    Object.values(firstPages)
      .flat()
      .filter((route) => route.startsWith('src/app/routes/app/')),
  ),
].filter((route) => !/\/(root|dashboard)\.tsx$/.test(route));

// country-flag-icons exports its flags as React components (JavaScript in the bundle) but not
// as the SVG files it ships; this alias lets `@flags/US.svg?no-inline` load them as files.
const flagsDir = join(
  dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json')),
  '3x2',
);

/** The installable app's manifest (English); build/localized-manifests.ts writes the others. */
const webManifest: Partial<ManifestOptions> = {
  name: 'Moneta',
  short_name: 'Moneta',
  // The description's words are the messages' (src/locales/en/common.json, `manifest`).
  description: manifestMessages('en').description,
  id: '/',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  // The light theme's colour; index.html gives the dark one for dark systems.
  theme_color: '#047857',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
  // A photo or PDF shared from the phone goes to receipt upload (see src/sw.ts).
  share_target: {
    action: '/receipts/share',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: 'file', accept: ['image/*', 'application/pdf'] }] },
  },
};

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    reactI18nextAlone(),
    // The installable app (docs/architecture.md, Web app). injectManifest: src/sw.ts is our own
    // worker (it also receives shared files), Workbox only fills in the list of files to precache.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // src/pwa/register-service-worker.ts registers it: no inline script under the CSP.
      injectRegister: false,
      injectManifest: {
        // The app shell: code, styles, the page and its icons. Source maps and the build's own
        // records stay out; .br/.gz are the server's business.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/node_modules/**', '.vite/**', 'pages/**'],
        // One self-contained classic script (the worker imports nothing at run time); the 'es'
        // format would build it with Rollup's deprecated `inlineDynamicImports`.
        rollupFormat: 'iife',
      },
      manifest: webManifest,
    }),
    localizedManifests(webManifest),
    pagePreloads(),
    // Every text file of the build gets a .br and a .gz sibling, compressed once at the highest
    // levels; the server sends the one the browser accepts (preCompressed in web-app.ts), so no
    // request pays for compression. Files under 256 bytes gain too little to be worth a variant;
    // one of 700 bytes (the small chunks and the theme script every first page loads) still
    // halves.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      include: /\.(html|js|css|svg|json|webmanifest|txt)$/,
      exclude: /(^|[\\/])\.vite[\\/]/,
      threshold: 256,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), '@flags': flagsDir },
  },
  server: {
    // `npm run dev` talks to the API server started beside it.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.mjs follows the import graph recorded here.
    // @moneta/shared declares "sideEffects": false, so a page that needs one constant from
    // it does not pull in every zod schema (and zod itself).
    manifest: true,
    rolldownOptions: {
      output: {
        // A few chunks per first page instead of one per set of pages sharing a module; public
        // pages first, so that they never load the signed-in pages' code (build/page-chunks.ts).
        codeSplitting: {
          groups: [
            // A language's messages of one group in one chunk (src/lib/i18n/message-groups.ts).
            { name: (id: string) => messagesChunkOf(id) ?? null, debugName: 'messages' },
            ...pageChunkGroups([
              // What the landing and sign-in pages share (logo, theme toggle, icons): the sign-in
              // page no longer loads the landing page's own code (its layout, preview, cards).
              {
                name: 'public',
                routes: ['src/app/routes/landing.tsx', 'src/app/routes/auth/login.tsx'],
                sharedOnly: true,
              },
              // What the signed-in shell shares with one public page (the sign-out, form fields):
              // the dashboard no longer loads the landing and sign-in pages' own code to get it.
              {
                name: 'landing-shell',
                routes: ['src/app/routes/landing.tsx', 'src/app/routes/app/root.tsx'],
                sharedOnly: true,
              },
              {
                name: 'sign-in-shell',
                routes: ['src/app/routes/auth/login.tsx', 'src/app/routes/app/root.tsx'],
                sharedOnly: true,
              },
              { name: 'landing', routes: ['src/app/routes/landing.tsx'] },
              { name: 'sign-in', routes: ['src/app/routes/auth/login.tsx'] },
              { name: 'shell', routes: ['src/app/routes/app/root.tsx'] },
              { name: 'dashboard-page', routes: ['src/app/routes/app/dashboard.tsx'] },
              // The other signed-in pages: what two or more of them load in one chunk, then
              // each page's own modules in one. Left to Rolldown, a page was 40-56 files of
              // 1-10 kB, and Lighthouse's slow 4G pays a round trip for every six.
              // Nothing a public page loads: that is left where it is.
              // What two or more of them share that loads the validation library (their
              // forms), apart: a page with no form on its first render (reports) loads
              // neither it nor zod.
              {
                name: 'app-forms',
                routes: SIGNED_IN_PAGES,
                sharedBy: 2,
                notWith: /\/src\/app\/routes\/(?!app\/)/,
                reaching: /\/node_modules\/zod\//,
              },
              {
                name: 'app-pages',
                routes: SIGNED_IN_PAGES,
                sharedBy: 2,
                notWith: /\/src\/app\/routes\/(?!app\/)/,
              },
              ...SIGNED_IN_PAGES.map((route) => ({
                name: `page-${basename(route, '.tsx')}`,
                routes: [route],
                alone: true,
              })),
            ]),
          ],
        },
      },
    },
  },
});
