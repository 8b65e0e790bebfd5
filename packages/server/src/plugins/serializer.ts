import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { createSerializerCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Response serialisation from compiled schemas (docs/performance.md): each route's zod response schema becomes a JSON
 * Schema once, and fast-json-stringify compiles it into a function that writes only the schema's fields. Parsing
 * every answer with zod and then calling JSON.stringify was the measured cost of the hot routes (a deep copy and a
 * walk of every value per response).
 *
 * `validate` (on in tests, NODE_ENV=test): every answer is still parsed with its zod schema first, so a route that
 * answers a wrong shape fails its tests as before; production trusts the types and the tests. A schema that JSON
 * Schema cannot say (a transform, a date) keeps the zod serialiser.
 */
export function registerSerializer(app: FastifyInstance, { validate }: { validate: boolean }): void {
  const zodSerializer = createSerializerCompiler({});
  app.setSerializerCompiler((route) => {
    const schema = route.schema as ZodType;
    const compiled = compile(schema);
    if (!compiled) return zodSerializer(route as Parameters<typeof zodSerializer>[0]);
    if (!validate) return compiled;
    return (data: unknown) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
      }
      return compiled(result.data);
    };
  });
}

const cache = new WeakMap<object, ((data: unknown) => string) | null>();

/** The compiled writer of one zod schema, or null when JSON Schema cannot express it exactly. */
export function compile(schema: ZodType): ((data: unknown) => string) | null {
  const known = cache.get(schema);
  if (known !== undefined) return known;
  let compiled: ((data: unknown) => string) | null = null;
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw', cycles: 'ref' });
    compiled = fastJsonStringify(simplify(json) as Parameters<typeof fastJsonStringify>[0]) as (d: unknown) => string;
  } catch {
    compiled = null;
  }
  cache.set(schema, compiled);
  return compiled;
}

/**
 * The compiled writer of a schema that must compile: answers written ahead of a request and kept as bytes (search
 * results, article answers, bookings pages) are the bytes the route's own serialiser writes.
 */
export function writerOf(schema: ZodType): (data: unknown) => string {
  const write = compile(schema);
  if (!write) throw new Error('this answer schema must be plain JSON Schema to be written ahead');
  return write;
}

/**
 * fast-json-stringify picks an anyOf branch by validating the value against each (ajv) on every call: a nullable
 * scalar or object (`anyOf [X, {type: null}]`, what zod writes for .nullable()) is rewritten as X with 'null' among its
 * types, which it writes directly.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !('anyOf' in other) && !('const' in other)) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}
