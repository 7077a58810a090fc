import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { loggerOptions } from '../src/logger';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      CORS_ORIGINS: [],
      UPLOAD_MAX_MB: 10,
      IMPORT_MAX_MB: 20,
      TRUST_PROXY: false,
      RECURRING_INTERVAL_MINUTES: 15,
      DATABASE_POOL_SIZE: 8,
      EXCHANGE_RATES_URL: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip',
    });
    expect(isAbsolute(config.DATA_DIR)).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
  });

  it('parses lists, numbers and booleans', () => {
    const config = loadConfig({
      PORT: '8080',
      CORS_ORIGINS: 'https://a.moneta.dev, https://b.moneta.dev',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://u:p@db:5432/moneta',
    });
    expect(config.PORT).toBe(8080);
    expect(config.CORS_ORIGINS).toEqual(['https://a.moneta.dev', 'https://b.moneta.dev']);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.DATABASE_URL).toBe('postgres://u:p@db:5432/moneta');
  });

  it('reads the budget of refused requests as a whole number a minute, or off', () => {
    expect(loadConfig({}).REFUSED_REQUESTS_PER_MINUTE).toBe(120);
    expect(loadConfig({ REFUSED_REQUESTS_PER_MINUTE: '30' }).REFUSED_REQUESTS_PER_MINUTE).toBe(30);
    expect(loadConfig({ REFUSED_REQUESTS_PER_MINUTE: 'off' }).REFUSED_REQUESTS_PER_MINUTE).toBe(
      'off',
    );
    for (const value of ['0', '-5', '1.5', 'many', 'OFF']) {
      expect(() => loadConfig({ REFUSED_REQUESTS_PER_MINUTE: value })).toThrow(
        /REFUSED_REQUESTS_PER_MINUTE/,
      );
    }
  });

  it('reads the recurring interval in whole minutes, from 1 to 1440', () => {
    expect(loadConfig({ RECURRING_INTERVAL_MINUTES: '5' }).RECURRING_INTERVAL_MINUTES).toBe(5);
    expect(loadConfig({ EXCHANGE_RATES_URL: 'off' }).EXCHANGE_RATES_URL).toBe('off');
    expect(loadConfig({ EXCHANGE_RATES_URL: ' ' }).EXCHANGE_RATES_URL).toMatch(
      /^https:\/\/www\.ecb/,
    );
    expect(
      loadConfig({ EXCHANGE_RATES_URL: 'http://rates.lan/eurofxref-daily.xml' }).EXCHANGE_RATES_URL,
    ).toBe('http://rates.lan/eurofxref-daily.xml');
    for (const value of ['ecb', 'ftp://rates.lan/x.zip', 'OFF', 'file:///etc/passwd']) {
      expect(() => loadConfig({ EXCHANGE_RATES_URL: value })).toThrow(/EXCHANGE_RATES_URL/);
    }
    for (const value of ['0', '1.5', '1441', 'often']) {
      expect(() => loadConfig({ RECURRING_INTERVAL_MINUTES: value })).toThrow(
        /RECURRING_INTERVAL_MINUTES/,
      );
    }
  });

  it('reads the database pool size as a whole number from 2 to 200', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '20' }).DATABASE_POOL_SIZE).toBe(20);
    for (const value of ['0', '1', '2.5', '201', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', JWT_SECRET: '  ' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
  });

  it('names every bad setting in one readable error', () => {
    expect(() =>
      loadConfig({
        PORT: 'eighty',
        JWT_SECRET: 'short',
        DATABASE_URL: 'mysql://x',
        CORS_ORIGINS: 'not a url',
      }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', JWT_SECRET: 'short', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('JWT_SECRET: must be at least 32 characters long');
      expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
    }
  });
});

describe('receipt AI settings', () => {
  it('reads the public address for passkeys, and an RP ID only as its host or a parent domain', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://money.example.org',
      WEBAUTHN_RP_ID: 'example.org',
    });
    expect(config).toMatchObject({
      PUBLIC_URL: 'https://money.example.org',
      WEBAUTHN_RP_ID: 'example.org',
    });
    expect(() => loadConfig({ PUBLIC_URL: 'money.example.org' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'example.org' })).toThrow(
      /WEBAUTHN_RP_ID: needs PUBLIC_URL/,
    );
    for (const rpId of ['other.org', 'ample.org', 'https://example.org']) {
      expect(() =>
        loadConfig({ PUBLIC_URL: 'https://money.example.org', WEBAUTHN_RP_ID: rpId }),
      ).toThrow(/WEBAUTHN_RP_ID/);
    }
  });

  it('needs a model when an AI endpoint is set', () => {
    expect(() => loadConfig({ RECEIPT_AI_URL: 'http://localhost:11434/v1' })).toThrow(
      'RECEIPT_AI_MODEL: is required when RECEIPT_AI_URL is set',
    );
    expect(
      loadConfig({ RECEIPT_AI_URL: 'http://localhost:11434/v1', RECEIPT_AI_MODEL: 'llava' }),
    ).toMatchObject({ RECEIPT_AI_URL: 'http://localhost:11434/v1', RECEIPT_AI_MODEL: 'llava' });
    expect(() => loadConfig({ RECEIPT_AI_URL: 'not a url', RECEIPT_AI_MODEL: 'llava' })).toThrow(
      'RECEIPT_AI_URL: must be a URL',
    );
  });
});

describe('log format', () => {
  it('is readable lines on a terminal and JSON lines otherwise, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, { isTerminal: true }).LOG_FORMAT).toBe('pretty');
    expect(loadConfig({}, { isTerminal: false }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { isTerminal: true }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { isTerminal: false }).LOG_FORMAT).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: '' }, { isTerminal: false }).LOG_FORMAT).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('sends pretty lines through pino-pretty and keeps the redaction in both formats', () => {
    const pretty = loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
    const json = loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    expect(pretty.transport).toMatchObject({ target: 'pino-pretty' });
    expect(json.transport).toBeUndefined();
    for (const options of [pretty, json]) {
      expect(options.redact).toMatchObject({
        paths: expect.arrayContaining(['req.headers.authorization', '*.password', '*.token']),
      });
    }
  });
});
