import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.ts';
import { documentKeys, erasePersonalData, exportRows, findProfile, isErasedEmail } from './repo.ts';

/** One user's data as JSON (docs/operations.md "Export and erasure"), with an audit entry naming who took it. */
export async function exportUserData(deps: Pick<AppDeps, 'db'>, actorId: string, userId: string) {
  const profile = await findProfile(deps.db, userId);
  if (!profile) throw new AppError('NOT_FOUND');
  const data = await exportRows(deps.db, { id: userId, email: String(profile.email) });
  const rows = Object.fromEntries(Object.entries(data).map(([table, list]) => [table, list.length]));
  await recordAudit(deps.db, {
    actorId,
    action: 'user_export',
    targetType: 'user',
    targetId: userId,
    detail: { rows },
  });
  return { status: 'SUCCESS' as const, exported_at: new Date().toISOString(), user: profile, data };
}

/**
 * Erases one user's personal data (repo.erasePersonalData says what is kept and what goes) and ends their sessions,
 * in one transaction with its audit entry; then the documents' bytes and, with Redis, the sessions kept there.
 * Erasing an erased user changes nothing and says so with zero counts. An admin cannot erase their own account
 * (another admin must), so the console is never left without the person who pressed the button mid-way.
 */
export async function eraseUser(
  deps: Pick<AppDeps, 'db' | 'documents'>,
  opts: { actorId: string; userId: string; redis: Redis | null; log: FastifyBaseLogger },
) {
  if (opts.actorId === opts.userId) throw new AppError('FORBIDDEN');
  const erasedAt = new Date().toISOString();
  const { counts, keys } = await deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', opts.userId).executeTakeFirst();
    if (!user) throw new AppError('NOT_FOUND');
    const already = isErasedEmail(user.email);
    const keys = already ? [] : await documentKeys(trx, user.id);
    const counts = already ? {} : await erasePersonalData(trx, user);
    await recordAudit(trx, {
      actorId: opts.actorId,
      action: 'user_erase',
      targetType: 'user',
      targetId: user.id,
      detail: { counts, ...(already ? { already_erased: true } : {}) },
    });
    return { counts, keys };
  });
  // After the commit: a failure here leaves bytes no row points to (harmless, logged), never a row without bytes.
  for (const key of keys) {
    await deps.documents
      .delete(key)
      .catch((err) => opts.log.error({ err }, 'erasure: a document could not be removed'));
  }
  if (opts.redis) counts.redis_sessions = await endRedisSessions(opts.redis, opts.userId);
  return { status: 'SUCCESS' as const, user_id: opts.userId, erased_at: erasedAt, counts };
}

/** Sessions in Redis are keyed by their id only, so the user's are found by a scan (an erasure is rare). */
async function endRedisSessions(redis: Redis, userId: string): Promise<number> {
  let ended = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', 'selfserve:session:*', 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const raw = await redis.get(key);
      if (raw && (JSON.parse(raw) as { userId?: string }).userId === userId) ended += await redis.del(key);
    }
  } while (cursor !== '0');
  return ended;
}
