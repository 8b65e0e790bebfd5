import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface SessionRecord {
  /** hash of the cookie value */
  id: string;
  userId: string;
  inApp: boolean;
  entryMode: string;
  expiresAt: string;
}

/** Sessions live outside the process (database or Redis) so any instance can serve any request. */
export interface SessionStore {
  get(id: string): Promise<SessionRecord | null>;
  create(record: SessionRecord): Promise<void>;
  destroy(id: string): Promise<void>;
}

export function databaseSessionStore(db: Kysely<Database>): SessionStore {
  return {
    async get(id) {
      const row = await db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', id)
        .where('expires_at', '>', new Date().toISOString())
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            userId: row.user_id,
            inApp: row.in_app === 1,
            entryMode: row.entry_mode,
            expiresAt: row.expires_at,
          }
        : null;
    },
    async create(r) {
      const now = new Date().toISOString();
      // Expired sessions are swept as new ones are made, so the table cannot grow without bound.
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
      await db
        .insertInto('sessions')
        .values({
          id: r.id,
          user_id: r.userId,
          in_app: r.inApp ? 1 : 0,
          entry_mode: r.entryMode,
          created_at: now,
          expires_at: r.expiresAt,
        })
        .execute();
    },
    async destroy(id) {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
  };
}

export function redisSessionStore(redis: Redis): SessionStore {
  const key = (id: string) => `selfserve:session:${id}`;
  return {
    async get(id) {
      const raw = await redis.get(key(id));
      if (!raw) return null;
      const record = JSON.parse(raw) as SessionRecord;
      return record.expiresAt > new Date().toISOString() ? record : null;
    },
    async create(r) {
      const ttl = Math.max(1, Math.ceil((Date.parse(r.expiresAt) - Date.now()) / 1000));
      await redis.set(key(r.id), JSON.stringify(r), 'EX', ttl);
    },
    async destroy(id) {
      await redis.del(key(id));
    },
  };
}
