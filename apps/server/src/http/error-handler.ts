import { ErrorCode } from '@moneta/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDeletedUserViolation, isOutOfRange, isStatementTimeout } from '../db/postgres-errors';
import { loggableError } from '../lib/loggable-error';
import { appErrorWithin, RATE_LIMITED_MESSAGE, sessionExpired } from './app-error';
import { drainRequest } from './drain-request';
import { describeValidationErrors, type FieldError } from './validation-messages';

/**
 * The code of another 4xx a library raised (a Fastify plugin's limit, say), passed on as it
 * came: the one kind of code the server sends that ErrorCode does not list. Branded, so that
 * only the branch that passes it on can put a code outside ErrorCode in a body.
 */
type PassedOnCode = string & { readonly __brand: 'PassedOnCode' };

interface ErrorBody {
  message: string;
  code: ErrorCode | PassedOnCode;
  errors?: FieldError[];
}

/** Fastify's own client-error codes, with messages a person can act on. */
const FASTIFY_CLIENT_ERRORS = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported content type: send JSON (application/json).',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length header.' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: 'Invalid Content-Type header.' },
  FST_ERR_BAD_URL: { status: 400, message: 'The URL is malformed.' },
} satisfies Partial<Record<ErrorCode, { status: number; message: string }>>;

const isFastifyClientError = (code: string): code is keyof typeof FASTIFY_CLIENT_ERRORS =>
  Object.hasOwn(FASTIFY_CLIENT_ERRORS, code);

export interface ErrorHandlerOptions {
  /**
   * The most of an unread request body read and discarded before an error answer (twice the
   * largest body any route accepts): a client sending a body over the limit still reads its 413.
   */
  drainLimitBytes: number;
}

/**
 * The server's one error path (docs/architecture.md): every failure becomes
 * `{ message, code, errors? }`. Bad input is always a 4xx; a 500 never carries internals.
 */
export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions): void {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorResponse(error);
    // Refused before its body was read (too large, wrong type, no token): take the rest of the
    // body off the wire first, so that the client finishes sending and reads this answer
    // (docs/decisions.md, API-6). Beyond the bound, the connection closes after it.
    if (!(await drainRequest(request.raw, options.drainLimitBytes))) {
      reply.header('connection', 'close');
    }
    const expected = appErrorWithin(error);
    if (status >= 500 && !expected) {
      // Its name, code and SQL text only: a failed query's message holds its parameters, which
      // may be an uploaded file's bytes (lib/loggable-error.ts).
      request.log.error({ err: loggableError(error) }, 'request failed');
    } else {
      // The code, not the message: a refused file's message may quote a line of it.
      request.log.info({ code: body.code, status }, 'request refused');
    }
    if (expected?.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(expected.retryAfterSeconds));
    }
    return reply.status(status).send(body);
  });
}

/** The JSON 404 for paths no route answers. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply
    .status(404)
    .send({ message: `No route ${request.method} ${path}.`, code: ErrorCode.NOT_FOUND });
}

function toErrorResponse(error: FastifyError): { status: number; body: ErrorBody } {
  // Thrown where a query starts (the fair share of connections refusing one), an AppError
  // arrives inside Drizzle's error.
  const expected = appErrorWithin(error);
  if (expected) {
    return {
      status: expected.statusCode,
      body: { message: expected.message, code: expected.code },
    };
  }
  if (isStatementTimeout(error)) {
    return {
      status: 503,
      body: {
        message:
          'This took too long to answer. Ask for less at once (a shorter period, fewer filters) and try again.',
        code: ErrorCode.TIMEOUT,
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = describeValidationErrors(error.validation, error.validationContext);
    return {
      status: 400,
      body: {
        message: errors[0]?.message ?? 'Invalid request.',
        code: ErrorCode.VALIDATION,
        errors,
      },
    };
  }
  if (error.validation) {
    return {
      status: 400,
      body: { message: error.message || 'Invalid request.', code: ErrorCode.VALIDATION },
    };
  }
  if (error.code && isFastifyClientError(error.code)) {
    const known = FASTIFY_CLIENT_ERRORS[error.code];
    return { status: known.status, body: { message: known.message, code: error.code } };
  }
  if (isDeletedUserViolation(error)) {
    const expired = sessionExpired();
    return { status: expired.statusCode, body: { message: expired.message, code: expired.code } };
  }
  if (isOutOfRange(error)) {
    return {
      status: 400,
      body: {
        message:
          'This would take an amount or a total past the largest Moneta keeps; nothing was changed.',
        code: ErrorCode.OUT_OF_RANGE,
      },
    };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return {
      status,
      body: {
        message: RATE_LIMITED_MESSAGE,
        code: ErrorCode.RATE_LIMITED,
      },
    };
  }
  if (status >= 400 && status < 500) {
    return {
      status,
      body: {
        message: error.message || 'Invalid request.',
        code: (error.code as PassedOnCode | undefined) ?? ErrorCode.BAD_REQUEST,
      },
    };
  }
  return {
    status: 500,
    body: {
      message: 'Something went wrong on our side. Please try again.',
      code: ErrorCode.INTERNAL,
    },
  };
}
