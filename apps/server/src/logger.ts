import type { LoggerOptions } from 'pino';
import type { Config } from './config';
import { loggableError } from './lib/loggable-error';

// A person at a terminal wants one short line per event: a request reads "incoming request GET
// /api/health", then "request completed 200". JSON lines keep every field (ids, timings).
const PRETTY_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,reqId,req,res,responseTime',
  messageFormat:
    '{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} {res.statusCode}{end}',
};

/**
 * Pino options for the app. Logs never hold passwords, tokens, receipt or file contents, so the
 * headers and fields that can carry them are redacted (before the lines reach a transport).
 * Pretty lines are formatted by pino-pretty in pino's transport thread, which finds it by name
 * in node_modules: the server bundle keeps it external like every dependency.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    ...(config.LOG_FORMAT === 'pretty'
      ? {
          transport: { target: 'pino-pretty', options: PRETTY_OPTIONS },
        }
      : {}),
    // Every `{ err }` of every line: its name, code and SQL text, never its message or a
    // query's parameters (lib/loggable-error.ts).
    serializers: {
      err: (error: unknown) => (error instanceof Error ? loggableError(error) : error),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.query.token',
        '*.password',
        '*.token',
        // Bank connections (docs/bank-sync.md): a setup token, an access URL, a private key, a
        // sealed secret, and the consent's single-use code and state.
        '*.setupToken',
        '*.accessUrl',
        '*.privateKey',
        '*.secret',
        '*.sealedPrivateKey',
        'req.query.code',
        'req.query.state',
      ],
      censor: '[redacted]',
    },
  };
}
