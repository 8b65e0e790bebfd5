import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { documentUrl, FILETYPE_HEADER, uploadPaths } from '@selfserve/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { sweepUnattachedUploads } from '../src/modules/uploads/service.ts';
import { createDocumentStorage } from '../src/modules/uploads/storage.ts';
import { accounts, openTestDatabase, TestClient, type TestDatabase, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWISXFX+H4SZGKAAAAAA//+Q0crEAAAABklEQVQDADjcBGew1EaLAAAAAElFTkSuQmCC',
  'base64',
);
const SVG = Buffer.from('<svg viewBox="0 0 4 4"><rect width="4" height="4" fill="#1a7"/></svg>');

function upload(client: TestClient, data: Buffer, filename: string) {
  const boundary = `----selfserve${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.post(uploadPaths.documents, body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    [FILETYPE_HEADER]: 'image',
  });
}

// Two API instances over one database, each with a disk of its own (DATA_DIR): with UPLOAD_STORAGE=database a
// document uploaded through one is served by the other. SQLite runs it too (one file, two apps), as the
// PostgreSQL deployment would with its default.
describe.each(testDatabases)('uploads on several instances [%s, database storage]', (dialect) => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const dirs: string[] = [];
  const config = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-instance-'));
    dirs.push(dataDir);
    return testConfig({ dataDir, uploadStorage: 'database' });
  };

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    a = await buildApp(config(), database);
    b = await buildApp(config(), database);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.dispose();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves through instance B what was uploaded through instance A, byte for byte', async () => {
    const onA = new TestClient(a);
    await onA.signInAs(accounts.customer);
    const onB = new TestClient(b);
    onB.cookies = onA.cookies;
    onB.csrf = onA.csrf;

    for (const [image, name, type] of [
      [PNG, 'photo.png', 'image/png'],
      [SVG, 'logo.svg', 'image/svg+xml'],
    ] as const) {
      const res = await upload(onA, image, name);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().id.document_id as string;
      const served = await onB.get(documentUrl(id));
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      const original = (await onA.get(documentUrl(id))).rawPayload;
      expect(served.rawPayload.equals(original)).toBe(true);
      if (type === 'image/png') expect(served.rawPayload.equals(PNG)).toBe(true);
    }
    // Nothing went to either instance's disk.
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
  });

  it('lets either instance sweep an abandoned upload: row and bytes go for both', async () => {
    const onA = new TestClient(a);
    await onA.signInAs(accounts.paidMember);
    const res = await upload(onA, PNG, 'left.png');
    const id = res.json().id.document_id as string;
    const { storage_key } = await database.db
      .selectFrom('documents')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000).toISOString();
    await database.db.updateTable('documents').set({ created_at: twoDaysAgo }).where('id', '=', id).execute();

    // The sweep of instance B, with the storage its configuration chooses.
    const storageOfB = createDocumentStorage(database.db, { uploadStorage: 'database', dataDir: dirs[1] ?? '' });
    expect(await sweepUnattachedUploads(database.db, storageOfB)).toBe(1);
    expect(await storageOfB.get(storage_key)).toBeNull();
    expect(
      await database.db
        .selectFrom('upload_blobs')
        .select('storage_key')
        .where('storage_key', '=', storage_key)
        .execute(),
    ).toHaveLength(0);
    expect((await onA.get(documentUrl(id))).statusCode).toBe(404);
  });
});
