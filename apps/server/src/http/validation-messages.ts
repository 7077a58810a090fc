import type { FastifySchemaValidationError } from 'fastify';

type Params = Record<string, unknown>;

/**
 * A refused field of a 400 (docs/api.md, General rules). `code` (zod's issue code) and `params`
 * (its limits) came after `message` and are optional for clients: they let a client say the
 * problem in its user's language without reading the English (docs/i18n.md).
 */
export interface FieldError {
  path: string;
  message: string;
  code?: string;
  params?: FieldErrorParams;
}

export interface FieldErrorParams {
  minimum?: number;
  maximum?: number;
  /** What was measured: 'string' (characters), 'array' (items), 'number'… */
  origin?: string;
  /** False when the limit itself is refused (above 0 rather than 0 or more). */
  inclusive?: boolean;
  /** The type expected (invalid_type). */
  expected?: string;
  /** The field was left out or null (invalid_type). */
  missing?: true;
  /** The format expected (invalid_format: 'email', 'regex'…). */
  format?: string;
  /** The values allowed (invalid_value). */
  values?: (string | number)[];
}

/**
 * Turns schema validation failures into plain sentences that name the field. Custom messages
 * written in the shared schemas (the product's fixed wording) pass through unchanged.
 */
export function describeValidationErrors(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
): FieldError[] {
  return errors.map((error) => {
    const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || (context === 'body' ? 'The request body' : (context ?? 'The request'));
    const message = error.message ?? '';
    const params = paramsOf(error.keyword, message, error.params);
    return {
      path,
      message: describe(error.keyword, field, message, error.params),
      code: error.keyword,
      ...(params ? { params } : {}),
    };
  });
}

/** The most an `invalid_value` lists: an enum of a few words, never a long list echoed. */
const MAX_LISTED_VALUES = 20;

/**
 * The values of a problem a client can say it with, picked one by one: zod's issue holds more
 * (a union's branches, a custom check's own params) that is no part of the API.
 */
function paramsOf(keyword: string, message: string, params: Params): FieldErrorParams | undefined {
  const picked: FieldErrorParams = {};
  const { minimum, maximum, origin, inclusive, expected, format, values } = params;
  if (typeof minimum === 'number' && Number.isFinite(minimum)) picked.minimum = minimum;
  if (typeof maximum === 'number' && Number.isFinite(maximum)) picked.maximum = maximum;
  if (typeof origin === 'string') picked.origin = origin;
  if (typeof inclusive === 'boolean') picked.inclusive = inclusive;
  if (typeof expected === 'string') picked.expected = expected;
  if (keyword === 'invalid_type' && /received (undefined|null)/.test(message)) {
    picked.missing = true;
  }
  if (typeof format === 'string') picked.format = format;
  if (
    Array.isArray(values) &&
    values.length <= MAX_LISTED_VALUES &&
    values.every((value) => typeof value === 'string' || typeof value === 'number')
  ) {
    picked.values = values as (string | number)[];
  }
  return Object.keys(picked).length > 0 ? picked : undefined;
}

/** zod's built-in texts ("Invalid input: expected string, received undefined", "Too big: ..."). */
const ZOD_DEFAULT_MESSAGE =
  /^(Invalid (input|option|string|key|element|union|date|number|format|type|value|literal)|Too (small|big)|Unrecognized key|Expected )/;

function describe(keyword: string, field: string, message: string, params: Params): string {
  // A message written in a schema is already meant for people; keep it.
  if (keyword === 'custom' || (message && !ZOD_DEFAULT_MESSAGE.test(message))) return message;
  switch (keyword) {
    case 'invalid_type':
      return /received (undefined|null)/.test(message)
        ? `${field} is required.`
        : `${field} must be ${article(String(params.expected ?? 'value'))}.`;
    case 'too_big':
      return `${field} must ${limitText('at most', params)}.`;
    case 'too_small':
      return params.origin === 'string' && params.minimum === 1
        ? `${field} must not be empty.`
        : `${field} must ${limitText('at least', params)}.`;
    case 'invalid_value':
    case 'invalid_enum_value': {
      const values = Array.isArray(params.values) ? params.values.join(', ') : '';
      return values ? `${field} must be one of: ${values}.` : `${field} has an invalid value.`;
    }
    case 'invalid_format':
      return `${field} must be a valid ${String(params.format ?? 'value')}.`;
    case 'unrecognized_keys':
      return `Unknown field: ${Array.isArray(params.keys) ? params.keys.join(', ') : field}.`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(params.divisor)}.`;
    default:
      return `${field}: ${message}`;
  }
}

function limitText(bound: 'at most' | 'at least', params: Params): string {
  const limit = String(params.maximum ?? params.minimum);
  switch (params.origin) {
    case 'string':
      return `be ${bound} ${limit} characters long`;
    case 'array':
    case 'set':
      return `have ${bound} ${limit} items`;
    default:
      return `be ${bound} ${limit}`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
