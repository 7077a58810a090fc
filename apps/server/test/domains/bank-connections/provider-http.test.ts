// Requests to bank providers: private and loopback addresses refused (by name too, checked on
// the address the socket connects to), no redirect followed, answers bounded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isPrivateAddress,
  providerRequest,
  readProviderUrl,
} from '../../../src/domains/bank-connections/providers/provider-http';
import { createRequestBudget } from '../../../src/domains/bank-connections/providers/request-budget';

let server: Server;
let port: number;
let hits = 0;
beforeEach(async () => {
  hits = 0;
  server = createServer((request, response) => {
    hits += 1;
    const redirects: Record<string, string> = {
      '/same-origin': '/echo',
      '/other-origin': `http://localhost:${port}/echo`,
      '/not-http': 'ftp://files.example/x',
      '/loop': '/loop',
    };
    if (request.url! in redirects) {
      response.writeHead(302, { location: redirects[request.url!] });
      return response.end();
    }
    if (request.url === '/big') return response.end('x'.repeat(10_000));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ authorization: request.headers.authorization ?? null }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterEach(
  () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
);

describe('private addresses', () => {
  it('are told apart from public ones, IPv4-mapped IPv6 included', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of [
      '8.8.8.8',
      '151.101.1.69',
      '172.32.0.1',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('are refused in a URL unless allowed, and http needs them allowed', () => {
    const refused = { allowPrivateUrls: false };
    for (const url of [
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://10.0.0.8/x',
    ]) {
      expect(() => readProviderUrl(url, refused), url).toThrow(
        expect.objectContaining({ code: 'PRIVATE_ADDRESS_REFUSED' }),
      );
    }
    for (const url of ['http://bridge.example/x', 'ftp://bridge.example/x', 'not a url']) {
      expect(() => readProviderUrl(url, refused), url).toThrow(
        expect.objectContaining({ code: 'URL_INVALID' }),
      );
    }
    expect(readProviderUrl('https://bridge.example/x', refused).hostname).toBe('bridge.example');
    expect(readProviderUrl('http://127.0.0.1:8080/x', { allowPrivateUrls: true }).port).toBe(
      '8080',
    );
  });

  it('are refused when a name resolves to one, before anything is sent', async () => {
    // The URL check lets a name through; the connection's own lookup refuses its address.
    const url = new URL(`http://localhost:${port}/`);
    await expect(
      providerRequest({ method: 'GET', url }, { allowPrivateUrls: false }),
    ).rejects.toMatchObject({
      code: 'PRIVATE_ADDRESS_REFUSED',
    });
    expect(hits).toBe(0);
    const allowed = await providerRequest({ method: 'GET', url }, { allowPrivateUrls: true });
    expect(allowed.status).toBe(200);
    expect(hits).toBe(1);
  });
});

describe('a provider request', () => {
  const allowed = { allowPrivateUrls: true };

  it('sends URL credentials as Basic authorization', async () => {
    const response = await providerRequest(
      { method: 'GET', url: new URL(`http://us%40er:p%3Ass@127.0.0.1:${port}/`) },
      allowed,
    );
    expect(JSON.parse(response.body)).toEqual({
      authorization: `Basic ${Buffer.from('us@er:p:ss').toString('base64')}`,
    });
  });

  it('follows a GET redirect to the same origin with its credentials, elsewhere without', async () => {
    const get = (path: string) =>
      providerRequest(
        {
          method: 'GET',
          url: new URL(`http://user:pass@127.0.0.1:${port}${path}`),
          headers: { authorization: 'Bearer jwt' },
        },
        allowed,
      );
    const basic = `Basic ${Buffer.from('user:pass').toString('base64')}`;
    expect(JSON.parse((await get('/same-origin')).body)).toEqual({ authorization: basic });
    expect(JSON.parse((await get('/other-origin')).body)).toEqual({ authorization: null });
    await expect(get('/not-http')).rejects.toMatchObject({ code: 'URL_INVALID' });
    await expect(get('/loop')).rejects.toMatchObject({ code: 'PROVIDER_ANSWER_INVALID' });
    expect(hits).toBe(2 + 2 + 1 + 4);
  });

  it('does not follow a redirect answering a POST (a claim is made once)', async () => {
    const post = await providerRequest(
      { method: 'POST', url: new URL(`http://127.0.0.1:${port}/same-origin`) },
      allowed,
    );
    expect(post.status).toBe(302);
  });

  it('refuses an answer larger than its limit, and one that is too slow', async () => {
    await expect(
      providerRequest(
        { method: 'GET', url: new URL(`http://127.0.0.1:${port}/big`), maxBytes: 1000 },
        allowed,
      ),
    ).rejects.toMatchObject({ code: 'PROVIDER_ANSWER_INVALID' });
    const silent = createServer(() => undefined);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const silentPort = (silent.address() as AddressInfo).port;
    await expect(
      providerRequest(
        { method: 'GET', url: new URL(`http://127.0.0.1:${silentPort}/`), timeoutMs: 200 },
        allowed,
      ),
    ).rejects.toMatchObject({ code: 'PROVIDER_UNREACHABLE' });
    silent.closeAllConnections();
    silent.close();
  });

  it('says a closed port is unreachable without quoting the URL', async () => {
    const error = await providerRequest(
      { method: 'GET', url: new URL('http://user:secret@127.0.0.1:1/') },
      allowed,
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'PROVIDER_UNREACHABLE' });
    expect(String((error as Error).message)).not.toContain('secret');
  });
});

describe('the request budget', () => {
  it('counts requests over the last 24 hours, not since midnight', () => {
    let clock = new Date('2026-06-30T23:00:00Z');
    const budget = createRequestBudget({ limit: 2, now: () => clock });
    budget.spend();
    clock = new Date('2026-07-01T01:00:00Z');
    budget.spend();
    expect(budget.remaining()).toBe(0);
    expect(() => budget.spend()).toThrow(expect.objectContaining({ code: 'REQUEST_BUDGET_SPENT' }));
    expect(budget.nextAllowedAt().toISOString()).toBe('2026-07-01T23:00:00.000Z');
    clock = new Date('2026-07-01T23:00:00.001Z');
    expect(budget.remaining()).toBe(1);
    expect(budget.spentAt().map((time) => time.toISOString())).toEqual([
      '2026-07-01T01:00:00.000Z',
    ]);
  });
});
