import { PassThrough, type Readable } from 'node:stream';
import { coded, type ImageContentType, SVG_LIMIT } from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { PixelProbe } from './dimensions.ts';
import { SNIFF_BYTES, type Sniffed, sanitiseSvg, sniffImage } from './image.ts';
import { attachDocuments, countOwnDocuments, findUnattachedOwnDocuments, insertDocument } from './repo.ts';
import { type DocumentStorage, newStorageKey } from './storage.ts';

export type ReceiveResult =
  | { ok: true; storageKey: string; contentType: ImageContentType; size: number }
  /**
   * type: not an accepted image (or a raster image whose header gives no size); size: over the byte limit;
   * pixels: over the pixel caps (MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS); incomplete: the upload broke off or was malformed
   */
  | { ok: false; reason: 'type' | 'size' | 'pixels' | 'incomplete' };

/**
 * Reads one uploaded file and stores it if it is an image. The source must stop at the byte limit
 * by itself (busboy's `limits.fileSize`) and report that through `truncated()`; this function
 * never holds more than the first bytes of a PNG, JPEG or GIF, which streams straight to storage.
 * An SVG is read whole to be sanitised, up to SVG_LIMIT (1 MB); past that it is refused as too large —
 * and so is a sanitised SVG that came out larger than SVG_LIMIT (the limit holds for what is stored).
 * A PNG, JPEG or GIF passes a PixelProbe on its way to storage: a header claiming more pixels than the
 * caps stops the file (it is read to its end, not stored), as does a header that gives no size.
 *
 * The source is always read to its end, also when the file is refused: the multipart parser pauses
 * the request until the file stream is drained, so stopping early would hang the request.
 */
export async function receiveImage(
  source: Readable,
  storage: DocumentStorage,
  truncated: () => boolean,
): Promise<ReceiveResult> {
  const storageKey = newStorageKey();
  let sniffed: Sniffed | null | undefined;
  let head: Buffer[] = [];
  let headLength = 0;
  const svgChunks: Buffer[] = [];
  let svgLength = 0;
  let sink: PassThrough | undefined;
  let stored: Promise<number> | undefined;
  let storeFailed = false;
  let probe: PixelProbe | undefined;

  const start = (first: Buffer) => {
    sniffed = sniffImage(first);
    if (sniffed?.kind === 'binary') {
      probe = new PixelProbe(sniffed.contentType);
      sink = new PassThrough();
      stored = storage.put(storageKey, sink);
      stored.catch(() => {
        storeFailed = true;
      });
    }
  };
  const feed = async (chunk: Buffer) => {
    if (!sniffed || storeFailed || truncated() || probe?.tooLarge) return; // refused: keep reading, keep nothing
    if (sniffed.kind === 'svg') {
      svgLength += chunk.length;
      if (svgLength <= SVG_LIMIT) svgChunks.push(chunk);
      return;
    }
    probe?.push(chunk);
    if (probe?.tooLarge) return;
    if (sink && !sink.destroyed && !sink.write(chunk)) await drained(sink);
  };

  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (sniffed !== undefined) {
        await feed(chunk);
        continue;
      }
      head.push(chunk);
      headLength += chunk.length;
      if (headLength >= SNIFF_BYTES) {
        const first = Buffer.concat(head);
        head = [];
        start(first);
        await feed(first);
      }
    }
  } catch {
    // The client went away or the multipart body broke off: drop the partial file (storage removes
    // its temporary file when the stream feeding it is destroyed).
    sink?.destroy();
    await stored?.catch(() => {});
    return { ok: false, reason: 'incomplete' };
  }
  if (sniffed === undefined) {
    // A file shorter than SNIFF_BYTES.
    const first = Buffer.concat(head);
    start(first);
    await feed(first);
  }

  if (sink && stored) {
    sink.end();
    const size = await stored.catch(async (err: unknown) => {
      await storage.delete(storageKey);
      throw err;
    });
    if (truncated()) {
      await storage.delete(storageKey);
      return { ok: false, reason: 'size' };
    }
    if (probe?.tooLarge || !probe?.dimensions) {
      await storage.delete(storageKey);
      return { ok: false, reason: probe?.tooLarge ? 'pixels' : 'type' };
    }
    if (sniffed?.kind !== 'binary') throw new Error('unreachable');
    return { ok: true, storageKey, contentType: sniffed.contentType, size };
  }
  if (!sniffed) return { ok: false, reason: 'type' };
  if (truncated() || svgLength > SVG_LIMIT) return { ok: false, reason: 'size' };
  const svg = sanitiseSvg(Buffer.concat(svgChunks));
  if (svg === null) return { ok: false, reason: 'type' };
  // Sanitising can make the text longer (a '>' in text is written back as '&gt;', `<rect/>` as `<rect></rect>`),
  // so the limit is checked again on the bytes that would be stored.
  const bytes = Buffer.from(svg, 'utf8');
  if (bytes.length > SVG_LIMIT) return { ok: false, reason: 'size' };
  const size = await storage.put(storageKey, bytes);
  return { ok: true, storageKey, contentType: 'image/svg+xml', size };
}

function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  });
}

/** The name as shown to support agents: no path, no control characters, at most 200 characters. */
export function displayName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 200) || 'image';
}

/** Stores the row of a received image; the bytes are removed again if the row cannot be written. */
export async function recordDocument(
  db: Kysely<Database>,
  storage: DocumentStorage,
  userId: string,
  fileName: string | undefined,
  file: { storageKey: string; contentType: ImageContentType; size: number },
): Promise<string> {
  const id = newId('doc');
  try {
    await insertDocument(db, {
      id,
      user_id: userId,
      file_name: displayName(fileName),
      content_type: file.contentType,
      size: file.size,
      storage_key: file.storageKey,
      ticket_id: null,
      created_at: new Date().toISOString(),
    });
  } catch (err) {
    await storage.delete(file.storageKey);
    throw err;
  }
  return id;
}

export interface ClaimedDocument {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
}

/**
 * Attaches a user's uploaded images to a ticket. Call it inside the ticket's transaction: every id
 * must be a document uploaded by userId and not attached yet, or nothing is attached and
 * VALIDATION_FAILED is thrown (rolling the ticket back) — so user B can never attach user A's
 * upload, and one upload never ends up on two tickets, even when two submits race (the update only
 * touches rows still unattached and its count is checked). Repeated ids count once.
 */
export async function claimDocuments(
  trx: Kysely<Database>,
  userId: string,
  documentIds: readonly string[],
  ticketId: string,
): Promise<ClaimedDocument[]> {
  const ids = [...new Set(documentIds)];
  if (ids.length === 0) return [];
  const refused = () => new AppError('VALIDATION_FAILED', coded('uploadAttachFailed'));
  const rows = await findUnattachedOwnDocuments(trx, userId, ids);
  if (rows.length !== ids.length) throw refused();
  const attached = await attachDocuments(trx, userId, ids, ticketId);
  if (attached !== ids.length) throw refused();
  return rows;
}

/**
 * The ownership half of claimDocuments, for a request that names documents before it knows whether it will make a
 * ticket (a one-touch submit): every id must be this user's upload, else the request is refused whole. Attached
 * ones pass, so a retried submit whose first try claimed them is not refused; the claim itself stays single-use.
 */
export async function requireOwnDocuments(
  db: Kysely<Database>,
  userId: string,
  documentIds: readonly string[] | null | undefined,
): Promise<void> {
  const ids = [...new Set(documentIds ?? [])];
  if (ids.length > 0 && (await countOwnDocuments(db, userId, ids)) !== ids.length) {
    throw new AppError('VALIDATION_FAILED', coded('uploadAttachFailed'));
  }
}

/** An upload not attached to a ticket within a day is dropped: its form was abandoned. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 3600 * 1000;
/** How often each instance looks for them. */
export const UPLOAD_SWEEP_EVERY_MS = 3600 * 1000;
const SWEEP_BATCH = 500;

/**
 * Deletes uploads older than `olderThanMs` that no ticket claimed, rows first and then their bytes. A row is deleted
 * only while still unattached, so an upload attached meanwhile keeps its file, and instances sweeping at once never
 * delete a file twice. Answers how many went.
 */
export async function sweepUnattachedUploads(
  db: Kysely<Database>,
  storage: DocumentStorage,
  olderThanMs = UNATTACHED_UPLOAD_TTL_MS,
): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs).toISOString();
  const stale = await db
    .selectFrom('documents')
    .select(['id', 'storage_key'])
    .where('ticket_id', 'is', null)
    .where('created_at', '<', cutoff)
    .limit(SWEEP_BATCH)
    .execute();
  let swept = 0;
  for (const doc of stale) {
    const deleted = await db
      .deleteFrom('documents')
      .where('id', '=', doc.id)
      .where('ticket_id', 'is', null)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) continue;
    await storage.delete(doc.storage_key);
    swept += 1;
  }
  return swept;
}
