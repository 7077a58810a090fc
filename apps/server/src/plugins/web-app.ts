import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendRouteNotFound } from '../http/error-handler';

/** Adds Accept-Encoding to the reply's Vary header, keeping what is there (CORS's Origin). */
function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return;
  reply.header('Vary', [...names, 'Accept-Encoding'].join(', '));
}

/**
 * The pages the build wrote a copy of index.html for, with their own code preloaded
 * (apps/web/build/page-preloads.ts): `/` → pages/index.html, `/login` → pages/login.html, and
 * a page of one item, `/accounts/:accountId`, → pages/accounts/_.html (kept as `/accounts/*`).
 */
function pageFiles(distDir: string): Map<string, string> {
  const dir = join(distDir, 'pages');
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  for (const file of readdirSync(dir)) {
    const name = /^([a-z0-9-]+)\.html$/.exec(file)?.[1];
    if (name) files.set(name === 'index' ? '/' : `/${name}`, `pages/${file}`);
    else if (/^[a-z0-9-]+$/.test(file) && existsSync(join(dir, file, '_.html')))
      files.set(`/${file}/*`, `pages/${file}/_.html`);
  }
  return files;
}

/** The page file for a request's path: its own, its list's item page, or index.html. */
const pageFileFor = (pages: Map<string, string>, path: string) =>
  pages.get(path) ?? pages.get(path.replace(/\/[^/]+$/, '/*')) ?? 'index.html';

/**
 * Serves the built web app and answers client routes (/dashboard, /login, ...) with index.html,
 * or the page's own copy of it that preloads its code, so a reload on any page works. Unknown
 * /api paths keep the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`No built web app in ${distDir}; serving the API only (run npm run build).`);
    app.setNotFoundHandler(sendRouteNotFound);
    return;
  }
  const assetsDir = join(distDir, 'assets') + sep;
  const pages = pageFiles(distDir);
  // Its own scope, so that the hook below concerns the web app's files only.
  await app.register(async (web) => {
    // The same URL answers differently by Accept-Encoding, so caches must keep the answers
    // apart. Set on the reply, not in setHeaders: a reply header (CORS's Vary: Origin) would
    // replace a header set there.
    web.addHook('onSend', async (_request, reply) => varyOnEncoding(reply));

    await web.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // `/` is a page like the others (below), so that it gets its preloads too.
      index: false,
      // The build writes a .br and a .gz beside every text file over 1 kB (vite.config.ts):
      // the one the request's Accept-Encoding prefers is sent as it is, compressing nothing.
      preCompressed: true,
      // We set Cache-Control ourselves (below); the plugin's default would override it.
      cacheControl: false,
      // Hashed assets can be cached for ever; index.html must be revalidated to pick up
      // releases. `path` is the file sent, a .br or .gz variant included.
      setHeaders(res, path) {
        res.setHeader(
          'Cache-Control',
          path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });

    web.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      // Client routes have no file extension; /api paths never reach here (their scope has its own).
      const isPageRequest =
        (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
      if (isPageRequest) return reply.type('text/html').sendFile(pageFileFor(pages, path));
      return sendRouteNotFound(request, reply);
    });
  });
}
