// A JSON Schema of the OpenAPI description as Markdown: a type in words ("string (1–50 chars),
// or null") and an object as a list of its fields, nested objects indented under their field.

export interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  description?: string;
  nullable?: boolean;
  enum?: unknown[];
  default?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** The name of a shared shape a `$ref` points to: #/components/schemas/Transaction → Transaction. */
export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** A shape's name as the docs write it, linked to its section under Shapes. */
export const shapeLink = (name: string) => `**[${name}](#${name.toLowerCase()})**`;

function range(low: number | undefined, high: number | undefined, unit: string): string {
  if (low !== undefined && high !== undefined) {
    return low === high ? `${low} ${unit}` : `${low}–${high} ${unit}`;
  }
  if (low !== undefined && low > 0) return `≥ ${low} ${unit}`;
  if (high !== undefined) return `≤ ${high} ${unit}`;
  return '';
}

/** Zod's `.int()` bounds every integer by the safe ones: no bound worth saying. */
const isSafeBound = (value: number | undefined) =>
  value !== undefined && Math.abs(value) === Number.MAX_SAFE_INTEGER;

function numberBounds(schema: JsonSchema): string[] {
  const bounds: string[] = [];
  if (schema.minimum !== undefined && !isSafeBound(schema.minimum)) {
    bounds.push(`${schema.exclusiveMinimum === true ? '>' : '≥'} ${schema.minimum}`);
  }
  if (typeof schema.exclusiveMinimum === 'number') bounds.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && !isSafeBound(schema.maximum)) {
    bounds.push(`${schema.exclusiveMaximum === true ? '<' : '≤'} ${schema.maximum}`);
  }
  if (typeof schema.exclusiveMaximum === 'number') bounds.push(`< ${schema.exclusiveMaximum}`);
  return bounds;
}

/** A number, or a string of digits: how the API takes amounts and whole numbers. */
function isDecimal(schema: JsonSchema): boolean {
  const [first, second] = schema.anyOf ?? [];
  return (
    schema.anyOf?.length === 2 &&
    first?.type === 'number' &&
    second?.type === 'string' &&
    second.pattern !== undefined
  );
}

/** The constraints said in parentheses after a type. */
function constraints(schema: JsonSchema): string[] {
  const said: string[] = [];
  if (schema.type === 'string' && schema.format !== 'date') {
    const length = range(schema.minLength, schema.maxLength, 'chars');
    if (length) said.push(length);
    if (schema.pattern) said.push(`pattern ${code(schema.pattern)}`);
  }
  if (schema.type === 'number' || schema.type === 'integer') said.push(...numberBounds(schema));
  if (schema.type === 'array') {
    const count = range(schema.minItems, schema.maxItems, 'items');
    if (count) said.push(count);
  }
  if (schema.default !== undefined) said.push(`default ${code(schema.default)}`);
  return said;
}

/** A type in words, without its description; `nested` gets the lines of an object's fields. */
export function typeText(schema: JsonSchema, nested: string[], depth: number): string {
  const orNull = schema.nullable ? ', or null' : '';
  const said = constraints(schema);
  const withConstraints = (text: string) =>
    `${text}${said.length > 0 ? ` (${said.join(', ')})` : ''}${orNull}`;
  if (schema.$ref) return `a ${shapeLink(refName(schema.$ref))}${orNull}`;
  if (schema.enum) {
    const values = schema.enum.filter((value) => value !== null);
    return withConstraints(
      values.length === 1 ? `always ${code(values[0])}` : `one of ${values.map(code).join(', ')}`,
    );
  }
  if (isDecimal(schema)) {
    const isWhole = !schema.anyOf?.[1]?.pattern?.includes('.');
    return withConstraints(
      isWhole ? 'integer (number or numeric string)' : 'decimal (number or numeric string)',
    );
  }
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    for (const choice of choices) {
      const inner: string[] = [];
      const text = typeText(choice, inner, depth + 1);
      nested.push(`${'  '.repeat(depth + 1)}- ${inner.length > 0 ? `${text}:` : text}`, ...inner);
    }
    return withConstraints('either');
  }
  if (schema.allOf) {
    for (const part of schema.allOf) {
      if (part.properties) nested.push(...fieldLines(part, depth + 1));
      else if (part.$ref) nested.push(`${'  '.repeat(depth + 1)}- as ${typeText(part, [], 0)}`);
    }
    return withConstraints('object');
  }
  if (schema.type === 'array' && schema.items) {
    const items = schema.items;
    if (items.$ref) return withConstraints(`array of ${shapeLink(refName(items.$ref))}`);
    if (items.properties) {
      nested.push(...fieldLines(items, depth + 1));
      return withConstraints('array of objects');
    }
    const inner: string[] = [];
    const text = typeText(items, inner, depth);
    nested.push(...inner);
    return withConstraints(`array of ${text}`);
  }
  if (schema.type === 'object' || schema.properties) {
    if (schema.properties) nested.push(...fieldLines(schema, depth + 1));
    return withConstraints('object');
  }
  if (schema.format === 'date') return withConstraints('date `YYYY-MM-DD`');
  return withConstraints(schema.type ?? 'any value');
}

/** One list item per field of an object schema, nested objects under their field. */
export function fieldLines(schema: JsonSchema, depth = 0): string[] {
  const required = new Set(schema.required ?? []);
  const lines: string[] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const nested: string[] = [];
    const text = typeText(field, nested, depth);
    const optional = required.has(name) ? '' : ' (optional)';
    const description = field.description ? ` — ${field.description}` : '';
    lines.push(`${'  '.repeat(depth)}- ${code(name)}${optional}: ${text}${description}`, ...nested);
  }
  return lines;
}

/**
 * A whole body or answer: "a **Transaction**", "an array of **Rule**", or the list of an object's
 * fields after a colon.
 */
export function renderShape(schema: JsonSchema): { inline: string; lines: string[] } {
  if (schema.$ref) return { inline: `a ${shapeLink(refName(schema.$ref))}.`, lines: [] };
  if (schema.type === 'array' && schema.items?.$ref) {
    return { inline: `an array of ${shapeLink(refName(schema.items.$ref))}.`, lines: [] };
  }
  if (schema.properties || schema.allOf) {
    if (schema.allOf) {
      const nested: string[] = [];
      typeText(schema, nested, -1);
      return { inline: '', lines: nested };
    }
    return { inline: '', lines: fieldLines(schema) };
  }
  const nested: string[] = [];
  const text = typeText(schema, nested, -1);
  return { inline: nested.length > 0 ? `${text}:` : `${text}.`, lines: nested };
}
