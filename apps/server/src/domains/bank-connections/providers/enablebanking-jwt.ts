import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { BankProviderError } from './provider-types';

/** How long each JWT is valid: the API allows up to a day; an hour leaks less if one is seen. */
export const ENABLE_BANKING_JWT_SECONDS = 60 * 60;

/**
 * The application's private key from the PEM the person pasted (Enable Banking's control panel
 * makes a PKCS#8 "PRIVATE KEY"; an "RSA PRIVATE KEY" works too). Anything that is not an RSA
 * private key is PRIVATE_KEY_INVALID, with a message that never quotes the key.
 */
export function readApplicationKey(pem: string): KeyObject {
  const invalid = (what: string) =>
    new BankProviderError(
      'PRIVATE_KEY_INVALID',
      `${what} Paste the whole private key file Enable Banking gave when the application was registered, from -----BEGIN PRIVATE KEY----- to its END line.`,
    );
  if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(pem)) {
    if (/-----BEGIN (PUBLIC KEY|CERTIFICATE|RSA PUBLIC KEY)-----/.test(pem)) {
      throw invalid('This is a public key or a certificate, not the private key.');
    }
    throw invalid('This is not a private key in PEM form.');
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw invalid(
      'This private key cannot be read (it may be cut short or protected by a passphrase).',
    );
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw invalid('This is not an RSA key, which Enable Banking signs with.');
  return key;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * The JWT every call carries (Enable Banking API, "Authorization"): RS256, `kid` the
 * application id, `iss` enablebanking.com, `aud` api.enablebanking.com, `iat`/`exp` in seconds.
 */
export function signApplicationJwt(applicationId: string, key: KeyObject, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const header = { typ: 'JWT', alg: 'RS256', kid: applicationId };
  const claims = {
    iss: 'enablebanking.com',
    aud: 'api.enablebanking.com',
    iat: issuedAt,
    exp: issuedAt + ENABLE_BANKING_JWT_SECONDS,
  };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${signingInput}.${base64url(sign('sha256', Buffer.from(signingInput), key))}`;
}
