import { ErrorCode } from '@moneta/shared';
import type { FastifyRequest } from 'fastify';
import { conflict } from '../../http/app-error';

/** Who passkeys are made for: the site's domain (RP ID) and the origin pages come from. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export interface RelyingPartyConfig {
  /** The address users open Moneta at, e.g. https://money.example.com. */
  PUBLIC_URL?: string | undefined;
  /** A parent domain of PUBLIC_URL's host, to share passkeys across sub-domains. */
  WEBAUTHN_RP_ID?: string | undefined;
}

const RP_NAME = 'Moneta';

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/**
 * PUBLIC_URL decides the relying party. Without it, passkeys work only when Moneta is opened as
 * http://localhost (development, a single machine): the page's origin is then taken from the
 * request. Any other host without PUBLIC_URL is refused, since a host header is the client's to
 * choose (docs/decisions.md, SEC-14).
 */
export function relyingPartyFor(config: RelyingPartyConfig, request: FastifyRequest): RelyingParty {
  if (config.PUBLIC_URL) {
    const url = new URL(config.PUBLIC_URL);
    return { id: config.WEBAUTHN_RP_ID ?? url.hostname, name: RP_NAME, origin: url.origin };
  }
  const header = request.headers.origin;
  let origin: URL | undefined;
  try {
    origin = new URL(
      typeof header === 'string' && header !== 'null'
        ? header
        : `${request.protocol}://${request.host}`,
    );
  } catch {
    origin = undefined;
  }
  if (!origin || !isLocalhost(origin.hostname)) {
    throw conflict(
      'Passkeys need the address Moneta is opened at: the server owner sets PUBLIC_URL.',
      ErrorCode.PASSKEYS_NOT_CONFIGURED,
    );
  }
  return { id: origin.hostname, name: RP_NAME, origin: origin.origin };
}
