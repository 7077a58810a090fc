import type { OperationPlan, PlanContext } from './operation-plan';

/** Client data signed for a challenge the server never gave. */
const unknownClientData = (type: string) =>
  Buffer.from(
    JSON.stringify({ type, challenge: 'bm90LWdpdmVu', origin: 'http://localhost' }),
  ).toString('base64url');

/** A passkey registration of the right shape for a challenge nobody was given. */
function unknownRegistration() {
  return {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: unknownClientData('webauthn.create'), attestationObject: 'oA' },
  };
}

/** A passkey sign-in of the right shape for a challenge nobody was given. */
function unknownAssertion() {
  return {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: unknownClientData('webauthn.get'),
      authenticatorData: 'AAAA',
      signature: 'AAAA',
    },
  };
}

/** Sign-up, sign-in, sessions, API tokens, two-factor, passkeys and the account itself. */
export function authPlans({ fuzzer, theirs }: PlanContext): Record<string, OperationPlan> {
  return {
    'POST /api/auth/signup': {
      isPublic: true,
      // The fuzzer's own e-mail: a body that passes validation stops at 409, creating nothing.
      body: { email: fuzzer.email, password: 'Secret#123', timeZone: 'UTC' },
      expect: [409],
    },
    'POST /api/auth/login': {
      isPublic: true,
      body: { email: fuzzer.email, password: 'Wrong#123', timeZone: 'UTC' },
      expect: [401],
    },
    'POST /api/auth/login/2fa': {
      isPublic: true,
      // A challenge nobody was given: 401 whatever the code.
      body: { challenge: 'bm90LWEtY2hhbGxlbmdlLW9mLWFueW9uZS0wMTIzNDU2Nzg5', code: '123456' },
      expect: [401],
    },
    'GET /api/auth/me': { expect: [200] },
    'PUT /api/auth/password': {
      body: { currentPassword: 'Wrong#123', newPassword: 'Changed#456' },
      expect: [401],
    },
    'GET /api/auth/sessions': { expect: [200] },
    'DELETE /api/auth/sessions': { expect: [200] },
    'DELETE /api/auth/sessions/{id}': { pathParams: { id: theirs.sessionId }, expect: [404] },
    // Signing out ends the session: each case signs in a fresh user.
    'POST /api/auth/logout': { needsFreshUser: true, expect: [200] },
    'GET /api/auth/tokens': { expect: [200] },
    'POST /api/auth/tokens': {
      body: { name: 'Fuzz script', scope: 'read', expiresInDays: 30 },
      expect: [201],
    },
    'DELETE /api/auth/tokens/{id}': { pathParams: { id: theirs.apiTokenId }, expect: [404] },
    'GET /api/auth/2fa': { expect: [200] },
    'POST /api/auth/2fa/setup': { expect: [200] },
    // Wrong code: 400 once set up, 409 before.
    'POST /api/auth/2fa/enable': { body: { code: '000000' }, expect: [400, 409] },
    'POST /api/auth/2fa/disable': {
      body: { password: 'Wrong#123', code: '000000' },
      expect: [401],
    },
    'GET /api/auth/passkeys': { expect: [200] },
    'POST /api/auth/passkeys/register/options': { expect: [200] },
    'POST /api/auth/passkeys/register': {
      body: { name: 'Fuzz key', response: unknownRegistration() },
      expect: [400],
    },
    'DELETE /api/auth/passkeys/{id}': { pathParams: { id: theirs.passkeyId }, expect: [404] },
    'POST /api/auth/passkeys/login/options': { isPublic: true, expect: [200] },
    'POST /api/auth/passkeys/login': {
      isPublic: true,
      body: { response: unknownAssertion() },
      expect: [401],
    },
    'GET /api/auth/events': { expect: [200] },
    'PUT /api/auth/setup': {
      body: { defaultCurrency: 'USD', timeZone: 'UTC', locale: 'de-DE' },
      expect: [200],
    },
    'DELETE /api/users/account': { needsFreshUser: true, expect: [200] },
  };
}
