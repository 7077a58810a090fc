// Bank connections' secrets at rest: AES-256-GCM in a versioned text format, the key from
// SECRETS_KEY or generated once into DATA_DIR/secrets-key (mode 0600), and the bank settings.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import {
  createSecretBox,
  loadSecretsKey,
  SECRETS_KEY_FILE,
  SecretBoxError,
} from '../../../src/domains/bank-connections/secrets/secret-box';

const ACCESS_URL = 'https://user123:pass456@bridge.simplefin.org/simplefin';

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the secret box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal(ACCESS_URL, 'connection-1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('pass456');
    expect(Buffer.from(sealed.split('.')[3]!, 'base64url').toString('latin1')).not.toContain(
      'pass456',
    );
    expect(box.seal(ACCESS_URL, 'connection-1')).not.toBe(sealed);
    expect(box.open(sealed, 'connection-1')).toBe(ACCESS_URL);
    expect(box.open(box.seal('', 'c'), 'c')).toBe('');
  });

  it('does not open with another key, another context, or a changed byte', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal(ACCESS_URL, 'connection-1');
    expect(
      thrown(() => createSecretBox(randomBytes(32)).open(sealed, 'connection-1')),
    ).toMatchObject({
      code: 'SECRET_OTHER_KEY',
    });
    expect(thrown(() => box.open(sealed, 'connection-2'))).toMatchObject({
      code: 'SECRET_DAMAGED',
    });
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(thrown(() => box.open(parts.join('.'), 'connection-1'))).toMatchObject({
      code: 'SECRET_DAMAGED',
    });
    for (const bad of ['', 'v2.a.b.c.d', sealed.replace(/^v1/, 'v9'), `${sealed}.x`]) {
      expect(thrown(() => box.open(bad, 'connection-1'))).toBeInstanceOf(SecretBoxError);
    }
    for (const error of [thrown(() => box.open(sealed, 'connection-2'))]) {
      expect(String(error)).not.toContain('pass456');
    }
  });

  it('needs a key of 32 bytes', () => {
    for (const length of [0, 16, 31, 33]) {
      expect(thrown(() => createSecretBox(randomBytes(length)))).toMatchObject({
        code: 'SECRETS_KEY_INVALID',
      });
    }
  });
});

describe('the secrets key', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'moneta-secrets-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('is generated once into DATA_DIR/secrets-key, readable by its owner only', async () => {
    const key = await loadSecretsKey({ DATA_DIR: dataDir });
    expect(key).toHaveLength(32);
    const file = join(dataDir, SECRETS_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadSecretsKey({ DATA_DIR: dataDir })).toEqual(key);
    const sealed = createSecretBox(key).seal(ACCESS_URL, 'c');
    expect(createSecretBox(await loadSecretsKey({ DATA_DIR: dataDir })).open(sealed, 'c')).toBe(
      ACCESS_URL,
    );
    expect(await readFile(file, 'utf8')).not.toContain(ACCESS_URL);
  });

  it('is SECRETS_KEY when set, and then no file is made', async () => {
    const key = randomBytes(32);
    expect(
      await loadSecretsKey({ SECRETS_KEY: key.toString('base64'), DATA_DIR: dataDir }),
    ).toEqual(key);
    await expect(stat(join(dataDir, SECRETS_KEY_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(
      loadSecretsKey({ SECRETS_KEY: randomBytes(16).toString('base64'), DATA_DIR: dataDir }),
    ).rejects.toMatchObject({
      code: 'SECRETS_KEY_INVALID',
    });
  });

  it('refuses a damaged key file rather than making another key', async () => {
    await writeFile(join(dataDir, SECRETS_KEY_FILE), 'not a key\n', { mode: 0o600 });
    await expect(loadSecretsKey({ DATA_DIR: dataDir })).rejects.toMatchObject({
      code: 'SECRETS_KEY_INVALID',
    });
  });
});

describe('the bank settings', () => {
  it('have defaults for a fresh machine', () => {
    expect(loadConfig({}).SECRETS_KEY).toBeUndefined();
    expect(loadConfig({})).toMatchObject({
      BANK_SYNC_INTERVAL_HOURS: 6,
      BANK_SYNC_FIRST_DAYS: 90,
      ENABLE_BANKING_URL: 'https://api.enablebanking.com',
      BANK_SYNC_ALLOW_PRIVATE_URLS: false,
    });
  });

  it('read good values and name bad ones', () => {
    const key = randomBytes(32).toString('base64');
    expect(
      loadConfig({
        SECRETS_KEY: key,
        BANK_SYNC_INTERVAL_HOURS: 'off',
        BANK_SYNC_FIRST_DAYS: '365',
        ENABLE_BANKING_URL: 'http://127.0.0.1:9000',
        BANK_SYNC_ALLOW_PRIVATE_URLS: 'true',
      }),
    ).toMatchObject({
      SECRETS_KEY: key,
      BANK_SYNC_INTERVAL_HOURS: 'off',
      BANK_SYNC_FIRST_DAYS: 365,
      ENABLE_BANKING_URL: 'http://127.0.0.1:9000',
      BANK_SYNC_ALLOW_PRIVATE_URLS: true,
    });
    expect(loadConfig({ BANK_SYNC_INTERVAL_HOURS: '24' }).BANK_SYNC_INTERVAL_HOURS).toBe(24);
    const bad: Record<string, string[]> = {
      SECRETS_KEY: [
        'short',
        randomBytes(16).toString('base64'),
        randomBytes(33).toString('base64'),
      ],
      BANK_SYNC_INTERVAL_HOURS: ['0', '25', '1.5', 'OFF', 'daily'],
      BANK_SYNC_FIRST_DAYS: ['0', '731', 'many'],
      ENABLE_BANKING_URL: ['api.enablebanking.com', 'ftp://x.example'],
      BANK_SYNC_ALLOW_PRIVATE_URLS: ['maybe'],
    };
    for (const [name, values] of Object.entries(bad)) {
      for (const value of values) expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});
