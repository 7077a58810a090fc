import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { BankProviderError } from './provider-types';

/** Addresses no bank provider lives at: loopback, private networks, link-local and the like. */
const PRIVATE_ADDRESSES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE_ADDRESSES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  PRIVATE_ADDRESSES.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a provider must not be reached at (IPv4-mapped IPv6 read as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE_ADDRESSES.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE_ADDRESSES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface OutboundPolicy {
  /** BANK_SYNC_ALLOW_PRIVATE_URLS: tests, or a bridge on one's own network. */
  allowPrivateUrls: boolean;
}

/**
 * The resolver every provider connection uses: the name is resolved once and the address
 * checked before the socket connects to that same address, so a name that answers a public
 * address to a check and a private one to the connection (DNS rebinding) gets nowhere.
 */
function checkedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = policy.allowPrivateUrls
        ? addresses
        : addresses.filter((entry) => !isPrivateAddress(entry.address));
      if (allowed.length === 0) {
        return callback(privateAddressError(), '', 0);
      }
      if (options.all) return callback(null, allowed);
      const first = allowed[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

function privateAddressError(): BankProviderError {
  return new BankProviderError(
    'PRIVATE_ADDRESS_REFUSED',
    'The address points to a private or local network, which Moneta does not connect to unless BANK_SYNC_ALLOW_PRIVATE_URLS=true.',
  );
}

/**
 * Reads a URL the provider or the person gave: http(s) only, https unless private URLs are
 * allowed (a bridge on one's own network has no certificate), and a literal private address
 * refused before any connection.
 */
export function readProviderUrl(text: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BankProviderError('URL_INVALID', 'This is not a web address.');
  }
  const isHttps = url.protocol === 'https:';
  if (!isHttps && !(url.protocol === 'http:' && policy.allowPrivateUrls)) {
    throw new BankProviderError('URL_INVALID', 'The address must start with https://.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.allowPrivateUrls && (isIP(host) !== 0 || host === 'localhost')) {
    if (host === 'localhost' || isPrivateAddress(host)) throw privateAddressError();
  }
  return url;
}

export interface ProviderRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  /** Whole request, connect to last byte. */
  timeoutMs?: number;
  /** Largest answer read; a larger one is refused, not buffered. */
  maxBytes?: number;
}

export interface ProviderResponse {
  status: number;
  body: string;
  /** The Location header of a redirect. */
  location?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

/**
 * One HTTP request to a provider. Credentials in the URL become a Basic Authorization header
 * (SimpleFIN's access URL) and are never part of an error. A GET follows up to three redirects
 * (the SimpleFIN Bridge's guide fetches /accounts with `curl -L`), each target read by
 * `readProviderUrl` and its address checked like the first; credentials and the Authorization
 * header go only to the same origin. Other methods never follow one.
 */
export async function providerRequest(
  request: ProviderRequest,
  policy: OutboundPolicy,
): Promise<ProviderResponse> {
  let current = request;
  for (let hop = 0; ; hop += 1) {
    const response = await sendOnce(current, policy);
    const isRedirect = REDIRECT_STATUSES.has(response.status) && response.location !== undefined;
    if (request.method !== 'GET' || !isRedirect) return response;
    if (hop === MAX_REDIRECTS) {
      throw new BankProviderError(
        'PROVIDER_ANSWER_INVALID',
        'The provider redirected too many times.',
      );
    }
    const next = readProviderUrl(new URL(response.location!, current.url).toString(), policy);
    const isSameOrigin = next.origin === current.url.origin;
    if (isSameOrigin && !next.username) {
      next.username = current.url.username;
      next.password = current.url.password;
    }
    const headers = Object.fromEntries(
      Object.entries(current.headers ?? {}).filter(
        ([name]) => isSameOrigin || name.toLowerCase() !== 'authorization',
      ),
    );
    current = { ...current, url: next, headers };
  }
}

function sendOnce(request: ProviderRequest, policy: OutboundPolicy): Promise<ProviderResponse> {
  const { url } = request;
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  if (request.body !== undefined)
    headers['content-length'] = String(Buffer.byteLength(request.body));
  else if (request.method === 'POST') headers['content-length'] = '0';
  const options: RequestOptions = {
    method: request.method,
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    headers,
    lookup: checkedLookup(policy),
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      outcome();
    };
    const fail = (error: Error) => settle(() => reject(unreachable(error)));
    const outgoing = send(options, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          fail(new BankProviderError('PROVIDER_ANSWER_INVALID', 'The provider answered too much.'));
          outgoing.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () =>
        settle(() =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            location: response.headers.location,
          }),
        ),
      );
      response.on('error', fail);
    });
    outgoing.setTimeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS, () =>
      outgoing.destroy(
        new BankProviderError('PROVIDER_UNREACHABLE', 'The provider took too long to answer.'),
      ),
    );
    outgoing.on('error', fail);
    outgoing.end(request.body);
  });
}

function unreachable(error: Error): BankProviderError {
  if (error instanceof BankProviderError) return error;
  // The cause's message can quote the host; the code alone says what happened.
  const code = (error as NodeJS.ErrnoException).code;
  return new BankProviderError(
    'PROVIDER_UNREACHABLE',
    `The provider could not be reached${code ? ` (${code})` : ''}.`,
  );
}

/** The answer's JSON, or PROVIDER_ANSWER_INVALID naming what was expected. */
export function readJson(response: ProviderResponse, what: string): unknown {
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    throw new BankProviderError(
      'PROVIDER_ANSWER_INVALID',
      `The provider's answer to ${what} is not JSON.`,
    );
  }
}
