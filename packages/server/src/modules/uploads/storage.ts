import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { deleteUploadBlob, findUploadBlob, insertUploadBlob } from './repo.ts';

export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where document bytes live: LocalDiskStorage or DatabaseStorage (UPLOAD_STORAGE). Keys come from
 * newStorageKey() only — random, never derived from a file name — so another backend (object storage)
 * can be added without a migration of the documents table.
 */
export interface DocumentStorage {
  /** Stores the bytes under key and resolves with how many were written. */
  put(key: string, body: Buffer | Readable): Promise<number>;
  /** The bytes of key, or null when there is nothing under it. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes key; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** 24 random bytes: two uploads never meet under one key. */
export function newStorageKey(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/**
 * Files under `root/<first two characters of the key>/<key>`. A key is checked against a strict
 * pattern before it becomes a path, so nothing outside root can be named (no `..`, no separators).
 * Writes go to a temporary file first and are renamed into place: a half-written upload is never
 * visible under its key.
 */
export class LocalDiskStorage implements DocumentStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, body: Buffer | Readable): Promise<number> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    let written = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        written += chunk.length;
        done(null, chunk);
      },
    });
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, count, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      await fsp.rename(tmp, file);
    } finally {
      await fsp.rm(tmp, { force: true });
    }
    return written;
  }

  async get(key: string): Promise<StoredObject | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      // The stream closes the handle when it ends or is destroyed (a client that goes away).
      return { body: handle.createReadStream(), size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}

/**
 * The bytes in the database (`upload_blobs`: bytea on PostgreSQL, blob on SQLite), so every instance
 * over that database reads what any of them stored (docs/uploads.md, UPLOAD_STORAGE). A document is
 * held in memory while it is written or read — at most the 10 MB upload limit, which busboy enforces
 * before the bytes reach put().
 */
export class DatabaseStorage implements DocumentStorage {
  constructor(private readonly db: Kysely<Database>) {}

  async put(key: string, body: Buffer | Readable): Promise<number> {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    let bytes: Buffer;
    if (Buffer.isBuffer(body)) {
      bytes = body;
    } else {
      // pipeline() rejects when the source is destroyed before its end (an upload that broke off),
      // so a partial file is never written.
      const chunks: Buffer[] = [];
      const collect = new Writable({
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk);
          done();
        },
      });
      await pipeline(body, collect);
      bytes = Buffer.concat(chunks);
    }
    await insertUploadBlob(this.db, key, bytes);
    return bytes.length;
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    const row = await findUploadBlob(this.db, key);
    if (!row) return null;
    // pg answers a Buffer for bytea, better-sqlite3 for blob.
    return { body: Readable.from([row.bytes]), size: row.bytes.length };
  }

  async delete(key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    await deleteUploadBlob(this.db, key);
  }
}

/**
 * The configured backend (UPLOAD_STORAGE): `database` — shared by every instance over the database,
 * the default with DATABASE_URL — or `disk` under `DATA_DIR/uploads` (created on first write), the
 * default of the embedded SQLite, where there is one instance.
 */
export function createDocumentStorage(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'uploadStorage' | 'dataDir'>,
): DocumentStorage {
  return config.uploadStorage === 'database'
    ? new DatabaseStorage(db)
    : new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
