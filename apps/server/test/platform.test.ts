import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app';

let context: TestContext;
let webDistDir: string;

beforeAll(async () => {
  webDistDir = await mkdtemp(join(tmpdir(), 'moneta-web-dist-'));
  await writeFile(
    join(webDistDir, 'index.html'),
    '<!doctype html><title>Moneta</title><div id="root"></div>',
  );
  await writeFile(join(webDistDir, 'robots.txt'), 'User-agent: *');
  // The build's copies of index.html that preload a page's code (apps/web/build/page-preloads.ts).
  await mkdir(join(webDistDir, 'pages'));
  for (const name of ['index', 'login']) {
    await writeFile(
      join(webDistDir, 'pages', `${name}.html`),
      `<!doctype html><title>Moneta</title><link rel="modulepreload" href="/assets/${name}.js"><div id="root"></div>`,
    );
  }
  context = await createTestApp({ webDistDir });
});
afterAll(async () => {
  await context.close();
  await rm(webDistDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('is ok when the database answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('OpenAPI description', () => {
  it('describes the routes from their schemas', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/signup',
        '/api/auth/login',
        '/api/auth/me',
        '/api/auth/setup',
        '/api/users/account',
        '/api/health',
        '/api/budgets/',
        '/api/budgets/{id}',
        '/api/recurring/',
        '/api/recurring/create',
        '/api/recurring/{id}',
      ]),
    );
    expect(
      spec.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });

  it('serves a browsable UI', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('the web app and its fallback', () => {
  it('serves index.html for client routes so a reload works', async () => {
    for (const url of ['/', '/dashboard', '/login', '/recurring-transactions?x=1']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<div id="root">');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("sends a page's own copy of index.html, preloading its code, where the build wrote one", async () => {
    const cases = {
      '/': '/assets/index.js',
      '/login': '/assets/login.js',
      '/login?next=%2Fdashboard': '/assets/login.js',
      '/dashboard': null,
      '/Login': null,
      '/login/': null,
      '/pages': null,
    };
    for (const [url, preload] of Object.entries(cases)) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const preloads = [...response.body.matchAll(/modulepreload" href="([^"]+)"/g)].map(
        (match) => match[1],
      );
      expect(preloads, url).toEqual(preload ? [preload] : []);
    }
    const head = await context.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
  });

  it('serves static files as they are', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('User-agent: *');
  });

  it('keeps JSON 404s for unknown API routes and missing files', async () => {
    const api = await context.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No route GET /api/nothing-here.', code: 'NOT_FOUND' });
    const file = await context.app.inject({ method: 'GET', url: '/missing.js' });
    expect(file.statusCode).toBe(404);
    const post = await context.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff, no framing and a referrer policy', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain HTTP: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows CORS only for the configured origins', async () => {
    const allowed = await context.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://allowed.moneta.dev', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://allowed.moneta.dev');
    const other = await context.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.org' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never answers 500 with internals for odd requests', async () => {
    const responses = await Promise.all([
      context.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: 'Bearer ' + 'x'.repeat(10_000) },
      }),
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: 'null',
      }),
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '"just a string"',
      }),
      context.app.inject({
        method: 'PUT',
        url: '/api/auth/setup',
        headers: { 'content-type': 'application/json' },
        payload: '',
      }),
      context.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'a\u0000b@moneta.dev', password: 'Secret#123' },
      }),
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@moneta.dev', password: 'x\u0000y' },
      }),
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { 'e\u0000': 1, email: 'a@moneta.dev', password: 'x' },
      }),
      context.app.inject({ method: 'GET', url: '/api/health?x=%00' }),
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x'.repeat(100_000), password: 'y' },
      }),
    ]);
    const [, , , , nulInEmail, nulInPassword, nulInKey, nulInQuery] = responses;
    for (const response of [nulInEmail, nulInPassword, nulInKey, nulInQuery]) {
      expect(response!.json()).toEqual({
        message: 'Text must not contain NUL (\\u0000) characters.',
        code: 'NUL_CHARACTER',
      });
    }
    for (const response of responses) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});
