import type { Insertable, Kysely, Transaction } from 'kysely';
import type { CsatRatingsTable, Database, GuestTicketsTable, TicketsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findByIdempotencyKey(db: Db, key: string) {
  return db.selectFrom('tickets').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/**
 * The user's open ticket for the same issue about the same booking or order (the open-ticket rule, docs/tickets.md):
 * a ticket about another order, another booking, or about none when this one has one, is another matter. The partial
 * unique index tickets_open_issue_subject_uq (migration 0013) holds the same rule under concurrent submits.
 */
export function findOpenTicket(
  db: Db,
  userId: string,
  issueId: string,
  about: { bookingId: string | null; orderId: string | null },
) {
  let q = db
    .selectFrom('tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('issue_id', '=', issueId)
    // pending (answered, waiting for the rider; migration 0041) is still the rider's open request
    .where('status', 'in', ['open', 'pending']);
  q = about.bookingId ? q.where('booking_id', '=', about.bookingId) : q.where('booking_id', 'is', null);
  q = about.orderId ? q.where('order_id', '=', about.orderId) : q.where('order_id', 'is', null);
  return q.executeTakeFirst();
}

export async function insertTicket(
  trx: Transaction<Database>,
  row: TicketsTable,
  items: { item_id: string; item_name: string; quantity: number }[],
) {
  await trx.insertInto('tickets').values(row).execute();
  if (items.length > 0) {
    await trx
      .insertInto('ticket_items')
      .values(items.map((i) => ({ ticket_id: row.id, ...i })))
      .execute();
  }
}

/** The statuses the contract's isResolved calls resolved. */
const RESOLVED = ['solved', 'closed'] as const;

/** Where a page of a user's tickets ends: the last ticket's created_at and ticket_id (newest first). */
export interface TicketPosition {
  createdAt: string;
  ticketId: string;
}

/**
 * One page of the user's tickets, newest first (ticket_id breaks ties), after `after`; `limit` rows at most.
 * `status`: open (not yet resolved), closed (solved or closed) or all.
 */
export function listUserTickets(
  db: Db,
  userId: string,
  opts: { tag?: string | null; status: 'open' | 'closed' | 'all'; after: TicketPosition | null; limit: number },
) {
  let q = db
    .selectFrom('tickets')
    .leftJoin('csat_ratings', 'csat_ratings.ticket_id', 'tickets.ticket_id')
    .select([
      'tickets.ticket_id',
      'tickets.status',
      'tickets.subject',
      'tickets.created_at',
      'tickets.updated_at',
      'tickets.booking_id',
      'tickets.order_id',
      'tickets.article_id',
      'tickets.article_name',
      'csat_ratings.id as rating_id',
    ])
    .where('tickets.user_id', '=', userId);
  if (opts.tag) q = q.where('tickets.tag', '=', opts.tag);
  if (opts.status === 'open') q = q.where('tickets.status', 'not in', RESOLVED);
  if (opts.status === 'closed') q = q.where('tickets.status', 'in', RESOLVED);
  const after = opts.after;
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('tickets.created_at', '<', after.createdAt),
        eb.and([eb('tickets.created_at', '=', after.createdAt), eb('tickets.ticket_id', '<', after.ticketId)]),
      ]),
    );
  }
  return q.orderBy('tickets.created_at', 'desc').orderBy('tickets.ticket_id', 'desc').limit(opts.limit).execute();
}
export function findUserTicket(db: Db, userId: string, ticketId: string) {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
}

/**
 * Marks a non-login form token used (its nonce), inside the transaction that saves its ticket: false when it was
 * used already. The primary key settles concurrent replays, also across instances (PostgreSQL waits for the
 * other transaction and then sees its row).
 */
export async function useFormToken(trx: Transaction<Database>, nonce: string, expiresAt: Date): Promise<boolean> {
  const result = await trx
    .insertInto('form_token_uses')
    .values({ nonce, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Forgets used tokens that have expired (with a margin for clocks that differ between instances). */
export function sweepFormTokenUses(db: Db, now = Date.now(), marginMs = 5 * 60_000) {
  return db
    .deleteFrom('form_token_uses')
    .where('expires_at', '<', new Date(now - marginMs).toISOString())
    .execute();
}

export function insertGuestTicket(db: Db, row: Insertable<GuestTicketsTable>) {
  return db.insertInto('guest_tickets').values(row).execute();
}

export function insertRating(db: Db, row: Insertable<CsatRatingsTable>) {
  return db.insertInto('csat_ratings').values(row).execute();
}
