import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, messages, TELEPHONY_SECRET_HEADER } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config.ts';
import { hasUnstorableText } from '../src/plugins/input-guard.ts';
import { accounts, createTestApp, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

interface Operation {
  method: 'GET' | 'POST';
  url: string;
}

/** Every GET and POST of the OpenAPI document, path parameters filled with `encoded` (already URL-encoded). */
async function operations(t: TestApp, encoded: string): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: `${apiPaths.docs}/json` })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const ops: Operation[] = [];
  // Staff routes refuse a rider (403) before any input is read (authentication before validation, access.test.ts).
  const staffOnly = new Set(
    t.app.accessTable.filter((r) => r.access === 'agent' || r.access === 'admin').map((r) => `${r.method} ${r.url}`),
  );
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      if (method !== 'get' && method !== 'post') continue;
      if (staffOnly.has(`${method.toUpperCase()} ${route.replace(/\{([^}]+)\}/g, ':$1')}`)) continue;
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        url: route.replace(/\{[^}]+\}/g, encoded),
      });
    }
  }
  return ops;
}

// Sent with every request below, so the telephony provider's callbacks get past their authentication too, and the
// operators' calls (docs/chat.md) theirs.
const adminApiToken = 'security-test-admin-token-0123456789abcdef';
const providerSecret = {
  [TELEPHONY_SECRET_HEADER]: testConfig().telephonySecret,
  authorization: `Bearer ${adminApiToken}`,
};

describe.each(testDatabases)('text no database can store is refused at the edge [%s]', (dialect) => {
  let t: TestApp;
  let rider: TestClient;
  beforeAll(async () => {
    t = await createTestApp(dialect, { adminApiToken });
    rider = await signedIn(t.app, accounts.customer);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds NUL and lone surrogates anywhere in a value, keys included, and passes real text', () => {
    expect(hasUnstorableText({ a: ['x', { b: 'a\u0000b' }] })).toBe(true);
    expect(hasUnstorableText({ 'k\u0000': 1 })).toBe(true);
    expect(hasUnstorableText('\uD800')).toBe(true);
    expect(hasUnstorableText('x\uDC00y')).toBe(true);
    expect(hasUnstorableText({ text: 'नमस्ते 😀 café', n: 3, none: null })).toBe(false);
    // 100,000 levels deep: a loop, not recursion, so no stack overflow.
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hasUnstorableText(deep)).toBe(true);
  });

  it('answers 400 with a clear message for NUL in the query of every operation of the OpenAPI document', async () => {
    const ops = await operations(t, 'a');
    expect(ops.length).toBeGreaterThan(30);
    for (const op of ops) {
      const sep = op.url.includes('?') ? '&' : '?';
      const res = await rider.request(
        op.method,
        `${op.url}${sep}q=a%00b`,
        op.method === 'POST' ? {} : undefined,
        providerSecret,
      );
      expect(res.statusCode, `${op.method} ${op.url}`).toBe(400);
      // The uploads call refuses a request without its file-type header before reading anything else.
      if (op.url !== '/api/v1/documents') expect(res.json().error.message, op.url).toBe(messages.unstorableText);
    }
  });

  it('answers 400 for NUL or a lone surrogate in a path parameter or a JSON string of every operation', async () => {
    // A lone surrogate cannot be URL-encoded (it is not UTF-8), so it goes in the JSON only.
    for (const [bad, inPath] of [
      ['a\u0000b', 'a%00b'],
      ['\uD800x', 'x'],
    ] as const) {
      for (const op of await operations(t, inPath)) {
        if (op.method === 'GET' && !op.url.includes('%00')) continue;
        const res = await rider.request(
          op.method,
          op.url,
          op.method === 'POST' ? { event_name: bad, email: bad } : undefined,
          providerSecret,
        );
        expect(res.statusCode, `${op.method} ${op.url} ${JSON.stringify(bad)}`).toBe(400);
      }
    }
  });

  it('refuses the probe’s examples: an anonymous monitoring event and a parameter with %00', async () => {
    const visitor = new TestClient(t.app);
    await visitor.get(apiPaths.session);
    const event = await visitor.post('/api/new-relic/v1/submit', { event_name: 'a\u0000b' });
    expect(event.statusCode).toBe(400);
    expect(event.json()).toEqual({
      status: 'FAILURE',
      error: { code: 'unstorableText', message: messages.unstorableText },
    });
    const ride = await rider.get('/api/bookings/v2/get_by_crn?ref_no=%00');
    expect(ride.statusCode).toBe(400);
  });
});

describe('security headers', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    // A built page of our own, so the test does not depend on a web build having run.
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-static-'));
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    t = await createTestApp('sqlite', { staticDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  function expectHeaders(headers: Record<string, unknown>, frameAncestors = "'none'") {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain(`frame-ancestors ${frameAncestors}`);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(String(headers['permissions-policy'])).toContain('camera=()');
  }

  it('puts them on a page, an API answer and an error', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expect(page.statusCode).toBe(200);
    expectHeaders(page.headers);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expectHeaders((await t.app.inject({ method: 'GET', url: apiPaths.session })).headers);
    expectHeaders((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).headers);
  });

  it('sends HSTS only over TLS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: apiPaths.session });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets only the configured origins frame the app', async () => {
    const framed = await createTestApp('sqlite', { frameAncestors: ['https://app.example.com'] });
    try {
      const res = await framed.app.inject({ method: 'GET', url: apiPaths.session });
      expectHeaders(res.headers, 'https://app.example.com');
      expect(res.headers['x-frame-options']).toBeUndefined();
    } finally {
      await framed.close();
    }
  });
});

describe('client address behind a proxy', () => {
  it('reads TRUST_PROXY as false, a hop count or addresses, and refuses "true"', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8 fd00::/8 loopback')).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'yes-please', '10.0.0.0/33', '999.1.1.1', '11']) expect(parseTrustProxy(bad)).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: 'true', DATA_DIR: os.tmpdir() })).toThrow(/TRUST_PROXY/);
  });

  /** Sign-in code requests from one socket address, each claiming another client address. */
  async function forgedRequests(t: TestApp, n: number) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = new TestClient(t.app);
      await c.get(apiPaths.session);
      const res = await c.post(
        apiPaths.loginCodeRequest,
        { email: `someone-${i}@example.org` },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it('ignores a forged X-Forwarded-For: the per-client limit still counts one client', async () => {
    const t = await createTestApp('sqlite', { demoMode: false, smtpUrl: 'smtp://127.0.0.1:9', signInRateLimit: 3 });
    try {
      expect(await forgedRequests(t, 5)).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-For only from a configured proxy address', async () => {
    // inject() comes from 127.0.0.1: as a trusted proxy, each forwarded address is its own client.
    const trusted = await createTestApp('sqlite', {
      demoMode: false,
      smtpUrl: 'smtp://127.0.0.1:9',
      signInRateLimit: 3,
      trustProxy: ['127.0.0.1'],
    });
    const other = await createTestApp('sqlite', {
      demoMode: false,
      smtpUrl: 'smtp://127.0.0.1:9',
      signInRateLimit: 3,
      trustProxy: ['10.0.0.1'],
    });
    try {
      expect(await forgedRequests(trusted, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(await forgedRequests(other, 5)).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await trusted.close();
      await other.close();
    }
  });
});

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { requestTimeoutMs: 1000, headersTimeoutMs: 1000, maxConnections: 3 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Opens a socket, writes `data`, then waits until the server ends it; resolves with what it answered. */
  function holdOpen(data: string, giveUpMs = 8000): Promise<{ closedByServer: boolean; answer: string }> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ closedByServer: false, answer });
      }, giveUpMs);
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ closedByServer: true, answer });
      });
      socket.write(data);
    });
  }

  it('cuts off a client that sends its body too slowly', async () => {
    const res = await holdOpen(
      // The app sign-in is the one JSON call that needs no CSRF token, so the server waits for its body.
      'POST /api/auth/app_session HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
    );
    expect(res.closedByServer).toBe(true);
    expect(res.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client that never finishes its headers', async () => {
    const res = await holdOpen('GET /api/auth/session HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(res.closedByServer).toBe(true);
  });

  it('accepts no more connections than MAX_CONNECTIONS', async () => {
    const open = await Promise.all(
      Array.from(
        { length: 3 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => resolve(s));
          }),
      ),
    );
    try {
      await new Promise((r) => setTimeout(r, 100));
      const fourth = await holdOpen('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n', 3000);
      expect(fourth.closedByServer).toBe(true);
      expect(fourth.answer).toBe('');
    } finally {
      for (const s of open) s.destroy();
    }
  });
});
