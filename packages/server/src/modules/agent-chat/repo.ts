// SQL of the agents' side of live chat (docs/agent.md "Live chat"); no rules here.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Conversations a person has or waits for (the queue filters them by country), newest change first. */
export function listEscalated(db: Db, limit = 200) {
  return db
    .selectFrom('chat_conversations as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as a', 'a.id', 'c.agent_id')
    .select([
      'c.id',
      'c.status',
      'c.context',
      'c.agent_id',
      'c.user_id',
      'c.updated_at',
      'u.name as user_name',
      'a.name as agent_name',
    ])
    .where('c.status', 'in', ['waiting', 'with_agent'])
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

export function findStaffMember(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'country_code', 'staff_role'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findPresence(db: Db, agentId: string) {
  return db.selectFrom('chat_agent_presence').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}

/** Staff marked available and seen since a time, with their name, role and country. */
export function listAvailableStaff(db: Db, seenSince: string) {
  return db
    .selectFrom('chat_agent_presence as p')
    .innerJoin('users as u', 'u.id', 'p.agent_id')
    .select(['u.id', 'u.name', 'u.country_code', 'u.staff_role', 'p.region'])
    .where('p.available', '=', 1)
    .where('p.last_seen_at', '>', seenSince)
    .where('u.staff_role', 'in', ['agent', 'admin'])
    .orderBy('u.name')
    .execute();
}

export function findBookingContext(db: Db, userId: string, bookingId: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'crn', 'status', 'city', 'pickup_location', 'drop_location', 'pickup_date'])
    .where('id', '=', bookingId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findArticleTitle(db: Db, id: string) {
  return db.selectFrom('articles').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
}
