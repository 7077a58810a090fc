import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Browser-facing safety: a strict CSP (no inline or foreign scripts), no framing, nosniff, a
 * strict referrer policy; CORS only for the configured origins (none by default: the web app is
 * served from the same origin). HSTS is sent only on HTTPS requests — on plain HTTP it would be
 * ignored at best and lock out a LAN install at worst.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { corsOrigins: string[] },
): Promise<void> {
  // Helmet's middleware is built once, here. @fastify/helmet built it again on every request
  // (parsing the whole CSP each time) and ran two hooks to do it: a measurable share of a
  // small API read. The headers are the same: they are what this middleware sets.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes come from React and the toast library; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });

  await app.register(cors, {
    origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    // So that a client on another origin can read the export's file name, and see that an
    // answer is the replay of an earlier request with the same Idempotency-Key.
    exposedHeaders: ['Content-Disposition', 'Idempotent-Replayed'],
    maxAge: 600,
  });
}
