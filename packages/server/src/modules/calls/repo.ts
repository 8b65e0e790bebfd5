import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { CallRequestsTable, Database } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

export type CallKind = 'click_to_call' | 'callback' | 'masked_call' | 'partner_lab_call' | 'app_link';
export type CallRequestRow = Selectable<CallRequestsTable>;

export interface NewCallRequest {
  userId: string;
  kind: CallKind;
  bookingId: string | null;
  articleId: string | null;
  /** a repeat is the same kind, user and subject within `windowMs` */
  subject: string;
  windowMs: number;
}

/** The standing request of this kind, user and subject made within the window (placing or placed), if any. */
export function findStanding(db: Kysely<Database>, r: NewCallRequest, now = Date.now()) {
  return db
    .selectFrom('call_requests')
    .selectAll()
    .where('user_id', '=', r.userId)
    .where('kind', '=', r.kind)
    .where('subject', '=', r.subject)
    .where('status', 'in', ['placing', 'placed'])
    .where('created_at', '>=', new Date(now - r.windowMs).toISOString())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/**
 * Opens a request unless one stands: answers `{ row, repeated }`. Two guards, because either alone leaks: the look-up
 * finds a request made just before a window boundary, and the unique `dedupe_key` (kind:user:subject:window number)
 * stops two racing requests from both ringing.
 */
export async function openRequest(
  db: Kysely<Database>,
  r: NewCallRequest,
  now = Date.now(),
): Promise<{ row: CallRequestRow; repeated: boolean }> {
  const standing = await findStanding(db, r, now);
  if (standing) return { row: standing, repeated: true };
  const at = new Date(now).toISOString();
  const row: CallRequestRow = {
    id: newId('call'),
    user_id: r.userId,
    kind: r.kind,
    booking_id: r.bookingId,
    article_id: r.articleId,
    subject: r.subject,
    dedupe_key: `${r.kind}:${r.userId}:${r.subject}:${Math.floor(now / r.windowMs)}`,
    status: 'placing',
    outcome: null,
    provider_outcome: null,
    created_at: at,
    updated_at: at,
  };
  try {
    await db.insertInto('call_requests').values(row).execute();
    return { row, repeated: false };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await db
      .selectFrom('call_requests')
      .selectAll()
      .where('dedupe_key', '=', row.dedupe_key)
      .executeTakeFirstOrThrow();
    return { row: winner, repeated: true };
  }
}

/** Records what the provider said; a failed request gives up its dedupe key so that a retry may ask again. */
export async function closeRequest(
  db: Kysely<Database>,
  id: string,
  result: { placed: boolean; outcome: string; providerOutcome: string },
): Promise<void> {
  await db
    .updateTable('call_requests')
    .set({
      status: result.placed ? 'placed' : 'failed',
      outcome: result.outcome,
      provider_outcome: result.providerOutcome,
      updated_at: new Date().toISOString(),
      ...(result.placed ? {} : { dedupe_key: null }),
    })
    .where('id', '=', id)
    .execute();
}

export function listRequests(db: Kysely<Database>, userId: string, kind?: CallKind) {
  let q = db.selectFrom('call_requests').selectAll().where('user_id', '=', userId);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('created_at', 'desc').execute();
}
