import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where document bytes live. Keys come from newStorageKey() only — random, never derived from a
 * file name — so another backend (object storage) can replace the local disk without a migration.
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

/** The storage of this instance: `DATA_DIR/uploads` (created on first write). */
export function createDocumentStorage(dataDir: string): DocumentStorage {
  return new LocalDiskStorage(path.join(dataDir, 'uploads'));
}
