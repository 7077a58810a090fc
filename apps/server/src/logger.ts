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

const CENSOR = '[redacted]';

/**
 * Query parameters whose values are secrets: the single-use code and state a bank's consent
 * sends the person back with (the request line's URL carries them), and a token.
 */
const SECRET_QUERY_NAMES = new Set(['code', 'state', 'token']);

function queryName(encoded: string): string {
  try {
    return decodeURIComponent(encoded.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return encoded.toLowerCase();
  }
}

/** A request's URL as a log line may hold it: each secret parameter's value censored. */
function urlWithoutSecrets(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return SECRET_QUERY_NAMES.has(queryName(name)) ? `${name}=${CENSOR}` : pair;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}

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
        // JWT signed with it, a sealed secret (by field and by column), and the consent's
        // single-use code and state (in the query and in the request line's URL).
        '*.setupToken',
        '*.accessUrl',
        '*.privateKey',
        '*.privateKeyPem',
        '*.jwt',
        '*.authorization',
        '*.secret',
        '*.sealedPrivateKey',
        '*.sealed_private_key',
        'req.query.code',
        'req.query.state',
        'req.url',
      ],
      // The URL keeps its path and harmless parameters, which say what the request was.
      censor: (value: unknown, path: string[]) =>
        path.join('.') === 'req.url' && typeof value === 'string'
          ? urlWithoutSecrets(value)
          : CENSOR,
    },
  };
}
