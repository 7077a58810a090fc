import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A minimal WebAuthn authenticator in software, for HTTP tests of the passkey routes: one ES256
 * key pair per credential, "none" attestation, user present and verified. It answers what a
 * browser's navigator.credentials.create()/get() would, in @simplewebauthn/browser's JSON form.
 */

type Cbor = number | string | Buffer | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65_536) {
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  }
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

/** CBOR (RFC 8949) for the few types attestation objects and COSE keys use. */
export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') {
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, inner]) => [encodeCbor(key), encodeCbor(inner)]),
  ]);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export interface SoftwareCredential {
  id: Buffer;
  userHandle: string;
  privateKeyPem: string;
  /** The next signature counter. */
  counter: number;
  rpId: string;
}

interface Options {
  origin: string;
  /** Override what goes into the client data or authenticator data, to test refusals. */
  challenge?: string;
  type?: string;
  rpId?: string;
  userVerified?: boolean;
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  return Buffer.concat([
    createHash('sha256').update(rpId).digest(),
    Buffer.from([flags]),
    counterBytes,
    ...(attested ? [attested] : []),
  ]);
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** navigator.credentials.create() for the options the server gave. */
export function createCredential(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  overrides: Options,
): { credential: SoftwareCredential; response: Record<string, unknown> } {
  const rpId = overrides.rpId ?? options.rp.id ?? 'localhost';
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = new Map<Cbor, Cbor>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  const id = randomBytes(32);
  const credentialIdLength = Buffer.alloc(2);
  credentialIdLength.writeUInt16BE(id.length);
  const attested = Buffer.concat([Buffer.alloc(16), credentialIdLength, id, encodeCbor(coseKey)]);
  const verified = overrides.userVerified === false ? 0 : FLAG_USER_VERIFIED;
  const authData = authenticatorData(
    rpId,
    FLAG_USER_PRESENT | verified | FLAG_ATTESTED_DATA,
    0,
    attested,
  );
  const attestationObject = encodeCbor({ fmt: 'none', attStmt: {}, authData });
  const data = clientData(
    overrides.type ?? 'webauthn.create',
    overrides.challenge ?? options.challenge,
    overrides.origin,
  );
  return {
    credential: {
      id,
      userHandle: options.user.id,
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      counter: 1,
      rpId: options.rp.id ?? rpId,
    },
    response: {
      id: id.toString('base64url'),
      rawId: id.toString('base64url'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: data.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
    },
  };
}

/** navigator.credentials.get() with a credential made before; the counter goes up by one. */
export function assertCredential(
  credential: SoftwareCredential,
  options: { challenge: string },
  overrides: Options & { counter?: number; userHandle?: string | null },
): Record<string, unknown> {
  const counter = overrides.counter ?? credential.counter;
  credential.counter = counter + 1;
  const verified = overrides.userVerified === false ? 0 : FLAG_USER_VERIFIED;
  const authData = authenticatorData(
    overrides.rpId ?? credential.rpId,
    FLAG_USER_PRESENT | verified,
    counter,
  );
  const data = clientData(
    overrides.type ?? 'webauthn.get',
    overrides.challenge ?? options.challenge,
    overrides.origin,
  );
  const signature = sign(
    'sha256',
    Buffer.concat([authData, createHash('sha256').update(data).digest()]),
    createPrivateKey(credential.privateKeyPem),
  );
  const userHandle =
    overrides.userHandle === undefined ? credential.userHandle : overrides.userHandle;
  return {
    id: credential.id.toString('base64url'),
    rawId: credential.id.toString('base64url'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response: {
      clientDataJSON: data.toString('base64url'),
      authenticatorData: authData.toString('base64url'),
      signature: signature.toString('base64url'),
      ...(userHandle === null ? {} : { userHandle }),
    },
  };
}
