import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  apiPaths,
  CSRF_HEADER,
  documentUrl,
  FILETYPE_HEADER,
  IMAGE_LIMIT_LARGE,
  IMAGE_LIMIT_SMALL,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  messages,
  SVG_LIMIT,
  uploadPaths,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { AppError } from '../src/lib/app-error.ts';
import { PixelProbe, type RasterType } from '../src/modules/uploads/dimensions.ts';
import { claimDocuments, sweepUnattachedUploads } from '../src/modules/uploads/service.ts';
import { createDocumentStorage, LocalDiskStorage } from '../src/modules/uploads/storage.ts';
import { accounts, createTestApp, type TestApp, TestClient, testDatabases } from './helpers.ts';

// Real 2×2 images (PNG and JPEG drawn by Chromium's canvas) and the classic 1×1 GIF.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWISXFX+H4SZGKAAAAAA//+Q0crEAAAABklEQVQDADjcBGew1EaLAAAAAElFTkSuQmCC',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQAnX/2Q==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);
const EVIL_SVG = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <rect width="10" height="10" fill="url(#g)" onclick="alert(3)" style="fill:url(https://evil.example/x)"/>
  <a href="javascript:alert(4)"><circle r="2"/></a>
  <foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
  <image href="https://evil.example/track.png"/>
  <use xlink:href="https://evil.example/sprite.svg#x"/>
  <set attributeName="href" to="javascript:alert(5)"/>
  <linearGradient id="g"><stop offset="0" stop-color="#1a7"/></linearGradient>
</svg>`,
);

const DOCUMENT_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}
function u16be(n: number): Buffer {
  return Buffer.from([n >> 8, n & 0xff]);
}
function u16le(n: number): Buffer {
  return Buffer.from([n & 0xff, n >> 8]);
}

/** A PNG of a few dozen bytes whose header (IHDR, with a correct CRC) claims width × height. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.concat([Buffer.from('IHDR'), u32(width), u32(height), Buffer.from([8, 6, 0, 0, 0])]);
  const iend = Buffer.from('IEND');
  return Buffer.concat([PNG.subarray(0, 8), u32(13), ihdr, u32(zlib.crc32(ihdr)), u32(0), iend, u32(zlib.crc32(iend))]);
}

/** A JPEG whose frame header (SOF0) claims width × height, behind an APP1 segment of `app1` bytes. */
function jpegClaiming(width: number, height: number, app1 = 16): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe1]),
    u16be(app1 + 2),
    Buffer.alloc(app1, 0x45),
    Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08]),
    u16be(height),
    u16be(width),
    Buffer.from([0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A GIF with a screen of screen[0] × screen[1] and one frame of frame[0] × frame[1] (one pixel of data). */
function gifClaiming(screen: [number, number], frame: [number, number] = [1, 1]): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a'),
    u16le(screen[0]),
    u16le(screen[1]),
    Buffer.from([0x00, 0x00, 0x00, 0x2c, 0, 0, 0, 0]),
    u16le(frame[0]),
    u16le(frame[1]),
    Buffer.from([0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}

/** Pads a real image with trailing bytes up to an exact size (decoders ignore what follows the end). */
function sized(image: Buffer, bytes: number): Buffer {
  return Buffer.concat([image, Buffer.alloc(bytes - image.length, 0x41)]);
}

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----selfserve${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.type ? `Content-Type: ${p.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface UploadOptions {
  filename?: string;
  type?: string;
  limit?: string;
  field?: string;
  headers?: Record<string, string>;
}

function upload(client: TestClient, data: Buffer, opts: UploadOptions = {}) {
  const { body, contentType } = multipart([
    { name: opts.field ?? 'file', filename: opts.filename ?? 'photo.png', type: opts.type ?? 'image/png', data },
  ]);
  const url = opts.limit ? `${uploadPaths.documents}?limit=${opts.limit}` : uploadPaths.documents;
  return client.post(url, body, { 'content-type': contentType, [FILETYPE_HEADER]: 'image', ...opts.headers });
}

function storedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

const storages: AppConfig['uploadStorage'][] = ['disk', 'database'];
const suites = testDatabases.flatMap((dialect) => storages.map((storage) => [dialect, storage] as const));

describe.each(suites)('uploads [%s, %s storage]', (dialect, uploadStorage) => {
  let t: TestApp;
  let dataDir: string;
  let riya: TestClient;
  let arjun: TestClient;
  let riyaId: string;
  let arjunId: string;
  const uploadsDir = () => path.join(dataDir, 'uploads');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-uploads-'));
    t = await createTestApp(dialect, { dataDir, uploadStorage });
    riya = new TestClient(t.app);
    await riya.signInAs(accounts.customer);
    arjun = new TestClient(t.app);
    await arjun.signInAs(accounts.paidMember);
    const idOf = async (email: string) =>
      (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    riyaId = await idOf(accounts.customer);
    arjunId = await idOf(accounts.paidMember);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** How many documents the storage backend holds (files on disk, or rows of upload_blobs). */
  async function storedCount(): Promise<number> {
    if (uploadStorage === 'disk') return storedFiles(uploadsDir()).length;
    return (await t.database.db.selectFrom('upload_blobs').select('storage_key').execute()).length;
  }

  async function uploadOk(client: TestClient, data: Buffer, opts?: UploadOptions): Promise<string> {
    const res = await upload(client, data, opts);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: 'SUCCESS', id: { document_id: expect.any(String) } });
    return body.id.document_id;
  }

  it('accepts PNG, JPEG and GIF and gives each back to its uploader with the detected type', async () => {
    for (const [image, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [GIF, 'image/gif'],
    ] as const) {
      // The client claims the wrong type on purpose: only the bytes count.
      const id = await uploadOk(riya, image, { filename: 'picture.dat', type: 'application/octet-stream' });
      const res = await riya.get(documentUrl(id));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="picture.${type.slice(6).replace('jpeg', 'jpg')}"`,
      );
      expect(res.headers['content-security-policy']).toBe(DOCUMENT_CSP);
      expect(res.rawPayload.equals(image)).toBe(true);

      const row = await t.database.db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: riyaId, content_type: type, size: image.length, ticket_id: null });
      expect(row.storage_key).not.toContain('picture');
      expect(row.file_name).toBe('picture.dat');
    }
  });

  it('goes by content, never by name: a PNG named .exe is a PNG, HTML named .png and an .exe are refused', async () => {
    const id = await uploadOk(riya, PNG, { filename: 'setup.exe', type: 'application/x-msdownload' });
    expect((await riya.get(documentUrl(id))).headers['content-type']).toBe('image/png');

    const before = await storedCount();
    for (const [data, filename] of [
      [HTML, 'photo.png'],
      [EXE, 'photo.jpg'],
      [Buffer.from('GIF8'), 'tiny.gif'],
      [Buffer.alloc(0), 'empty.png'],
    ] as const) {
      const res = await upload(riya, data, { filename, type: 'image/png' });
      expect(res.statusCode, filename).toBe(415);
      expect(res.json().error.message).toBe(messages.imageWrongOrTooLarge10);
    }
    expect(await storedCount()).toBe(before);
  });

  it('sanitises an SVG: scripts, handlers, foreignObject and outside references are gone', async () => {
    const id = await uploadOk(riya, EVIL_SVG, { filename: 'logo.svg', type: 'image/svg+xml' });
    const res = await riya.get(documentUrl(id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    const svg = res.body;
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    for (const bad of ['<script', 'alert', 'onload', 'onclick', 'style=', 'foreignObject', 'iframe', 'evil.example']) {
      expect(svg, bad).not.toContain(bad);
    }
    expect(svg).not.toMatch(/javascript:|<image|<set|<a[ >]/);
    // The drawing itself survives, including its local gradient reference.
    expect(svg).toContain('<rect width="10" height="10" fill="url(#g)">');
    expect(svg).toContain('<circle r="2">');
    expect(svg).toContain('<stop offset="0" stop-color="#1a7">');
  });

  it('refuses markup that is not an SVG document, and SVGs over 1 MB', async () => {
    for (const doc of [
      '<html><body><svg></svg></body></html>',
      '<svg></svg><script>alert(1)</script>',
      `<svg>${'<g>'.repeat(300)}</svg>`,
    ]) {
      const res = await upload(riya, Buffer.from(doc), { filename: 'a.svg', type: 'image/svg+xml' });
      expect(res.statusCode, doc.slice(0, 40)).toBe(415);
    }
    const big = Buffer.from(`<svg>${' '.repeat(SVG_LIMIT)}</svg>`);
    const res = await upload(riya, big, { filename: 'big.svg', type: 'image/svg+xml' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(messages.imageWrongOrTooLarge10);
  });

  it('refuses an SVG that sanitising makes larger than 1 MB: the limit holds for the bytes stored', async () => {
    // Under 1 MB as sent; every '>' in the text is written back as '&gt;', four times as long.
    const grows = Buffer.from(`<svg><text>${'>'.repeat(SVG_LIMIT - 100)}</text></svg>`);
    expect(grows.length).toBeLessThanOrEqual(SVG_LIMIT);
    const before = await storedCount();
    for (const limit of ['10mb', '5mb'] as const) {
      const res = await upload(riya, grows, { filename: 'grows.svg', type: 'image/svg+xml', limit });
      expect(res.statusCode).toBe(413);
      const refusal = limit === '10mb' ? 'imageWrongOrTooLarge10' : 'imageTooLarge5';
      expect(res.json().error).toEqual({ code: refusal, message: messages[refusal] });
    }
    expect(await storedCount()).toBe(before);

    // One that stays under 1 MB after sanitising is kept, and its stored size is what is served.
    const id = await uploadOk(riya, Buffer.from(`<svg><text>${'>'.repeat(200_000)}</text></svg>`), {
      filename: 'ok.svg',
    });
    const row = await t.database.db
      .selectFrom('documents')
      .select('size')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const served = await riya.get(documentUrl(id));
    expect(row.size).toBe(served.rawPayload.length);
    expect(row.size).toBeGreaterThan(800_000);
    expect(row.size).toBeLessThanOrEqual(SVG_LIMIT);
  });

  it('refuses a PNG, JPEG or GIF whose header claims too many pixels (413, nothing kept)', async () => {
    const before = await storedCount();
    const rowsBefore = (await t.database.db.selectFrom('documents').select('id').execute()).length;
    for (const [name, image] of [
      ['png 20000x20000', pngClaiming(20_000, 20_000)],
      ['jpeg 20000x20000', jpegClaiming(20_000, 20_000)],
      // The frame header far behind a 60 KB EXIF-like segment: found while streaming, never buffered.
      ['jpeg after 60 KB', jpegClaiming(20_000, 20_000, 60_000)],
      ['gif screen 20000x20000', gifClaiming([20_000, 20_000])],
      // Browsers grow the canvas to a first frame larger than the screen.
      ['gif frame 20000x20000', gifClaiming([1, 1], [20_000, 20_000])],
      ['png one side over', pngClaiming(MAX_IMAGE_SIDE + 1, 1)],
      ['png 64 megapixels', pngClaiming(8000, 8000)],
    ] as const) {
      expect(image.length, name).toBeLessThan(61_000);
      const res = await upload(riya, image, { filename: 'huge.png' });
      expect(res.statusCode, name).toBe(413);
      expect(res.json().error, name).toEqual({ code: 'uploadTooManyPixels', message: messages.uploadTooManyPixels });
    }
    expect(await storedCount()).toBe(before);
    expect(await t.database.db.selectFrom('documents').select('id').execute()).toHaveLength(rowsBefore);
  });

  it('takes images up to the pixel caps, and refuses a raster header that gives no size (415)', async () => {
    expect(MAX_IMAGE_SIDE * (MAX_IMAGE_PIXELS / MAX_IMAGE_SIDE)).toBe(MAX_IMAGE_PIXELS);
    await uploadOk(riya, pngClaiming(MAX_IMAGE_SIDE, 4000));
    await uploadOk(riya, jpegClaiming(10_000, 5000, 30_000));
    await uploadOk(riya, gifClaiming([10_000, 5000], [10_000, 5000]));
    for (const [name, image] of [
      ['png of width 0', pngClaiming(0, 10)],
      ['jpeg without a frame header', Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])],
      ['jpeg cut inside its segments', jpegClaiming(10, 10, 100).subarray(0, 60)],
      ['png cut before its size', pngClaiming(10, 10).subarray(0, 20)],
    ] as const) {
      const res = await upload(riya, image);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error.message, name).toBe(messages.imageWrongOrTooLarge10);
    }
  });

  it('takes exactly 10 MB by default and refuses one byte more with the 10 MB message', async () => {
    const id = await uploadOk(riya, sized(PNG, IMAGE_LIMIT_LARGE));
    const row = await t.database.db
      .selectFrom('documents')
      .select('size')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.size).toBe(10485760);

    const before = await storedCount();
    const res = await upload(riya, sized(PNG, IMAGE_LIMIT_LARGE + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'imageWrongOrTooLarge10', message: messages.imageWrongOrTooLarge10 });
    expect(await storedCount()).toBe(before);
  });

  it('takes exactly 5 MB with limit=5mb and answers that mode with the 5 MB message', async () => {
    await uploadOk(riya, sized(JPEG, IMAGE_LIMIT_SMALL), { limit: '5mb' });
    const big = await upload(riya, sized(JPEG, IMAGE_LIMIT_SMALL + 1), { limit: '5mb' });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(messages.imageTooLarge5);
    const wrong = await upload(riya, HTML, { limit: '5mb' });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().error.message).toBe(messages.imageTooLarge5);
    expect((await upload(riya, PNG, { limit: '20mb' })).statusCode).toBe(400);
  });

  it('needs the x-filetype header, a multipart body and the file in the field "file"', async () => {
    for (const headers of [{ [FILETYPE_HEADER]: '' }, { [FILETYPE_HEADER]: 'pdf' }]) {
      const res = await upload(riya, PNG, { headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.uploadFileTypeHeader);
    }
    const noHeader = multipart([{ name: 'file', filename: 'a.png', data: PNG }]);
    const res = await riya.post(uploadPaths.documents, noHeader.body, { 'content-type': noHeader.contentType });
    expect(res.statusCode).toBe(400);

    expect((await upload(riya, PNG, { field: 'image' })).statusCode).toBe(400);
    const fieldOnly = multipart([{ name: 'note', data: 'hello' }]);
    const none = await riya.post(uploadPaths.documents, fieldOnly.body, {
      'content-type': fieldOnly.contentType,
      [FILETYPE_HEADER]: 'image',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(messages.uploadNotMultipart);
    const json = await riya.post(uploadPaths.documents, { file: 'x' }, { [FILETYPE_HEADER]: 'image' });
    expect(json.statusCode).toBe(400);
  });

  it('keeps nothing of an upload that breaks off', async () => {
    const before = await storedCount();
    const rowsBefore = await t.database.db.selectFrom('documents').select('id').execute();
    const { body, contentType } = multipart([{ name: 'file', filename: 'a.png', data: sized(PNG, 200_000) }]);
    const cut = body.subarray(0, 150_000);
    const res = await riya.post(uploadPaths.documents, cut, {
      'content-type': contentType,
      [FILETYPE_HEADER]: 'image',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.imageUploadFailed);
    expect(await storedCount()).toBe(before);
    expect(await t.database.db.selectFrom('documents').select('id').execute()).toHaveLength(rowsBefore.length);
  });

  it('refuses anonymous uploads (401) and uploads without the CSRF token (403)', async () => {
    const anon = new TestClient(t.app);
    await anon.get(apiPaths.session);
    const res = await upload(anon, PNG);
    expect(res.statusCode).toBe(401);

    const noCsrf = await upload(riya, PNG, { headers: { [CSRF_HEADER]: '' } });
    expect(noCsrf.statusCode).toBe(403);
    const wrongCsrf = await upload(riya, PNG, { headers: { [CSRF_HEADER]: arjun.csrf } });
    expect(wrongCsrf.statusCode).toBe(403);
  });

  it('shows a document to its uploader only', async () => {
    const id = await uploadOk(riya, PNG);
    expect((await arjun.get(documentUrl(id))).statusCode).toBe(404);
    expect((await arjun.get(documentUrl('doc_missing'))).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(documentUrl(id))).statusCode).toBe(401);
    expect((await riya.get(documentUrl(id))).statusCode).toBe(200);
  });

  it('serves a document with nosniff, its own CSP and an ASCII file name: inline for images, else attachment', async () => {
    const cases = [
      [PNG, 'picture.dat', 'inline; filename="picture.png"'],
      [JPEG, 'setup.exe', 'inline; filename="setup.jpg"'],
      [GIF, 'ré sumé;\tx=1.gif', 'inline; filename="r_sum_x_1.gif"'],
      [EVIL_SVG, '..\\..\\logo.svg', 'inline; filename="logo.svg"'],
      [PNG, ', evil=.png', 'inline; filename="evil.png"'],
      [PNG, '.png', 'inline; filename="image.png"'],
    ] as const;
    for (const [image, filename, disposition] of cases) {
      const id = await uploadOk(riya, image, { filename });
      const res = await riya.get(documentUrl(id));
      expect(res.statusCode, filename).toBe(200);
      expect(res.headers['content-disposition'], filename).toBe(disposition);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe(DOCUMENT_CSP);
    }
    // A row whose type is not one of the images (never written by the upload route) is never shown inline.
    const id = await uploadOk(riya, PNG, { filename: 'page.html' });
    await t.database.db.updateTable('documents').set({ content_type: 'text/html' }).where('id', '=', id).execute();
    const res = await riya.get(documentUrl(id));
    expect(res.headers['content-disposition']).toBe('attachment; filename="page.bin"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(DOCUMENT_CSP);
  });

  it('claimDocuments attaches only the uploader’s unattached documents, all or nothing', async () => {
    const a1 = await uploadOk(riya, PNG);
    const a2 = await uploadOk(riya, GIF);
    const b1 = await uploadOk(arjun, JPEG);
    const db = t.database.db;
    const claim = (userId: string, ids: string[], ticketId: string) =>
      db.transaction().execute((trx) => claimDocuments(trx, userId, ids, ticketId));
    const ticketOf = async (id: string) =>
      (await db.selectFrom('documents').select('ticket_id').where('id', '=', id).executeTakeFirstOrThrow()).ticket_id;

    // B cannot attach A's upload, not even together with one of B's own.
    for (const ids of [[a1], [b1, a1], ['doc_missing']]) {
      const err = await claim(arjunId, ids, 'tk_b').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'VALIDATION_FAILED', message: messages.uploadAttachFailed });
    }
    expect(await ticketOf(a1)).toBeNull();
    expect(await ticketOf(b1)).toBeNull();

    const claimed = await claim(riyaId, [a1, a2, a1], 'tk_a');
    expect(claimed.map((d) => d.id).sort()).toEqual([a1, a2].sort());
    expect(await ticketOf(a1)).toBe('tk_a');

    // Attached once, never again — also not by its own uploader for another ticket.
    await expect(claim(riyaId, [a2], 'tk_a2')).rejects.toMatchObject({ message: messages.uploadAttachFailed });
    expect(await ticketOf(a2)).toBe('tk_a');
    expect(await claim(riyaId, [], 'tk_none')).toEqual([]);
    expect((await claim(arjunId, [b1], 'tk_b')).map((d) => d.id)).toEqual([b1]);
  });

  it('drops uploads no ticket claimed within a day, rows and files; attached and recent ones stay', async () => {
    const storage = createDocumentStorage(t.database.db, { uploadStorage, dataDir });
    const [old, recent, attached] = [await uploadOk(riya, PNG), await uploadOk(riya, PNG), await uploadOk(riya, PNG)];
    const dayAndAHourAgo = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    await t.database.db
      .updateTable('documents')
      .set({ created_at: dayAndAHourAgo })
      .where('id', 'in', [old, attached])
      .execute();
    await t.database.db.updateTable('documents').set({ ticket_id: 'tk_kept' }).where('id', '=', attached).execute();
    const keyOf = async (id: string) =>
      (await t.database.db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirst())
        ?.storage_key;
    const oldKey = await keyOf(old);
    if (!oldKey) throw new Error('no key');

    expect(await sweepUnattachedUploads(t.database.db, storage)).toBeGreaterThanOrEqual(1);
    expect(await keyOf(old)).toBeUndefined();
    expect(await storage.get(oldKey)).toBeNull();
    expect(await keyOf(recent)).toBeDefined();
    expect((await riya.get(documentUrl(recent))).statusCode).toBe(200);
    expect(await keyOf(attached)).toBeDefined();
    expect(await sweepUnattachedUploads(t.database.db, storage)).toBe(0);
  });
});

describe('pixel probe', () => {
  it('reads the size of real images from their headers, whole or one byte at a time', () => {
    for (const [image, type, width, height] of [
      [PNG, 'image/png', 2, 2],
      [JPEG, 'image/jpeg', 2, 2],
      [GIF, 'image/gif', 1, 1],
      [jpegClaiming(640, 480, 3000), 'image/jpeg', 640, 480],
      [gifClaiming([10, 20], [30, 5]), 'image/gif', 30, 20],
    ] as const) {
      const whole = new PixelProbe(type as RasterType);
      whole.push(image);
      const bytewise = new PixelProbe(type as RasterType);
      for (let i = 0; i < image.length; i++) bytewise.push(image.subarray(i, i + 1));
      for (const probe of [whole, bytewise]) {
        expect(probe.dimensions).toEqual({ width, height });
        expect(probe.tooLarge).toBe(false);
      }
    }
  });

  it('gives no size for a JPEG whose frame header hides behind more than 1,024 segments', () => {
    const empty = Buffer.from([0xff, 0xfe, 0x00, 0x02]); // a comment segment with nothing in it
    const probe = new PixelProbe('image/jpeg');
    probe.push(
      Buffer.concat([Buffer.from([0xff, 0xd8]), ...Array(1025).fill(empty), jpegClaiming(10, 10).subarray(2)]),
    );
    expect(probe.dimensions).toBeNull();
    const fewer = new PixelProbe('image/jpeg');
    fewer.push(
      Buffer.concat([Buffer.from([0xff, 0xd8]), ...Array(1000).fill(empty), jpegClaiming(10, 10).subarray(2)]),
    );
    expect(fewer.dimensions).toEqual({ width: 10, height: 10 });
  });

  it('stops at the first size over the caps', () => {
    const probe = new PixelProbe('image/gif');
    probe.push(gifClaiming([MAX_IMAGE_SIDE, 1], [1, MAX_IMAGE_SIDE]));
    expect(probe.tooLarge).toBe(true);
  });
});

describe('UPLOAD_STORAGE', () => {
  it('defaults to database with DATABASE_URL (several instances) and to disk without; a bad value stops the start', () => {
    const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: os.tmpdir() };
    expect(loadConfig(base).uploadStorage).toBe('disk');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/selfserve' }).uploadStorage).toBe('database');
    expect(loadConfig({ ...base, UPLOAD_STORAGE: 'database' }).uploadStorage).toBe('database');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/x', UPLOAD_STORAGE: 'disk' }).uploadStorage).toBe('disk');
    expect(() => loadConfig({ ...base, UPLOAD_STORAGE: 's3' })).toThrow(/UPLOAD_STORAGE/);
  });
});

describe('local disk storage', () => {
  it('keeps files under its root, by random key only, and refuses anything path-like', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-storage-'));
    try {
      const storage = new LocalDiskStorage(root);
      const key = crypto.randomBytes(24).toString('base64url');
      expect(await storage.put(key, Buffer.from('hello'))).toBe(5);
      const got = await storage.get(key);
      expect(got?.size).toBe(5);
      got?.body.destroy();
      for (const bad of ['../../etc/passwd', '..', 'a/b', `${key}/../x`, '']) {
        await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow('invalid storage key');
        await expect(storage.get(bad)).rejects.toThrow('invalid storage key');
      }
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
