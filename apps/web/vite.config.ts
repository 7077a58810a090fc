import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
