import type { Kysely, Transaction } from 'kysely';
import type { Database, TicketsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findByIdempotencyKey(db: Db, key: string) {
  return db.selectFrom('tickets').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** The user's open ticket for the same issue and booking, if any (the open-ticket rule). */
export function findOpenTicket(db: Db, userId: string, issueId: string, bookingId: string | null) {
  let q = db
    .selectFrom('tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('issue_id', '=', issueId)
    .where('status', '=', 'open');
  q = bookingId ? q.where('booking_id', '=', bookingId) : q.where('booking_id', 'is', null);
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

export function listUserTickets(db: Db, userId: string, tag: string | null) {
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
      'tickets.article_name',
      'csat_ratings.id as rating_id',
    ])
    .where('tickets.user_id', '=', userId);
  if (tag) q = q.where('tickets.tag', '=', tag);
  return q.orderBy('tickets.created_at', 'desc').limit(200).execute();
}

export function findUserTicket(db: Db, userId: string, ticketId: string) {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
}
