import type { FastifySchemaValidationError } from 'fastify';

export interface FieldError {
  path: string;
  message: string;
}

type Params = Record<string, unknown>;

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
    return { path, message: describe(error.keyword, field, error.message ?? '', error.params) };
  });
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
