import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readOrCreateSecret } from '../../../lib/secret-file';

/**
 * Encryption at rest of the bank connections' secrets (SimpleFIN access URLs, Enable Banking
 * private keys and sessions): AES-256-GCM with a 96-bit random nonce per secret.
 *
 * A sealed secret is text: `v1.<key id>.<nonce>.<ciphertext>.<tag>`, each part base64url. The
 * version lets a later format (or a new key) be read beside this one; the key id (the first
 * bytes of the key's SHA-256) tells "sealed with another key" apart from "damaged". `context`
 * (e.g. the connection's id) is authenticated with it, so a sealed secret copied onto another
 * row does not open there.
 */
const FORMAT_VERSION = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';

  constructor(
    readonly code: 'SECRETS_KEY_INVALID' | 'SECRET_OTHER_KEY' | 'SECRET_DAMAGED',
    message: string,
  ) {
    super(message);
  }
}

export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest().subarray(0, 6).toString('base64url');
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(
      'SECRETS_KEY_INVALID',
      'SECRETS_KEY must be 32 bytes, written in base64.',
    );
  }
  const id = keyId(key);
  return {
    seal(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(`${FORMAT_VERSION}.${id}.${context}`));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT_VERSION, id, nonce, ciphertext, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      const [version, sealedKeyId, nonce, ciphertext, tag] = parts;
      if (parts.length !== 5 || version !== FORMAT_VERSION) {
        throw new SecretBoxError(
          'SECRET_DAMAGED',
          'A stored secret is not in a format Moneta reads.',
        );
      }
      if (sealedKeyId !== id) {
        throw new SecretBoxError(
          'SECRET_OTHER_KEY',
          'A stored secret was encrypted with another SECRETS_KEY: set the key it was made with, or connect the bank again.',
        );
      }
      const nonceBytes = Buffer.from(nonce!, 'base64url');
      const tagBytes = Buffer.from(tag!, 'base64url');
      if (nonceBytes.length !== NONCE_BYTES || tagBytes.length !== TAG_BYTES) {
        throw new SecretBoxError('SECRET_DAMAGED', 'A stored secret is damaged.');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonceBytes);
        decipher.setAAD(Buffer.from(`${version}.${sealedKeyId}.${context}`));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext!, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError(
          'SECRET_DAMAGED',
          'A stored secret is damaged or belongs elsewhere.',
        );
      }
    },
  };
}

/** The name of the generated key's file in DATA_DIR. */
export const SECRETS_KEY_FILE = 'secrets-key';

/**
 * The key: SECRETS_KEY (base64 of 32 bytes) when set, else the one generated on first use into
 * DATA_DIR/secrets-key (mode 0600, created atomically so two instances starting together agree).
 * Instances sharing one database must share the key: set SECRETS_KEY for them.
 */
export async function loadSecretsKey(config: {
  SECRETS_KEY?: string;
  DATA_DIR: string;
}): Promise<Buffer> {
  const text =
    config.SECRETS_KEY ??
    (await readOrCreateSecret(join(config.DATA_DIR, SECRETS_KEY_FILE), KEY_BYTES));
  const key = readSecretsKey(text);
  if (!key) {
    throw new SecretBoxError(
      'SECRETS_KEY_INVALID',
      config.SECRETS_KEY
        ? 'SECRETS_KEY must be 32 bytes written in base64 (openssl rand -base64 32).'
        : `${SECRETS_KEY_FILE} in DATA_DIR does not hold a 32-byte key; restore it or remove it (secrets stored with it are then lost).`,
    );
  }
  return key;
}

/** 32 bytes from base64 or base64url text; undefined for anything else. */
export function readSecretsKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]{42,44}={0,2}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}
