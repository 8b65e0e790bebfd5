import fs from 'node:fs';
import path from 'node:path';
import { apiPaths, isMessageCode, messages } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';

const srcDir = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'seed' ? [] : sourceFiles(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

/** A URL for a route pattern: every path parameter filled with something no route accepts. */
const urlOf = (pattern: string) => pattern.replace(/:(\w+)\??/g, 'x%20y');

describe('the server says nothing outside the message catalogue', () => {
  const files = sourceFiles(srcDir).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

  it('gives every error and one-touch answer a catalogue code, never a sentence of its own', () => {
    const inline = [
      /new AppError\(\s*'[\w]+',\s*['`]/, // an error with a written-out message
      /\banswer\(\s*'[A-Z_]+',\s*['`]/, // a one-touch answer with a written-out title
      /\b(message|reason|refused):\s*['`][A-Z][a-z]+ [a-z]/, // an answer field with a sentence
    ];
    // The telephony simulator stands in for the provider: what it posts is the provider's words, not ours.
    for (const { file, text } of files.filter((f) => !f.file.endsWith('telephony.ts'))) {
      for (const pattern of inline) expect(text, `${path.relative(srcDir, file)} ${pattern}`).not.toMatch(pattern);
    }
  });

  it('uses only codes the catalogue has', () => {
    const used = new Set<string>();
    for (const { text } of files) {
      for (const m of text.matchAll(/\b(?:coded|formatMessage|says)\(\s*'(\w+)'/g)) used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(60);
    for (const code of used) expect(Object.hasOwn(messages, code), code).toBe(true);
  });
});

describe.each(testDatabases)('every error answer carries a catalogue code [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every route called with nonsense, anonymous or signed in, with a code of the catalogue and its text', async () => {
    const visitor = new TestClient(t.app);
    await visitor.get(apiPaths.session);
    const riya = await signedIn(t.app, 'riya.customer@example.in');
    const seen = new Set<string>();
    for (const route of t.app.accessTable) {
      for (const client of [visitor, riya]) {
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: `${urlOf(route.url)}?booking_id=%zz&page_no=-1&id=x%20y`,
          headers: { cookie: client.cookieHeader, 'x-csrf-token': client.csrf, 'content-type': 'application/json' },
          ...(route.method === 'GET' ? {} : { payload: '{"booking_id": [1, 2], "email": 5}' }),
        });
        if (res.statusCode < 400) continue;
        const { code, message, params } = res.json().error;
        expect(isMessageCode(code), `${route.method} ${route.url}: ${code}`).toBe(true);
        // The class's own text, a precise text, or (for a validation failure) the failing field's rule.
        if (code !== 'VALIDATION_FAILED') {
          const filled = (messages[code as keyof typeof messages] as string).replace(/\{(\w+)\}/g, (_, k: string) =>
            String(params?.[k]),
          );
          expect(message, `${route.method} ${route.url}`).toBe(filled);
        }
        seen.add(code);
      }
    }
    expect([...seen]).toEqual(expect.arrayContaining(['UNAUTHORIZED', 'VALIDATION_FAILED']));
  });
});
