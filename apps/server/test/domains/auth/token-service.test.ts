import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../../src/domains/auth/token-service';

const SECRET = 'token-service-test-secret-long-enough-for-hs256-0123456789';
const USER_ID = '01900000-0000-7000-8000-0000000000aa';
const SESSION_ID = '01900000-0000-7000-8000-0000000000bb';
const CLAIMS = { userId: USER_ID, sessionId: SESSION_ID };
const DAY_MS = 86_400_000;
const claimsFor7Days = () => ({ ...CLAIMS, expiresAt: new Date(Date.now() + 7 * DAY_MS) });

afterEach(() => {
  vi.useRealTimers();
});

describe('token service', () => {
  it('accepts its own token again and again (the second time from the verified cache)', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.issue(claimsFor7Days());
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
  });

  it('rejects a remembered token once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    const tokens = createTokenService(SECRET);
    const token = await tokens.issue(claimsFor7Days());
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    vi.setSystemTime(Date.now() + 6 * DAY_MS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    vi.setSystemTime(Date.now() + 2 * DAY_MS);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('does not let a remembered token vouch for an altered copy', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.issue(claimsFor7Days());
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeUndefined();
  });

  it('does not accept a token of another secret after one of its own', async () => {
    const ours = createTokenService(SECRET);
    const theirs = createTokenService(`${SECRET}-other`);
    expect(await ours.verify(await ours.issue(claimsFor7Days()))).toEqual(CLAIMS);
    expect(await ours.verify(await theirs.issue(claimsFor7Days()))).toBeUndefined();
  });

  it('refuses a valid token without a session (issued before sessions existed)', async () => {
    const tokens = createTokenService(SECRET);
    const { SignJWT } = await import('jose');
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(USER_ID)
      .setIssuer('moneta')
      .setIssuedAt()
      .setExpirationTime('7d')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(legacy)).toBeUndefined();
  });
});
