import { ErrorCode } from '@moneta/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Passkey, PasskeyOptions } from '@moneta/shared';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/postgres-errors';
import type { PasskeyRow, UserRow } from '../../db/schema';
import type { ClientInfo } from '../../http/client-info';
import { badRequest, conflict, notFound, unauthorized } from '../../http/app-error';
import { isId } from '../../lib/ids';
import type { ChallengesService } from '../auth/challenges-service';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import type { SecurityEventsService } from '../security-events/security-events-service';
import { createPasskeysRepository } from './passkeys-repository';
import type { RelyingParty } from './relying-party';

const DEFAULT_NAME = 'Passkey';
/** The browser's own time limit for the user to answer, in ms. */
const CEREMONY_TIMEOUT_MS = 5 * 60_000;

function toPasskeyDto(row: PasskeyRow): Passkey {
  return {
    _id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

const rejected = () =>
  unauthorized('This passkey could not be verified. Please try again.', ErrorCode.PASSKEY_REJECTED);

/** The challenge the browser signed, read from its client data (base64url JSON). */
function signedChallenge(clientDataJSON: string): string {
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof clientData.challenge === 'string' && clientData.challenge !== '') {
      return clientData.challenge;
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw badRequest(
    'The passkey answer is malformed; please try again.',
    ErrorCode.PASSKEY_MALFORMED,
  );
}

/**
 * The library's verdict, or undefined when it threw: it reports a wrong origin, challenge,
 * signature or counter by throwing, and every one of those is the client's answer refused.
 */
async function unlessThrown<T>(verify: () => Promise<T>): Promise<T | undefined> {
  try {
    return await verify();
  } catch {
    return undefined;
  }
}

/**
 * WebAuthn through @simplewebauthn/server: discoverable credentials ("passkeys") with user
 * verification, registered from a signed-in session and used to sign in without a password.
 * Challenges live in auth_challenges (single use, 5 minutes), so any instance can finish a
 * ceremony another began.
 */
export function createPasskeysService(
  db: Database,
  deps: {
    events: SecurityEventsService;
    throttle: SignInThrottle;
    challenges: ChallengesService;
  },
) {
  const passkeys = createPasskeysRepository(db);
  const { events, throttle, challenges } = deps;

  return {
    async registrationOptions(user: UserRow, rp: RelyingParty): Promise<PasskeyOptions> {
      const existing = await passkeys.list(user.id);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userID: new TextEncoder().encode(user.id),
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.credentialId,
          transports: row.transports,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await challenges.store('passkey-register', options.challenge, user.id);
      return { ...options };
    },

    async register(
      user: UserRow,
      input: { name?: string | undefined; response: RegistrationResponseJSON },
      rp: RelyingParty,
      client: ClientInfo,
    ): Promise<Passkey> {
      const challenge = signedChallenge(input.response.response.clientDataJSON);
      if (!(await challenges.consume('passkey-register', challenge, user.id))) {
        throw badRequest(
          'This passkey registration has expired or was already used. Please start again.',
          ErrorCode.CHALLENGE_INVALID,
        );
      }
      const verification = await unlessThrown(() =>
        verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        }),
      );
      if (!verification?.verified) {
        throw badRequest(
          'This passkey could not be verified. Please try again.',
          ErrorCode.PASSKEY_REJECTED,
        );
      }
      const { credential } = verification.registrationInfo;
      let row;
      try {
        row = await passkeys.insert({
          userId: user.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? input.response.response.transports ?? [],
          name: input.name || DEFAULT_NAME,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'passkeys_credential_key')) {
          throw conflict('This passkey is already registered.', ErrorCode.PASSKEY_EXISTS);
        }
        throw error;
      }
      await events.record(user.id, 'passkey-added', client, row.name);
      return toPasskeyDto(row);
    },

    async list(userId: string): Promise<Passkey[]> {
      return (await passkeys.list(userId)).map(toPasskeyDto);
    },

    async remove(userId: string, id: string, client: ClientInfo): Promise<void> {
      const row = isId(id) ? await passkeys.delete(userId, id) : undefined;
      if (!row) throw notFound('Passkey not found.', ErrorCode.PASSKEY_NOT_FOUND);
      await events.record(userId, 'passkey-removed', client, row.name);
    },

    /** Options for "Sign in with a passkey": any of this site's passkeys may answer. */
    async loginOptions(rp: RelyingParty): Promise<PasskeyOptions> {
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'required',
      });
      await challenges.store('passkey-login', options.challenge, null);
      return { ...options };
    },

    /**
     * Verifies a passkey sign-in and answers whose it is. A passkey with user verification is
     * both factors at once, so two-factor does not ask for a code after it. Failures count
     * against the address like failed passwords.
     */
    async login(
      input: { response: AuthenticationResponseJSON },
      rp: RelyingParty,
      client: ClientInfo,
    ): Promise<string> {
      const addressKey = throttle.address(client.ip ?? '');
      await throttle.attempt(addressKey);
      const challenge = signedChallenge(input.response.response.clientDataJSON);
      if (!(await challenges.consume('passkey-login', challenge, null))) throw rejected();
      const passkey = await passkeys.findByCredentialId(input.response.id);
      if (!passkey) throw rejected();
      const { userHandle } = input.response.response;
      if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.userId) {
        throw rejected();
      }
      const verification = await unlessThrown(() =>
        verifyAuthenticationResponse({
          response: input.response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: true,
        }),
      );
      if (!verification?.verified) {
        await events.record(passkey.userId, 'sign-in-failed', client, 'passkey not verified');
        throw rejected();
      }
      await passkeys.recordUse(passkey.id, verification.authenticationInfo.newCounter);
      await throttle.notFailed(addressKey);
      return passkey.userId;
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
