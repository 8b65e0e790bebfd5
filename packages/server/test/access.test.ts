import { apiPaths, messages, TELEPHONY_SECRET_HEADER } from '@selfserve/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccess } from '../src/plugins/access.ts';
import { createTestApp, type TestApp, TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

/** A URL for a route pattern: every path parameter filled with something no route accepts. */
const urlOf = (pattern: string) => pattern.replace(/:(\w+)\??/g, 'x%20y');

describe.each(testDatabases)('who may call what [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('knows who may call every API route, and most of them want a signed-in user', () => {
    const kinds = new Set(t.app.accessTable.map((r) => r.access));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['agent', 'provider', 'user', 'visitor']));
    expect(t.app.accessTable.filter((r) => r.access === 'user').length).toBeGreaterThan(25);
  });

  it('answers 401 to an anonymous call of every user route, whatever its input', async () => {
    const visitor = new TestClient(t.app);
    await visitor.get(apiPaths.session);
    const userRoutes = t.app.accessTable.filter(
      (r) => r.access === 'user' || r.access === 'agent' || r.access === 'admin',
    );
    for (const route of userRoutes) {
      for (const input of ['{', '{"booking_id": [1, 2], "email": 5}', '']) {
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: `${urlOf(route.url)}?booking_id=%zz&page_no=-1`,
          headers: { cookie: visitor.cookieHeader, 'x-csrf-token': visitor.csrf, 'content-type': 'application/json' },
          ...(route.method === 'GET' ? {} : { payload: input }),
        });
        expect(res.statusCode, `${route.method} ${route.url} ${input}`).toBe(401);
        expect(res.json().error, route.url).toEqual({ code: 'UNAUTHORIZED', message: messages.UNAUTHORIZED });
      }
    }
  });

  it('answers 403 to a provider callback without the shared secret, and lets the secret through to validation', async () => {
    const callbacks = t.app.accessTable.filter((r) => r.access === 'provider');
    expect(callbacks.length).toBeGreaterThan(0);
    for (const route of callbacks) {
      const without = await t.app.inject({ method: 'POST', url: route.url, payload: {} });
      expect(without.statusCode, route.url).toBe(403);
      const withSecret = await t.app.inject({
        method: 'POST',
        url: route.url,
        payload: {},
        headers: { [TELEPHONY_SECRET_HEADER]: testConfig().telephonySecret },
      });
      expect(withSecret.statusCode, route.url).toBe(400);
    }
  });
});

describe('a route that does not say who may call it', () => {
  it('stops the start', async () => {
    const app = Fastify();
    registerAccess(app, {
      db: undefined as never,
      config: testConfig(),
      docsPrefix: apiPaths.docs,
      csrfTokenFor: () => 'token',
    });
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/does not declare who may call it/);
    app.get('/api/declared', { config: { access: 'visitor' } }, async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/api/declared' })).json()).toEqual({ ok: true });
    await app.close();
  });
});
