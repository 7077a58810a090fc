import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/domains/two-factor/totp';
import { loggerOptions } from '../../src/logger';
import {
  challengeFor,
  createApiToken,
  enableTwoFactor,
  login,
  secondFactor,
  STEP_MS,
  testClock,
} from '../support/account-security';
import {
  createTestApp,
  GOOD_PASSWORD,
  signUp,
  TEST_CONFIG,
  type SignedUpUser,
  type TestContext,
} from '../test-app';
import { renderReceipt } from '../support/receipt-files';
import { snapshotDatabase } from './database-snapshot';
import { buildPlans, type OperationPlan } from './fuzz-plan';
import { injectStreamRoute } from './inject-stream';
import { listOperations, operationKey, type Operation } from './openapi-operations';
import { reportFigure } from './report';
import { fixedReceiptReader, seedUserData, type UserData } from './user-data';

/**
 * Attacks on account security (docs/architecture.md, Security; docs/reliability.md): guessing and
 * replaying second factors, reusing challenges, API tokens reaching beyond their scope, and secrets
 * leaking into logs or later answers. Every refusal leaves the data as it was.
 */
const logLines: string[] = [];
const clock = testClock();
let context: TestContext;
let owner: SignedUpUser;
let ownerData: UserData;
let operations: Operation[];
let plans: Record<string, OperationPlan>;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  context = await createTestApp({
    now: clock.now,
    receiptReader: fixedReceiptReader(),
    logger: pino(loggerOptions({ LOG_LEVEL: 'trace', LOG_FORMAT: 'json' }), sink),
  });
  owner = await signUp(context.app, { setup: true });
  ownerData = await seedUserData(context.app, owner, 'owner');
  const other = await signUp(context.app, { setup: true });
  operations = await listOperations(context.app);
  plans = buildPlans(
    owner,
    ownerData,
    await seedUserData(context.app, other, 'other'),
    await renderReceipt(['ATTACK MART', 'TOTAL 1.00']),
  );
}, 60_000);
afterAll(async () => {
  await context?.close();
});

const snapshot = () => snapshotDatabase(context.database.pool);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('second factors', () => {
  it('refuses a reused TOTP code, a used backup code, a challenge used twice, expired or of another user', async () => {
    const alice = await signUp(context.app);
    const bob = await signUp(context.app);
    const { secret, backupCodes } = await enableTwoFactor(context.app, alice, clock);
    const bobs = await enableTwoFactor(context.app, bob, clock);

    const code = totpCode(secret, clock.ms());
    const challenge = await challengeFor(context.app, alice.email);
    expect((await secondFactor(context.app, challenge, code)).statusCode).toBe(200);
    const refusals: Array<[string, Awaited<ReturnType<typeof secondFactor>>]> = [];
    refusals.push([
      'the same code again (new challenge)',
      await secondFactor(context.app, await challengeFor(context.app, alice.email), code),
    ]);
    refusals.push(['the challenge used twice', await secondFactor(context.app, challenge, code)]);
    clock.advance(STEP_MS);

    const backup = await challengeFor(context.app, alice.email);
    expect((await secondFactor(context.app, backup, backupCodes[3]!)).statusCode).toBe(200);
    refusals.push([
      'a used backup code',
      await secondFactor(
        context.app,
        await challengeFor(context.app, alice.email),
        backupCodes[3]!,
      ),
    ]);
    refusals.push([
      'another user’s backup code',
      await secondFactor(
        context.app,
        await challengeFor(context.app, alice.email),
        bobs.backupCodes[0]!,
      ),
    ]);
    refusals.push([
      'a challenge for another user, with that user’s right code',
      await secondFactor(
        context.app,
        await challengeFor(context.app, alice.email),
        totpCode(bobs.secret, clock.ms()),
      ),
    ]);
    const late = await challengeFor(context.app, alice.email);
    await context.database.pool.query(
      `UPDATE auth_challenges SET expires_at = now() - interval '1 second'
       WHERE user_id = $1`,
      [alice.id],
    );
    refusals.push([
      'a challenge after 5 minutes',
      await secondFactor(context.app, late, totpCode(secret, clock.ms())),
    ]);
    refusals.push(['no such challenge', await secondFactor(context.app, 'x'.repeat(43), '123456')]);

    for (const [name, response] of refusals) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(401);
      expect(response.json().message).toEqual(expect.any(String));
      expect(response.body, name).not.toContain('token');
    }
    // The right code of this step still works: nothing above used it up.
    const fine = await secondFactor(
      context.app,
      await challengeFor(context.app, alice.email),
      totpCode(secret, clock.ms()),
    );
    expect(fine.statusCode).toBe(200);
    clock.advance(STEP_MS);
    reportFigure(`second factors: ${refusals.length} replays and misuses, all 401`);
  });

  it('refuses a challenge after 5 wrong codes, and throttles wrong codes per user across challenges and addresses (429)', async () => {
    const limit = TEST_CONFIG.LOGIN_RATE_LIMIT;
    const user = await signUp(context.app);
    const { secret } = await enableTwoFactor(context.app, user, clock);
    const first = await challengeFor(context.app, user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await secondFactor(context.app, first, `${100000 + i}`)).statusCode);
    }
    // Dead after 5 wrong codes, even with the right one.
    statuses.push(
      (await secondFactor(context.app, first, totpCode(secret, clock.ms()))).statusCode,
    );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);

    // Backup-code guesses from other addresses count for the same user (CVE-2024-57604).
    const guesses: number[] = [];
    let challenge = await challengeFor(context.app, user.email);
    for (let i = 0; guesses.length < limit - 5 + 3; i++) {
      if (i > 0 && i % 4 === 0) challenge = await challengeFor(context.app, user.email);
      const guess = `AAAAA-${String.fromCharCode(65 + (i % 26))}BCDE`;
      guesses.push(
        (await secondFactor(context.app, challenge, guess, `198.51.100.${i + 1}`)).statusCode,
      );
    }
    expect(guesses.slice(0, limit - 5)).toEqual(Array(limit - 5).fill(401));
    expect(guesses.slice(limit - 5)).toEqual([429, 429, 429]);
    const blocked = await secondFactor(
      context.app,
      await challengeFor(context.app, user.email),
      totpCode(secret, clock.ms()),
    );
    expect(blocked.statusCode, 'even the right code waits').toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Turning two-factor off is counted by the same per-user limit.
    const disable = await context.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: user.headers,
      payload: { password: GOOD_PASSWORD, code: totpCode(secret, clock.ms()) },
    });
    expect(disable.statusCode).toBe(429);
    reportFigure(
      `second-factor brute force: 5 wrong codes void a challenge; ${limit} wrong codes per user (any challenge, any address), then 429`,
    );
  });

  it('answers 401 to a wrong current password and changes nothing; guessing it is throttled', async () => {
    const user = await signUp(context.app);
    const before = await snapshot();
    const wrongPassword = await context.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: user.headers,
      payload: { currentPassword: 'Wrong#123', newPassword: 'Changed#456' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(await snapshot()).toEqual(before);
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers }))
        .statusCode,
    ).toBe(200);
    expect((await login(context.app, user.email)).statusCode).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < TEST_CONFIG.LOGIN_RATE_LIMIT + 1; i++) {
      const response = await context.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: user.headers,
        payload: { currentPassword: `Guess#${i}`, newPassword: 'Changed#456' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('API tokens', () => {
  /** The operations a token may never reach: account security and deleting the account. */
  const isSessionOnly = (operation: Operation) =>
    operation.isProtected &&
    ((operation.path.startsWith('/api/auth/') &&
      !['GET /api/auth/me', 'PUT /api/auth/setup'].includes(operationKey(operation))) ||
      operationKey(operation) === 'DELETE /api/users/account');

  function requestFor(operation: Operation, headers: { authorization: string }) {
    const plan = plans[operationKey(operation)]!;
    const path = operation.path.replace(
      /\{(\w+)\}/g,
      (_all, name: string) => plan.pathParams![name]!,
    );
    const query = new URLSearchParams(plan.query ?? {}).toString();
    const request = {
      method: operation.method as 'GET',
      url: query ? `${path}?${query}` : path,
      headers,
      ...(plan.body ? { payload: plan.body } : {}),
    };
    return plan.isStream ? injectStreamRoute(context.app, request) : context.app.inject(request);
  }

  it('a read token gets 403 on every POST, PUT and DELETE, and changes nothing', async () => {
    const read = await createApiToken(context.app, owner, { scope: 'read' });
    const writes = operations.filter(
      (operation) =>
        operation.isProtected && operation.method !== 'GET' && !isSessionOnly(operation),
    );
    const before = await snapshot();
    for (const operation of writes) {
      const response = await requestFor(operation, read.headers);
      expect(response.statusCode, `${operationKey(operation)}: ${response.body}`).toBe(403);
      expect(response.json().code).toBe('READ_ONLY_TOKEN');
    }
    expect(await snapshot()).toEqual(before);
    const reads = operations.filter(
      (operation) =>
        operation.isProtected && operation.method === 'GET' && !isSessionOnly(operation),
    );
    for (const operation of reads) {
      const response = await requestFor(operation, read.headers);
      // A read refused by design before any set-up (the bank list without an application)
      // answers the token as it answers a session: what its plan expects, never 403.
      const expected = plans[operationKey(operation)]!.expect.includes(200)
        ? [200]
        : plans[operationKey(operation)]!.expect;
      expect(expected, `${operationKey(operation)}: ${response.body}`).toContain(
        response.statusCode,
      );
      expect(response.statusCode).not.toBe(403);
    }
    expect(writes.length).toBeGreaterThan(15);
    reportFigure(
      `read token: ${writes.length} write operations → 403, ${reads.length} reads → 200`,
    );
  });

  it('no API token reaches tokens, sessions, password, 2FA, passkeys, events, logout or account deletion (403)', async () => {
    const write = await createApiToken(context.app, owner, { scope: 'write' });
    const guarded = operations.filter(isSessionOnly);
    expect(guarded.map(operationKey)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/tokens',
        'GET /api/auth/tokens',
        'DELETE /api/auth/tokens/{id}',
        'GET /api/auth/sessions',
        'DELETE /api/auth/sessions',
        'DELETE /api/auth/sessions/{id}',
        'POST /api/auth/logout',
        'PUT /api/auth/password',
        'POST /api/auth/2fa/setup',
        'POST /api/auth/2fa/enable',
        'POST /api/auth/2fa/disable',
        'GET /api/auth/2fa',
        'POST /api/auth/passkeys/register/options',
        'POST /api/auth/passkeys/register',
        'GET /api/auth/passkeys',
        'DELETE /api/auth/passkeys/{id}',
        'GET /api/auth/events',
        'DELETE /api/users/account',
      ]),
    );
    const before = await snapshot();
    for (const operation of guarded) {
      for (const token of [write]) {
        // With the owner's own ids too: scope, not ownership, is what refuses.
        const response = await requestFor(operation, token.headers);
        expect(response.statusCode, `${operationKey(operation)}: ${response.body}`).toBe(403);
        expect(response.json().code).toBe('SESSION_REQUIRED');
      }
    }
    const ownToken = await context.app.inject({
      method: 'DELETE',
      url: `/api/auth/tokens/${write._id}`,
      headers: write.headers,
    });
    expect(ownToken.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    reportFigure(`session-only: ${guarded.length} operations refuse API tokens with 403`);
  });

  it('a revoked or expired token gets 401 everywhere', async () => {
    const revoked = await createApiToken(context.app, owner, { scope: 'write' });
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/budgets', headers: revoked.headers }))
        .statusCode,
    ).toBe(200);
    await context.app.inject({
      method: 'DELETE',
      url: `/api/auth/tokens/${revoked._id}`,
      headers: owner.headers,
    });
    const expired = await createApiToken(context.app, owner, { scope: 'write', expiresInDays: 1 });
    await context.database.pool.query(
      `UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [expired._id],
    );
    const forged = bearer(`mnt_${'A'.repeat(43)}`);
    for (const headers of [revoked.headers, expired.headers, forged]) {
      for (const [method, url] of [
        ['GET', '/api/transactions'],
        ['GET', '/api/auth/me'],
        ['POST', '/api/budgets'],
        ['GET', '/api/auth/tokens'],
      ] as const) {
        const response = await context.app.inject({
          method,
          url,
          headers,
          ...(method === 'POST'
            ? { payload: { category: 'Food', amount: 1, month: 1, year: 2031 } }
            : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });
});

describe('secrets', () => {
  it('never appear in logs, nor in any answer after the one that created them', async () => {
    const user = await signUp(context.app);
    const other = await login(context.app, user.email);
    const apiToken = await createApiToken(context.app, user, { scope: 'write' });
    await context.app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: apiToken.headers,
    });
    const { secret, backupCodes } = await enableTwoFactor(context.app, user, clock);
    const code = totpCode(secret, clock.ms());
    const challenge = await challengeFor(context.app, user.email);
    await secondFactor(context.app, challenge, '000000');
    const signedIn = await secondFactor(context.app, challenge, code);
    const backupChallenge = await challengeFor(context.app, user.email);
    await secondFactor(context.app, backupChallenge, backupCodes[0]!);
    await context.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(signedIn.json().token),
      payload: { currentPassword: 'Wrong#999', newPassword: 'Changed#456' },
    });

    const secrets: Record<string, string> = {
      password: GOOD_PASSWORD,
      'session token': user.token,
      'second session token': other.json().token,
      'two-factor session token': signedIn.json().token,
      'API token': apiToken.token,
      'API token secret part': apiToken.token.slice(4),
      'TOTP secret': secret,
      'TOTP code': code,
      challenge,
      'backup challenge': backupChallenge,
      ...Object.fromEntries(backupCodes.map((backup, i) => [`backup code ${i}`, backup])),
      ...Object.fromEntries(
        backupCodes.map((backup, i) => [`backup code ${i} compact`, backup.replace('-', '')]),
      ),
    };

    const headers = bearer(signedIn.json().token);
    const answers: string[] = [];
    for (const url of [
      '/api/auth/me',
      '/api/auth/sessions',
      '/api/auth/tokens',
      '/api/auth/2fa',
      '/api/auth/passkeys',
      '/api/auth/events',
    ]) {
      const response = await context.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(200);
      answers.push(response.body);
    }
    const { rows } = await context.database.pool.query<{ text: string }>(
      `SELECT concat_ws('|', (SELECT string_agg(t::text, '|') FROM api_tokens t),
                             (SELECT string_agg(t::text, '|') FROM backup_codes t),
                             (SELECT string_agg(t::text, '|') FROM auth_challenges t),
                             (SELECT string_agg(t::text, '|') FROM sessions t),
                             (SELECT string_agg(t::text, '|') FROM security_events t)) AS text`,
    );
    const logs = logLines.join('');
    expect(logs.length).toBeGreaterThan(1000);
    for (const [name, value] of Object.entries(secrets)) {
      expect(logs.includes(value), `${name} in the logs`).toBe(false);
      for (const answer of answers)
        expect(answer.includes(value), `${name} in an answer`).toBe(false);
      if (name !== 'TOTP secret' && name !== 'password') {
        expect(rows[0]!.text.includes(value), `${name} stored in the clear`).toBe(false);
      }
    }
    reportFigure(
      `secrets: ${Object.keys(secrets).length} secrets checked against ${logLines.length} log lines, 6 later answers and the stored rows`,
    );
  });
});
