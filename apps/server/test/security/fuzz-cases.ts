import {
  BAD_BODY_VALUES,
  BAD_IDS,
  BAD_QUERY_VALUES,
  MALFORMED_JSON,
  RAW_QUERY_STRINGS,
  WRONG_CONTENT_TYPES,
} from './bad-values';
import type { OperationPlan } from './fuzz-plan';
import type { Operation } from './openapi-operations';

/** One attack on one operation. */
export interface FuzzCase {
  operation: string;
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** A 2xx would be a bug: the input can never be valid. */
  mustReject: boolean;
  /** The only statuses allowed (e.g. 404 for someone else's id), when that precise. */
  expectStatus?: number[];
}

export interface CaseParts {
  pathParams?: Record<string, string>;
  /** Values; an array repeats the key. */
  query?: Record<string, string | string[]>;
  rawQuery?: string;
  /** Raw body text (already JSON, or anything else). */
  body?: string | Buffer;
  contentType?: string | undefined;
}

const FIELD_PLACEHOLDER = '"\u0001fuzz-value\u0001"';

/** The plan's body with one field replaced by raw JSON text (or removed when raw is undefined). */
export function bodyWith(plan: OperationPlan, field: string, raw: string | undefined): string {
  const body: Record<string, unknown> = { ...plan.body };
  if (raw === undefined) {
    delete body[field];
    return JSON.stringify(body);
  }
  body[field] = '\u0001fuzz-value\u0001';
  return JSON.stringify(body).replace(FIELD_PLACEHOLDER, () => raw);
}

/**
 * Percent-encodes the UTF-8 bytes of any string, lone surrogates included (they become U+FFFD,
 * as a browser sends them), where encodeURIComponent would throw.
 */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Path ids are put in the URL as they are when already percent-encoded, else encoded. */
const pathSegment = (value: string) => (value.includes('%') ? value : percentEncode(value));

export function buildUrl(operation: Operation, plan: OperationPlan, parts: CaseParts): string {
  const params = { ...plan.pathParams, ...parts.pathParams };
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    pathSegment(params[name] ?? ''),
  );
  const query = { ...plan.query, ...parts.query };
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (item) => `${percentEncode(key)}=${percentEncode(item)}`,
    ),
  );
  if (parts.rawQuery !== undefined) pairs.push(parts.rawQuery);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** A case from its parts: JSON content type and the plan's body unless the parts say otherwise. */
export function makeCase(
  operation: Operation,
  plan: OperationPlan,
  label: string,
  parts: CaseParts,
  expectations: Pick<FuzzCase, 'mustReject' | 'expectStatus'>,
): FuzzCase {
  const body = parts.body ?? (plan.body ? JSON.stringify(plan.body) : undefined);
  const contentType = 'contentType' in parts ? parts.contentType : 'application/json';
  const headers: Record<string, string> = {};
  if (body !== undefined && contentType !== undefined) headers['content-type'] = contentType;
  return {
    operation: `${operation.method} ${operation.path}`,
    label,
    method: operation.method,
    url: buildUrl(operation, plan, parts),
    headers,
    ...(body !== undefined ? { payload: body } : {}),
    ...expectations,
  };
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The catalogue attacks for one operation: malformed JSON, wrong content types, every bad value
 * in every body field and query parameter, missing and unknown fields, bad and foreign ids.
 */
export function catalogueCases(
  operation: Operation,
  plan: OperationPlan,
  foreignIds: string[],
): FuzzCase[] {
  return [
    ...bodyCases(operation, plan, foreignIds),
    ...queryCases(operation, plan),
    ...pathCases(operation, plan, foreignIds),
  ];
}

/** Broken or mistyped bodies, each body field bad or missing, and fields the API never takes. */
function bodyCases(operation: Operation, plan: OperationPlan, foreignIds: string[]): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const takesJson = operation.hasJsonBody;
  // A GET's body is never read, so a malformed one cannot be an error there.
  const readsBody = operation.method !== 'GET';

  for (const body of MALFORMED_JSON) {
    // A route without a body may ignore one that parses ("null", "[]"), never a broken one.
    cases.push(
      makeCase(
        operation,
        plan,
        `malformed JSON ${JSON.stringify(body.slice(0, 20))}`,
        { body },
        {
          mustReject: takesJson || (readsBody && body.trim() !== '' && !parses(body)),
        },
      ),
    );
  }
  for (const { contentType, body } of WRONG_CONTENT_TYPES) {
    cases.push(
      makeCase(
        operation,
        plan,
        `content type ${contentType ?? '(none)'}`,
        { body, contentType },
        {
          mustReject: takesJson || plan.upload !== undefined,
        },
      ),
    );
  }

  for (const field of operation.bodyFields) {
    for (const bad of BAD_BODY_VALUES) {
      cases.push(
        makeCase(
          operation,
          plan,
          `body.${field} = ${bad.label}`,
          {
            body: bodyWith(plan, field, bad.value),
          },
          { mustReject: false },
        ),
      );
    }
    cases.push(
      makeCase(
        operation,
        plan,
        `body.${field} missing`,
        { body: bodyWith(plan, field, undefined) },
        {
          mustReject: false,
        },
      ),
    );
  }
  if (takesJson) {
    cases.push(
      makeCase(
        operation,
        plan,
        'unknown extra fields',
        {
          body: JSON.stringify({
            ...plan.body,
            userId: foreignIds[0],
            _id: foreignIds[0],
            isAdmin: true,
          }),
        },
        { mustReject: false },
      ),
    );
  }
  return cases;
}

/** Each query parameter bad, repeated or alone, and raw query strings. */
function queryCases(operation: Operation, plan: OperationPlan): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const param of operation.queryParams) {
    for (const bad of BAD_QUERY_VALUES) {
      cases.push(
        makeCase(
          operation,
          plan,
          `query.${param} = ${bad.label.slice(0, 40)}`,
          {
            query: { [param]: bad.value },
          },
          { mustReject: false },
        ),
      );
    }
    cases.push(
      makeCase(
        operation,
        plan,
        `query.${param} repeated`,
        { query: { [param]: ['1', '2'] } },
        {
          mustReject: false,
        },
      ),
    );
    // Alone, without the baseline's other parameters: defaults then fill the gaps (a chart
    // window's end is computed from its start, for one).
    const alone = { ...plan, query: {} };
    for (const bad of BAD_QUERY_VALUES) {
      cases.push(
        makeCase(
          operation,
          alone,
          `query.${param} alone = ${bad.label.slice(0, 40)}`,
          {
            query: { [param]: bad.value },
          },
          { mustReject: false },
        ),
      );
    }
  }
  for (const rawQuery of RAW_QUERY_STRINGS) {
    cases.push(
      makeCase(
        operation,
        plan,
        `raw query ${rawQuery.slice(0, 40)}`,
        { rawQuery },
        {
          mustReject: false,
        },
      ),
    );
  }
  return cases;
}

/** Each path parameter malformed, or another user's (or another kind's) id. */
function pathCases(operation: Operation, plan: OperationPlan, foreignIds: string[]): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const param of operation.pathParams) {
    for (const bad of BAD_IDS) {
      cases.push(
        makeCase(
          operation,
          plan,
          `path.${param} = ${bad.label.slice(0, 40)}`,
          {
            pathParams: { [param]: bad.value },
          },
          { mustReject: true },
        ),
      );
    }
    for (const id of foreignIds) {
      cases.push(
        makeCase(
          operation,
          plan,
          `path.${param} = another user's or another kind's id`,
          {
            pathParams: { [param]: id },
          },
          { mustReject: true, expectStatus: [404] },
        ),
      );
    }
  }
  return cases;
}
