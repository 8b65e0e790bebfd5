import type { Redis } from 'ioredis';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database, SessionsTable, UserRow } from '../db/schema.ts';

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
  /**
   * The session and its user in one read, for routes that need the user (plugins/access.ts). A store whose sessions
   * live apart from the users (Redis) has none: the access hook reads the user itself then.
   */
  getWithUser?(id: string): Promise<{ session: SessionRecord; user: UserRow | null } | null>;
  create(record: SessionRecord): Promise<void>;
  destroy(id: string): Promise<void>;
}

/** A session row with its user's columns beside it (the user's are null when the user is gone). */
type SessionWithUserRow = UserRow & {
  session_id: string;
  session_user_id: string;
  session_in_app: number;
  session_entry_mode: string;
  session_expires_at: string;
};

const recordOf = (row: Pick<SessionsTable, 'id' | 'user_id' | 'in_app' | 'entry_mode' | 'expires_at'>) => ({
  id: row.id,
  userId: row.user_id,
  inApp: row.in_app === 1,
  entryMode: row.entry_mode,
  expiresAt: row.expires_at,
});

export function databaseSessionStore(db: Kysely<Database>): SessionStore {
  // Every request with a session cookie runs one of these: their SQL is built by Kysely once, not per request
  // (docs/performance.md "Per-request cost"). Parameters: the session id, then now.
  const byId = db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'in_app', 'entry_mode', 'expires_at'])
    .where('id', '=', '')
    .where('expires_at', '>', '')
    .compile().sql;
  const withUser = db
    .selectFrom('sessions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select([
      's.id as session_id',
      's.user_id as session_user_id',
      's.in_app as session_in_app',
      's.entry_mode as session_entry_mode',
      's.expires_at as session_expires_at',
    ])
    .where('s.id', '=', '')
    .where('s.expires_at', '>', '')
    .compile().sql;
  return {
    async get(id) {
      const query = CompiledQuery.raw(byId, [id, new Date().toISOString()]);
      const row = (await db.executeQuery<SessionsTable>(query)).rows[0];
      return row ? recordOf(row) : null;
    },
    async getWithUser(id) {
      const query = CompiledQuery.raw(withUser, [id, new Date().toISOString()]);
      const row = (await db.executeQuery<SessionWithUserRow>(query)).rows[0];
      if (!row) return null;
      const { session_id, session_user_id, session_in_app, session_entry_mode, session_expires_at, ...user } = row;
      const session = recordOf({
        id: session_id,
        user_id: session_user_id,
        in_app: session_in_app,
        entry_mode: session_entry_mode,
        expires_at: session_expires_at,
      });
      return { session, user: user.id == null ? null : (user as UserRow) };
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
