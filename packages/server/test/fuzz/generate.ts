/**
 * The schema-driven fuzzer's pieces (test/fuzz.test.ts): a seeded random source, the OpenAPI document read as a
 * list of operations, values that satisfy a JSON schema and the hostile values each schema invites, and the check
 * that an answer leaks nothing about the inside of the server.
 */

/** mulberry32: small, fast and the same on every machine, so a seed reproduces a run exactly. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** the document's path, `{name}` for a path parameter */
  path: string;
  params: Parameter[];
  /** the JSON body's schema, when the operation takes one */
  body: JsonSchema | null;
  /** content types the document names for the body */
  bodyTypes: string[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every operation of the document, `$ref`s resolved. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const components = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema, depth = 0): JsonSchema => {
    if (depth > 20) return {};
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop() ?? '';
      return resolve(components[name] ?? {}, depth + 1);
    }
    const out: JsonSchema = { ...schema };
    if (schema.properties) {
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, depth + 1)]),
      );
    }
    if (schema.items) out.items = resolve(schema.items, depth + 1);
    if (typeof schema.additionalProperties === 'object') {
      out.additionalProperties = resolve(schema.additionalProperties, depth + 1);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (schema[key]) out[key] = schema[key].map((s) => resolve(s, depth + 1));
    }
    return out;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema ?? {}) })),
        body: json ? resolve(json) : null,
        bodyTypes: Object.keys(content),
      });
    }
  }
  return ops;
}

const typesOf = (s: JsonSchema): string[] => (s.type === undefined ? [] : [s.type].flat());

// ——— values that pass ———

const PATTERN_CANDIDATES = [
  'abc',
  'a1',
  'ab_cd',
  'test-1',
  '12345',
  'AB12',
  'a',
  'ab',
  'x_y',
  '1',
  'IN',
  'en',
  'abcdefgh1234',
  '0f8fad5b-d9cb-469f-a165-70867728950e',
  '1234567890',
];

function validString(s: JsonSchema, random: Random): string {
  if (s.format === 'email') return 'fuzz@example.org';
  let value = 'fuzz';
  if (s.pattern) {
    const re = new RegExp(s.pattern, 'u');
    value = PATTERN_CANDIDATES.find((c) => re.test(c)) ?? random.pick(PATTERN_CANDIDATES);
  }
  if (s.minLength && value.length < s.minLength) value = value.padEnd(s.minLength, 'a');
  if (s.maxLength !== undefined && value.length > s.maxLength) value = value.slice(0, s.maxLength);
  return value;
}

/** A value the schema accepts (as far as a pattern can be met from a few candidates). */
export function validValue(s: JsonSchema, random: Random, depth = 0): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return random.pick(s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return validValue(random.pick(branches), random, depth + 1);
  if (s.allOf?.length) return validValue(s.allOf[0] as JsonSchema, random, depth + 1);
  const type = typesOf(s).find((t) => t !== 'null') ?? (s.properties ? 'object' : 'string');
  switch (type) {
    case 'string':
      return validString(s, random);
    case 'integer':
    case 'number': {
      const min = s.minimum ?? 0;
      const max = s.maximum ?? min + 100;
      const n = min + random.int(Math.max(1, Math.min(max - min, 1000)) + 1);
      return Math.min(n, max);
    }
    case 'boolean':
      return random.chance(0.5);
    case 'array': {
      if (depth > 4) return [];
      const count = Math.max(s.minItems ?? 0, 1);
      return Array.from({ length: Math.min(count, s.maxItems ?? count) }, () =>
        validValue(s.items ?? {}, random, depth + 1),
      );
    }
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (required.has(key) || random.chance(0.6)) out[key] = validValue(prop, random, depth + 1);
      }
      return out;
    }
    default:
      return 'fuzz';
  }
}

// ——— values that attack ———

export const HUGE = 'A'.repeat(100 * 1024);
/** right-to-left, emoji (astral, ZWJ sequences, flags), combining marks, zero-width and BOM, scripts of the locales */
export const UNICODE = [
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום',
  '😀👩‍👩‍👧‍👦🇮🇳',
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301',
  'Z̴̡̛͎̪͈a̸̛̹l̶̢̈́g̵͍̈o̷̱͝',
  'a\u200Bb\u200C\u200Dc\uFEFF',
  'नमस्ते ಕನ್ನಡ தமிழ் తెలుగు',
  '\uFFFF\uFFFE',
  '\u0001\u0007\u001B[31m',
  '\r\nX-Injected: 1',
  'ß'.repeat(300),
];
/** fragments that would change a query or a path if anything concatenated them */
export const INJECTION = [
  "' OR 1=1--",
  '" OR ""="',
  ';DROP TABLE users;--',
  "1'; DROP TABLE tickets; --",
  '1 UNION SELECT password FROM users',
  '%',
  '_',
  '\\',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
  'toString',
];
const NUMBERISH = ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x10', '1_000', '12abc', ' 1 ', '', '-0', '1.5'];
const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, '', 'x', [], ['a'], {}, { a: 1 }, [[[[]]]]];

/** Hostile values for a schema: its boundaries ±1, wrong types, huge, unicode and injection strings. */
export function attackValues(s: JsonSchema, random: Random): unknown[] {
  const out: unknown[] = [...WRONG_TYPES];
  const types = typesOf(s);
  const isString = types.includes('string') || (!types.length && !s.properties && !s.items);
  const isNumber = types.includes('number') || types.includes('integer');
  if (s.enum?.length) {
    const first = String(s.enum[0]);
    out.push(`${first}x`, first.toUpperCase(), ` ${first}`, 'none_of_these');
  }
  if (isString) {
    const min = s.minLength ?? 0;
    const max = s.maxLength;
    if (min > 0) out.push('a'.repeat(min - 1), 'a'.repeat(min));
    if (max !== undefined) out.push('a'.repeat(max), 'a'.repeat(max + 1), '1'.repeat(max + 1));
    out.push(HUGE, ...UNICODE, ...INJECTION, ...NUMBERISH, ' ', '\t\n');
    if (s.format === 'email' || s.pattern) out.push('a@b', '@example.org', 'a@@b.c', `${'a'.repeat(300)}@x.in`);
  }
  if (isNumber) {
    const min = s.minimum ?? 0;
    const max = s.maximum ?? 2 ** 53;
    out.push(min - 1, min, max, max + 1, 0, -1, 2 ** 53, 2 ** 53 + 2, 2 ** 64, 1e308, -1e308, 5e-324, 0.1, 1.5);
    out.push(...NUMBERISH, '9'.repeat(400), '1');
  }
  if (types.includes('boolean')) out.push('true', 'false', 'yes', 1, 0, 'on');
  if (types.includes('array') || s.items) {
    const item = s.items ? validValue(s.items, random) : 'a';
    out.push(
      Array.from({ length: (s.maxItems ?? 50) + 1 }, () => item),
      [null],
      [{}],
      [HUGE],
      'a,b',
      { 0: item },
    );
    out.push(Array.from({ length: 5000 }, (_, i) => i));
  }
  if (types.includes('object') || s.properties) {
    out.push(JSON.parse('{"__proto__": {"polluted": true}}'), { constructor: { prototype: { polluted: true } } });
    out.push(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])), 'object', [1, 2]);
  }
  return out;
}

/** Path parameter values, already URL-encoded as a client would put them in the address. */
export const PATH_ATTACKS = [
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%2e%2e',
  '..',
  '.',
  '....%2f%2f',
  '%252e%252e%252f',
  '..%5c..%5cwindows',
  '%27%20OR%201%3D1--',
  '%3BDROP%20TABLE%20users',
  '1%20UNION%20SELECT%201',
  '%22',
  '%25',
  '%zz',
  '%',
  '%C0%AE%C0%AE%2F',
  '%E2%80%AE',
  '%F0%9F%98%80',
  encodeURIComponent('نص'),
  'a'.repeat(2000),
  '-1',
  '0',
  '9'.repeat(40),
  '1.5',
  'NaN',
  '%20',
  'null',
  'undefined',
  '__proto__',
  'constructor',
];

/** Whole bodies no schema allows: broken JSON, the wrong JSON, too big, too deep. */
export const MALFORMED_JSON: string[] = [
  '',
  '{',
  '}',
  '{"a":',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  '[]',
  '[{}]',
  'null',
  'true',
  '0',
  '"text"',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
  '{"a":1e999999}',
  `{"a":${'9'.repeat(5000)}}`,
  '{"a":NaN}',
  '\x00\x01\x02',
];

export const OVERSIZE_BODY = `{"a":"${'A'.repeat(1024 * 1024 + 10)}"}`;

/** Bodies sent with some other content type than the operation expects. */
export const WRONG_CONTENT: { type: string | undefined; body: string | Buffer }[] = [
  { type: 'text/plain', body: '{"a":1}' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&b=%zz&c[d]=e&__proto__[x]=1' },
  {
    type: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xy',
  },
  { type: 'multipart/form-data', body: 'garbage without a boundary' },
  { type: 'multipart/form-data; boundary=', body: '----\r\n\r\n' },
  {
    type: 'application/xml',
    body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
  },
  { type: 'application/json; charset=utf-16', body: Buffer.from('{"a":1}', 'utf16le') },
  { type: 'application/json', body: Buffer.from([0xff, 0xfe, 0xfd, 0x7b, 0x7d]) },
  { type: 'application/octet-stream', body: Buffer.from([0, 1, 2, 3, 255]) },
  { type: undefined, body: '{"a":1}' },
  { type: 'application/jsonx', body: '{}' },
  { type: '', body: '{}' },
  { type: ';;;', body: '{}' },
];

// ——— what an answer must never say ———

const LEAKS: [string, RegExp][] = [
  ['stack frame', /\n\s+at\s+\S|\bat\s+[\w.<>]+\s+\((?:file:\/\/)?\/[^)]*:\d+:\d+\)/],
  ['source file:line', /\.(?:ts|tsx|js|mjs|cjs):\d+/],
  ['SQL statement', /\b(?:SELECT\b[\s\S]{0,200}\bFROM|INSERT\s+INTO|UPDATE\s+"?\w+"?\s+SET|DELETE\s+FROM)\b/],
  // The database's own error texts (its name alone is no leak: /api/health says which one runs, on purpose).
  ['SQLite error', /SQLITE_[A-Z]+|SqliteError|no such (?:table|column)|constraint failed|datatype mismatch/i],
  [
    'PostgreSQL error',
    // quotes may arrive escaped inside a JSON string
    /relation \\?"[^"\\]+\\?" does not exist|duplicate key value|violates [\w-]+ constraint|invalid input syntax|column \\?"[^"\\]+\\?" does not exist|out of range for type|operator does not exist/i,
  ],
  ['syntax error', /syntax error/i],
  ['internal path', /\/(?:work|root|home)\/|node_modules|packages\/server|src\/modules\//],
  ['error class', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|DatabaseError|SqliteError):/],
];

/** The leaks found in an answer, leaving out any the request itself carried (an echoed input is not a leak). */
export function leaksIn(body: string, sent: string): string[] {
  const found: string[] = [];
  for (const [name, re] of LEAKS) if (re.test(body) && !re.test(sent)) found.push(name);
  return found;
}
