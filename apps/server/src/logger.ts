import type { LoggerOptions } from 'pino';
import type { Config } from './config';

/**
 * Pino options for the app. Logs never hold passwords, tokens or receipt contents, so the
 * headers and fields that can carry them are redacted.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.query.token',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}
