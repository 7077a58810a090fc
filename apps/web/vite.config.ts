import { constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Every text file of the build gets a .br and a .gz sibling, compressed once at the highest
    // levels; the server sends the one the browser accepts (preCompressed in web-app.ts), so no
    // request pays for compression. Files under 1 kB gain too little to be worth a variant.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      include: /\.(html|js|css|svg|json|webmanifest|txt)$/,
      exclude: /(^|[\\/])\.vite[\\/]/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
  },
});
