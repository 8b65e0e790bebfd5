import { errorResponseSchema, kbMetaResponseSchema, kbSearchResponseSchema } from '@selfserve/contract';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compile, registerSerializer } from '../src/plugins/serializer.ts';

// The compiled writers (plugins/serializer.ts) must write what zod's parse + JSON.stringify wrote.
const sameAsZod = (schema: z.ZodType, data: unknown) => {
  const write = compile(schema);
  expect(write).not.toBeNull();
  expect(write?.(data)).toBe(JSON.stringify(schema.parse(data)));
};

const summary = {
  id: 'a1',
  name: 'Refund "late" <b>',
  title: 'Refund "late" <b>',
  type: 'article' as const,
  index_name: 'customer',
  parent_id: null,
  label_names: ['x', 'ü\u2028'],
};

describe('compiled response serialisation', () => {
  it('writes search results as zod did: nullable parent, tuples of marks, optional partial, unknown keys dropped', () => {
    sameAsZod(kbSearchResponseSchema, [
      {
        ...summary,
        snippet: 'text … with\nnew line',
        snippet_marks: [[0, 4]],
        title_marks: [],
        partial: true,
        secret: 'never written',
      },
      { ...summary, parent_id: 'c1', snippet: '', snippet_marks: [], title_marks: [[1, 2]] },
    ]);
  });

  it('writes a recursive category tree and a missing optional field', () => {
    const leaf = { ...summary, id: 'a2', articles: [] };
    sameAsZod(kbMetaResponseSchema, {
      status: 'SUCCESS',
      index_name: ['customer'],
      context: null,
      data: [{ ...summary, type: 'category', articles: [leaf, { ...leaf, articles: [leaf] }] }],
    });
  });

  it('writes the error shape with its optional fields', () => {
    sameAsZod(errorResponseSchema, { status: 'FAILURE', error: { code: 'NOT_FOUND', message: 'No Articles Found' } });
  });

  it('keeps zod for what JSON Schema cannot say (a transform)', () => {
    expect(compile(z.object({ n: z.string().transform((s) => s.length) }))).toBeNull();
  });

  const appWith = async (validate: boolean) => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    registerSerializer(app, { validate });
    app.get('/wrong', { schema: { response: { 200: z.object({ count: z.number().int() }) } } }, async () => ({
      count: 7.9,
    }));
    return app;
  };

  it('still checks every answer with zod in tests: a wrong shape is a 500', async () => {
    const app = await appWith(true);
    expect((await app.inject({ url: '/wrong' })).statusCode).toBe(500);
  });

  it('trusts the types when not validating (production): the compiled writer answers', async () => {
    const app = await appWith(false);
    const res = await app.inject({ url: '/wrong' });
    expect(res.statusCode).toBe(200);
    // zod would refuse 7.9 for an integer; fast-json-stringify writes it truncated.
    expect(res.body).toBe('{"count":7}');
  });
});
