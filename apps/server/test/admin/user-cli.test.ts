// The owner's CLI: `npm run user -- reset-password EMAIL` and `npm run user -- disable-2fa EMAIL`,
// run as a process against the test database (DATABASE_URL), beside a running app.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPassword } from '../../src/admin/user-admin';
import { passwordProblem } from '@moneta/shared';
import { challengeFor, enableTwoFactor, login, testClock } from '../support/account-security';
import { createTestApp, signUp, type TestContext } from '../test-app';

const CLI = join(import.meta.dirname, '..', '..', 'src', 'admin', 'user-cli.ts');
let context: TestContext;

beforeAll(async () => {
  // Sessions and users are remembered for 1 s by default; the CLI is another process.
  context = await createTestApp({ recentUserTtlMs: 0 });
});
afterAll(async () => {
  await context.close();
});

function cli(
  args: string[],
  stdin?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env: { ...process.env, DATABASE_URL: context.databaseUrl } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
    child.stdin!.end(stdin ?? '');
  });
}

const me = (token: string) =>
  context.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${token}` },
  });

describe('npm run user', () => {
  it('reset-password prints a new random password and signs every session out', async () => {
    const user = await signUp(context.app);
    const other = (await login(context.app, user.email)).json<{ token: string }>().token;
    const result = await cli(['reset-password', user.email.toUpperCase()]);
    expect(result.code, result.stderr).toBe(0);
    const password = result.stdout.trim();
    expect(passwordProblem(password)).toBeNull();
    expect(result.stderr).toMatch(/2 session\(s\) signed out/);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(context.app, user.email)).statusCode).toBe(401);
    expect((await login(context.app, user.email, password)).statusCode).toBe(200);
  }, 60_000);

  it('reset-password takes a password piped in, checked by the register rules', async () => {
    const user = await signUp(context.app);
    const weak = await cli(['reset-password', user.email], 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/8-16 characters/);
    const piped = await cli(['reset-password', user.email], 'Piped#pass1\n');
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe('');
    expect((await login(context.app, user.email, 'Piped#pass1')).statusCode).toBe(200);
  }, 60_000);

  it('disable-2fa lets the user sign in with the password alone', async () => {
    const user = await signUp(context.app);
    await enableTwoFactor(context.app, user, testClock());
    await challengeFor(context.app, user.email);
    const result = await cli(['disable-2fa', user.email]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/is off/);
    expect((await login(context.app, user.email)).json().token).toEqual(expect.any(String));
    const again = await cli(['disable-2fa', user.email]);
    expect(again.stderr).toMatch(/was not on/);
  }, 60_000);

  it('says what is wrong: unknown e-mail (1), no command or e-mail (2)', async () => {
    const unknown = await cli(['reset-password', 'nobody@moneta.dev']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no account with the e-mail nobody@moneta.dev/);
    expect((await cli(['reset-password'])).code).toBe(2);
    expect((await cli(['delete-everything', 'a@b.c'])).code).toBe(2);
  }, 60_000);

  it('makes random passwords that pass the register rules', () => {
    for (let i = 0; i < 200; i++) expect(passwordProblem(randomPassword())).toBeNull();
  });
});
