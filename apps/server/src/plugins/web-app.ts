import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from '../http/error-handler';

/**
 * Serves the built web app and answers client routes (/dashboard, /login, ...) with index.html,
 * so a reload on any page works. Unknown /api paths keep the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`No built web app in ${distDir}; serving the API only (run npm run build).`);
    app.setNotFoundHandler(sendRouteNotFound);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: ['index.html'],
    // We set Cache-Control ourselves (below); the plugin's default would override it.
    cacheControl: false,
    // Hashed assets can be cached for ever; index.html must be revalidated to pick up releases.
    setHeaders(res, path) {
      res.setHeader(
        'Cache-Control',
        path.includes(`${join(distDir, 'assets')}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Client routes have no file extension; /api paths never reach here (their scope has its own).
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
    if (isPageRequest) return reply.type('text/html').sendFile('index.html');
    return sendRouteNotFound(request, reply);
  });
}
