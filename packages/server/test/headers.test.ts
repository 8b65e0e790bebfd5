import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, documentUrl, FILETYPE_HEADER, uploadPaths } from '@selfserve/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_CSP } from '../src/modules/uploads/routes.ts';
import { CSP_REPORT_PATH, CSP_REPORTS_PER_MINUTE, cspReportLines } from '../src/plugins/security-headers.ts';
import { accounts, createTestApp, type TestApp, TestClient, testDatabases } from './helpers.ts';

// The headers of every kind of answer (issue 20 item 1, docs/security.md "Headers"): the site policy on pages,
// static files, API answers and errors, and the uploaded files' own stricter one (docs/uploads.md).

/** The policy as a map of directive → sources, so a missing or loosened directive is named by the failure. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header, 'exactly one Content-Security-Policy header').toBe('string');
  const map: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) {
      expect(map[name], `directive ${name} given twice`).toBeUndefined();
      map[name] = sources;
    }
  }
  return map;
}

const SITE_POLICY = (frameAncestors: string[]) => ({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': frameAncestors,
  'report-uri': [CSP_REPORT_PATH],
  'report-to': ['csp'],
});

/** The headers every answer carries besides the policy itself. */
function expectCommonHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(res.headers['permissions-policy'], what).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  expect(res.headers['strict-transport-security'], `${what}: no HSTS over plain HTTP`).toBeUndefined();
  expect(res.headers['reporting-endpoints'], what).toBe(`csp="${CSP_REPORT_PATH}"`);
}

// Real 2×2 PNG and the classic 1×1 GIF (as in uploads.test.ts).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWISXFX+H4SZGKAAAAAA//+Q0crEAAAABklEQVQDADjcBGew1EaLAAAAAElFTkSuQmCC',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="#1a7"/></svg>',
);

function upload(client: TestClient, data: Buffer, filename: string, type: string) {
  const boundary = `----selfserve${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.post(uploadPaths.documents, body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    [FILETYPE_HEADER]: 'image',
  });
}

describe.each(testDatabases)('security headers [%s]', (dialect) => {
  let t: TestApp;
  let staticDir: string;
  let dataDir: string;
  let riya: TestClient;

  beforeAll(async () => {
    // A built app of our own (page, script, style, icon), so the test does not depend on a web build having run.
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-headers-static-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-1234.js'), 'console.log(1);\n');
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-1234.css'), 'body{margin:0}\n');
    fs.writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-headers-data-'));
    t = await createTestApp(dialect, { staticDir, dataDir });
    riya = new TestClient(t.app);
    await riya.signInAs(accounts.customer);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts the site policy and the usual headers on every kind of answer', async () => {
    const answers: [string, Promise<LightMyRequestResponse>, number][] = [
      ['a page', t.app.inject({ method: 'GET', url: '/home' }), 200],
      // what `curl -sI` asks
      ['a page by HEAD', t.app.inject({ method: 'HEAD', url: '/home' }), 200],
      ['an unknown page', t.app.inject({ method: 'GET', url: '/no-such-page' }), 404],
      ['a script', t.app.inject({ method: 'GET', url: '/assets/app-1234.js' }), 200],
      ['a style sheet', t.app.inject({ method: 'GET', url: '/assets/app-1234.css' }), 200],
      ['an icon', t.app.inject({ method: 'GET', url: '/favicon.svg' }), 200],
      ['a missing asset', t.app.inject({ method: 'GET', url: '/assets/gone-0000.js' }), 404],
      ['an API answer', t.app.inject({ method: 'GET', url: apiPaths.session }), 200],
      ['a signed-in API answer', riya.get(apiPaths.session), 200],
      ['an unknown API path', t.app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404],
      ['an anonymous call that needs a user', t.app.inject({ method: 'GET', url: documentUrl('doc_x') }), 401],
      [
        'a POST without its CSRF token',
        t.app.inject({ method: 'POST', url: apiPaths.demoLogin, payload: { email: accounts.customer } }),
        403,
      ],
      [
        'malformed JSON',
        riya.request('POST', apiPaths.demoLogin, '{"email":', { 'content-type': 'application/json' }),
        400,
      ],
      ['robots.txt', t.app.inject({ method: 'GET', url: '/robots.txt' }), 200],
      ['the OpenAPI document', t.app.inject({ method: 'GET', url: `${apiPaths.docs}/json` }), 200],
    ];
    for (const [what, pending, status] of answers) {
      const res = await pending;
      expect(res.statusCode, what).toBe(status);
      expect(directives(res.headers['content-security-policy']), what).toEqual(SITE_POLICY(["'none'"]));
      expect(res.headers['x-frame-options'], what).toBe('DENY');
      expectCommonHeaders(res, what);
    }
  });

  it('serves uploaded files with their checked type, a safe file name, nosniff and their own policy', async () => {
    const cases = [
      {
        data: PNG,
        name: 'my holiday photo!.png',
        claimed: 'image/png',
        type: 'image/png',
        file: 'my_holiday_photo.png',
      },
      // The client's type and name do not count: the bytes decide, the extension follows them.
      { data: GIF, name: 'setup.exe', claimed: 'application/x-msdownload', type: 'image/gif', file: 'setup.gif' },
      {
        data: SVG,
        name: '<img src=x onerror=alert(1)>.svg',
        claimed: 'text/html',
        type: 'image/svg+xml',
        file: 'img_src_x_onerror_alert_1.svg',
      },
    ];
    for (const c of cases) {
      const up = await upload(riya, c.data, c.name, c.claimed);
      expect(up.statusCode, up.body).toBe(200);
      const id = (up.json() as { id: { document_id: string } }).id.document_id;
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await riya.request(method, documentUrl(id));
        const what = `${method} ${c.name}`;
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['content-type'], what).toBe(c.type);
        expect(res.headers['content-disposition'], what).toBe(`inline; filename="${c.file}"`);
        expect(res.headers['cache-control'], what).toBe('private, no-store');
        // Its own policy replaces the site's (one header, not both): nothing runs, nothing loads from elsewhere,
        // nobody frames it.
        expect(res.headers['content-security-policy'], what).toBe(DOCUMENT_CSP);
        expect(directives(res.headers['content-security-policy']), what).toEqual({
          'default-src': ["'none'"],
          'img-src': ["'self'"],
          'style-src': ["'unsafe-inline'"],
          'base-uri': ["'none'"],
          'form-action': ["'none'"],
          'frame-ancestors': ["'none'"],
          sandbox: [],
        });
        expectCommonHeaders(res, what);
      }
    }
    // The stored SVG is the sanitised one: the handler and the script are gone.
    const svgId = (await upload(riya, SVG, 'x.svg', 'image/svg+xml')).json().id.document_id as string;
    const svg = (await riya.get(documentUrl(svgId))).body;
    expect(svg).not.toMatch(/script|onload|alert/i);
  });

  it('answers someone else and a missing document alike, under the site policy', async () => {
    const up = await upload(riya, PNG, 'mine.png', 'image/png');
    const id = (up.json() as { id: { document_id: string } }).id.document_id;
    const arjun = new TestClient(t.app);
    await arjun.signInAs(accounts.paidMember);
    for (const res of [await arjun.get(documentUrl(id)), await riya.get(documentUrl('doc_missing'))]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(directives(res.headers['content-security-policy'])).toEqual(SITE_POLICY(["'none'"]));
      expectCommonHeaders(res, 'a 404 for a document');
    }
  });
});

describe('security headers with a partner allowed to frame the app', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-headers-framed-'));
    t = await createTestApp('sqlite', { dataDir, frameAncestors: ['https://partner.example.com'] });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the partner frame the app, never an uploaded file', async () => {
    const page = await t.app.inject({ method: 'GET', url: apiPaths.session });
    expect(directives(page.headers['content-security-policy'])['frame-ancestors']).toEqual([
      'https://partner.example.com',
    ]);
    // Old browsers know X-Frame-Options only, and it cannot name an origin: left out, the CSP decides.
    expect(page.headers['x-frame-options']).toBeUndefined();

    const riya = new TestClient(t.app);
    await riya.signInAs(accounts.customer);
    const id = (await upload(riya, PNG, 'a.png', 'image/png')).json().id.document_id as string;
    const doc = await riya.get(documentUrl(id));
    expect(doc.statusCode).toBe(200);
    expect(directives(doc.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('HSTS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { trustProxy: ['loopback'] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is sent over TLS only, as a trusted proxy reports it', async () => {
    const overTls = await t.app.inject({
      method: 'GET',
      url: apiPaths.session,
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await t.app.inject({ method: 'GET', url: apiPaths.session, remoteAddress: '127.0.0.1' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // A client cannot claim TLS for itself: only the configured proxy is believed.
    const forged = await t.app.inject({
      method: 'GET',
      url: apiPaths.session,
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '203.0.113.9',
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CSP reports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  const report = {
    'csp-report': {
      'document-uri': 'https://help.example.com/tickets?email=riya%40example.in',
      'effective-directive': 'script-src-elem',
      'violated-directive': 'script-src-elem',
      'blocked-uri': 'https://evil.example/steal.js?c=secret',
      'source-file': 'https://help.example.com/assets/index-1234.js?v=1',
      'line-number': 3,
    },
  };
  const post = (payload: string, type: string, remoteAddress = '198.51.100.7') =>
    t.app.inject({ method: 'POST', url: CSP_REPORT_PATH, headers: { 'content-type': type }, payload, remoteAddress });

  it("takes a browser's report without cookie or CSRF token, in both formats", async () => {
    expect((await post(JSON.stringify(report), 'application/csp-report')).statusCode).toBe(204);
    const reportingApi = [
      {
        type: 'csp-violation',
        url: 'https://help.example.com/home',
        body: {
          documentURL: 'https://help.example.com/home',
          effectiveDirective: 'img-src',
          blockedURL: 'https://tracker.example/p.gif',
        },
      },
    ];
    expect((await post(JSON.stringify(reportingApi), 'application/reports+json')).statusCode).toBe(204);
  });

  it('keeps no personal data in the logged line: origins of blocked URLs, paths without queries', () => {
    expect(cspReportLines(report)).toEqual([
      {
        directive: 'script-src-elem',
        blocked: 'https://evil.example',
        page: '/tickets',
        source: '/assets/index-1234.js',
        line: 3,
      },
    ]);
    expect(
      cspReportLines({ 'csp-report': { 'effective-directive': 'script-src', 'blocked-uri': 'eval' } })[0]?.blocked,
    ).toBe('eval');
  });

  it('refuses what is no CSP report with 400, a large body with 413, and a flood with 429', async () => {
    expect((await post('{"csp-report":', 'application/csp-report')).statusCode).toBe(400);
    expect((await post('{"hello":"world"}', 'application/csp-report')).statusCode).toBe(400);
    expect((await post('[{"type":"deprecation","body":{}}]', 'application/reports+json')).statusCode).toBe(400);
    const big = JSON.stringify({
      'csp-report': { 'effective-directive': 'img-src', 'blocked-uri': 'x'.repeat(20_000) },
    });
    expect((await post(big, 'application/csp-report')).statusCode).toBe(413);
    const statuses: number[] = [];
    for (let i = 0; i < CSP_REPORTS_PER_MINUTE + 1; i++) {
      statuses.push((await post(JSON.stringify(report), 'application/csp-report', '203.0.113.50')).statusCode);
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(CSP_REPORTS_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
  });
});
