/**
 * The catalogue of hostile values the fuzz test puts in every body field, query parameter and
 * path parameter. Body values are raw JSON text, so that numbers JSON.stringify cannot write
 * (1e999 → Infinity once parsed, -0) reach the server exactly as an attacker would send them.
 */
export interface BadValue {
  label: string;
  /** Raw JSON text for a body field; a plain string for a query or path parameter. */
  value: string;
}

const HUGE = 100_000;
const json = (label: string, value: unknown): BadValue => ({ label, value: JSON.stringify(value) });
const raw = (label: string, value: string): BadValue => ({ label, value });

const controlCharacters = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('');

/** Strings that are hostile whatever the field: empty, huge, odd unicode, controls, markup. */
export const BAD_STRINGS: Array<[string, string]> = [
  ['empty', ''],
  ['blank', '   '],
  ['huge ascii', 'a'.repeat(HUGE)],
  ['huge unicode', '𝕏'.repeat(HUGE / 2)],
  ['unicode mix', 'Ünïcödé 日本語 عربى 🧾👩‍👩‍👧 \u202eRTL'],
  ['control characters', `x${controlCharacters}\u007f`],
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
  ['zero-width', '\u200b\u200d\ufeff'],
  ['markup', '<script>alert(1)</script><img src=x onerror=alert(1)>'],
  ['sql', "' OR '1'='1' --; DROP TABLE users;"],
  ['path traversal', '../../../../etc/passwd'],
  ['template', '${7*7}{{7*7}}'],
  ['formula', '=HYPERLINK("http://evil","x")'],
];

/** Numbers at and beyond every limit, as numbers and as the strings forms accept. */
export const BAD_NUMBERS: BadValue[] = [
  raw('NaN as string', '"NaN"'),
  raw('Infinity as string', '"Infinity"'),
  raw('-Infinity as string', '"-Infinity"'),
  raw('1e999 (Infinity once parsed)', '1e999'),
  raw('-1e999', '-1e999'),
  raw('1e308', '1e308'),
  raw('-1e308', '-1e308'),
  raw('1e308 as string', '"1e308"'),
  raw('-0', '-0'),
  raw('-0 as string', '"-0"'),
  raw('0', '0'),
  raw('-1', '-1'),
  raw('3 decimals', '12.345'),
  raw('3 decimals as string', '"12.345"'),
  raw('tiny', '1e-7'),
  raw('denormal', '5e-324'),
  raw('2^53 + 1', '9007199254740993'),
  raw('1e12 + 0.01 (over the maximum)', '1000000000000.01'),
  raw('hex string', '"0x1A"'),
  raw('non-ASCII digits', '"١٢"'),
];

/** Wrong JSON types, hostile objects and deep nesting. */
export const BAD_TYPES: BadValue[] = [
  json('null', null),
  json('true', true),
  json('false', false),
  json('empty object', {}),
  json('empty array', []),
  json('array of values', [1, 'a', null]),
  json('mongo operator', { $gt: '' }),
  raw('__proto__ object', '{"__proto__":{"polluted":true}}'),
  raw('constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'),
  raw('deeply nested array', `${'['.repeat(5000)}${']'.repeat(5000)}`),
];

/** Every bad value for a JSON body field. */
export const BAD_BODY_VALUES: BadValue[] = [
  ...BAD_STRINGS.map(([label, value]) => json(`string: ${label}`, value)),
  ...BAD_NUMBERS,
  ...BAD_TYPES,
];

/** Every bad value for a query parameter (query strings only carry text). */
export const BAD_QUERY_VALUES: BadValue[] = [
  ...BAD_STRINGS.map(([label, value]) => ({ label, value })),
  ...[
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '-1e308',
    '-0',
    '0',
    '-1',
    '12.345',
    '9007199254740993',
    '0x1A',
    'true',
    'null',
    'undefined',
    '[object Object]',
    '0001-01-01',
    '0000-01-01',
    '9999-12-31',
    '+010000-01-01',
    '2026-02-30',
    '2026-13-01',
    '2026-01-01T25:61:00Z',
  ].map((value) => ({ label: value, value })),
];

/** Query string fragments that are malformed as a whole, appended raw to the URL. */
export const RAW_QUERY_STRINGS: string[] = [
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%00=%00',
  'a[b][c]=1',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  '&&&==&=',
  `${'k'.repeat(1000)}=${'v'.repeat(HUGE)}`,
];

/** Path ids that are not ids: the route must answer 400 or 404, never look further. */
export const BAD_IDS: BadValue[] = [
  ...[
    'not-a-uuid',
    '0',
    '-1',
    "' OR '1'='1",
    '1;DROP TABLE transactions',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%ZZ',
    '%F0%9F%A7%BE',
    'a'.repeat(64),
    'a'.repeat(65),
    'a'.repeat(300),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    'b3f1c1a2-9d8e-4f7a-8b6c-5d4e3f2a1b0c',
    '{id}',
    '%20',
  ].map((value) => ({ label: value, value })),
];

/** Request bodies that are not JSON at all, or not an object, sent as application/json. */
export const MALFORMED_JSON: string[] = [
  '',
  ' ',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":undefined}',
  '\ufeff{}',
  '"a string"',
  '123',
  'null',
  '[]',
  'true',
  '{"a":"\\u0000"}',
  '{"a\\u0000":1}',
  `{"a":"${'\\'.repeat(3)}"}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  // Valid JSON, 200,000 levels deep (400 kB, under the body limit): no recursion may follow it.
  `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
];

/** Content types a JSON route must refuse (or parse safely), with a body of that type. */
export const WRONG_CONTENT_TYPES: Array<{ contentType: string | undefined; body: string }> = [
  { contentType: 'text/plain', body: '{"a":1}' },
  { contentType: 'text/html', body: '<html><body>hi</body></html>' },
  { contentType: 'application/xml', body: '<?xml version="1.0"?><a>1</a>' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  { contentType: 'multipart/form-data', body: 'garbage' },
  { contentType: 'multipart/form-data; boundary=xyz', body: '--xyz\r\ngarbage' },
  { contentType: 'application/json; charset=utf-16', body: '{"a":1}' },
  { contentType: 'application/jsonx', body: '{"a":1}' },
  { contentType: 'application/vnd.api+json', body: '{"a":1}' },
  { contentType: 'invalid', body: '{"a":1}' },
  { contentType: ';;;', body: '{"a":1}' },
  { contentType: 'application/octet-stream', body: '\u0000\u0001\u0002' },
  { contentType: undefined, body: '{"a":1}' },
];
