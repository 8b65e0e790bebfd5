import { AGENT_TICKETS_PAGE_SIZE, type AgentTicketListQuery, ticketSlaHours } from '@selfserve/contract';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
type QueueEb = ExpressionBuilder<Database & { t: Database['tickets']; u: Database['users'] }, 't' | 'u'>;

const HOUR = 3_600_000;
const before = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();

/**
 * Whether a ticket breaches its SLA (contract slaBreached, in SQL so the queue can sort by it): no first reply past the
 * first-response target while open or pending, or still open past the resolution target. ISO strings compare as times.
 */
function breachedSql(now: Date) {
  const fr = (p: 'urgent' | 'normal') => before(now, ticketSlaHours[p].firstResponse);
  const res = (p: 'urgent' | 'normal') => before(now, ticketSlaHours[p].resolution);
  return sql<number>`(case when (t.status in ('open', 'pending') and t.first_response_at is null and t.created_at < (case when t.priority = 'urgent' then ${fr('urgent')} else ${fr('normal')} end)) or (t.status = 'open' and t.created_at < (case when t.priority = 'urgent' then ${res('urgent')} else ${res('normal')} end)) then 1 else 0 end)`;
}

const STATUS_FILTER = {
  active: ['open', 'pending'],
  open: ['open'],
  pending: ['pending'],
  solved: ['solved'],
  closed: ['closed'],
  all: null,
} as const;

/** The queue's filters: the staff member's countries (null: every one), then the query's. */
function queueWhere(countries: string[] | null, q: AgentTicketListQuery, staffId: string) {
  return (eb: QueueEb) => {
    const conds = [];
    if (countries) conds.push(eb('u.country_code', 'in', countries));
    if (q.country) conds.push(eb('u.country_code', '=', q.country));
    const statuses = STATUS_FILTER[q.status];
    if (statuses) conds.push(eb('t.status', 'in', [...statuses]));
    if (q.category) conds.push(eb('t.kind', '=', q.category));
    if (q.priority === 'safety') conds.push(eb('t.flag', '=', 'safety'));
    if (q.priority === 'urgent') conds.push(eb('t.priority', '=', 'urgent'));
    if (q.priority === 'normal') conds.push(eb('t.priority', '=', 'normal'));
    if (q.assignee === 'me') conds.push(eb('t.assignee_id', '=', staffId));
    if (q.assignee === 'none') conds.push(eb('t.assignee_id', 'is', null));
    if (q.q) {
      const term = q.q;
      // An e-mail address (without regard to case), else a ticket number or a CRN, each exact; the CRN through its
      // booking so the indexes on ticket_id and crn can answer.
      conds.push(
        term.includes('@')
          ? eb.or([
              eb(eb.fn('lower', ['u.email']), '=', term.toLowerCase()),
              eb(eb.fn('lower', ['t.email_from']), '=', term.toLowerCase()),
            ])
          : eb.or([
              eb('t.ticket_id', '=', term),
              eb(
                't.booking_id',
                'in',
                eb.selectFrom('bookings').select('bookings.id').where('bookings.crn', '=', term),
              ),
            ]),
      );
    }
    return eb.and(conds);
  };
}

/**
 * One page of the queue: safety reports first, then tickets past their SLA, then urgent ones, then the oldest first
 * (a queue is worked from its oldest end). Offset paging: the order moves as time passes, so a cursor would not hold.
 */
export async function listQueue(
  db: Db,
  opts: { countries: string[] | null; query: AgentTicketListQuery; staffId: string; now: Date },
) {
  const where = queueWhere(opts.countries, opts.query, opts.staffId);
  const base = db.selectFrom('tickets as t').innerJoin('users as u', 'u.id', 't.user_id').where(where);
  const breached = breachedSql(opts.now);
  const rows = await base
    .leftJoin('users as a', 'a.id', 't.assignee_id')
    .select([
      't.ticket_id',
      't.status',
      't.subject',
      't.kind',
      't.priority',
      't.flag',
      't.created_at',
      't.updated_at',
      't.first_response_at',
      't.assignee_id',
      'a.name as assignee_name',
      'u.country_code',
      'u.name as rider_name',
      'u.email as rider_email',
    ])
    .select(breached.as('breached'))
    .orderBy(sql`case when t.flag = 'safety' then 0 else 1 end`)
    .orderBy(sql`${breached} desc`)
    .orderBy(sql`case when t.priority = 'urgent' then 0 else 1 end`)
    .orderBy('t.created_at', 'asc')
    .orderBy('t.ticket_id', 'asc')
    .limit(AGENT_TICKETS_PAGE_SIZE)
    .offset((opts.query.page - 1) * AGENT_TICKETS_PAGE_SIZE)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

export function findTicket(db: Db, ticketId: string) {
  return db.selectFrom('tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
}

export function findUser(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The staff who may work on a country's tickets: its agents and every admin. */
export function staffOfCountry(db: Db, country: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where((eb) =>
      eb.or([
        eb('staff_role', '=', 'admin'),
        eb.and([eb('staff_role', '=', 'agent'), eb('country_code', '=', country)]),
      ]),
    )
    .orderBy('name')
    .execute();
}

export function ticketMessages(db: Db, ticketId: string, opts: { withNotes: boolean }) {
  let q = db
    .selectFrom('ticket_messages as m')
    .innerJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'm.kind', 'm.author_role', 'm.body', 'm.created_at', 'u.name as author_name'])
    .where('m.ticket_id', '=', ticketId);
  // Notes are for staff: the rider's answers are built from replies only.
  if (!opts.withNotes) q = q.where('m.kind', '=', 'reply');
  return q.orderBy('m.created_at', 'asc').orderBy('m.id', 'asc').execute();
}

export function findMessageByKey(db: Db, authorId: string, clientKey: string) {
  return db
    .selectFrom('ticket_messages')
    .selectAll()
    .where('author_id', '=', authorId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
}

export function earlierTickets(db: Db, userId: string, ticketId: string, createdAt: string) {
  return db
    .selectFrom('tickets')
    .select(['ticket_id', 'subject', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .where('ticket_id', '!=', ticketId)
    .where('created_at', '<=', createdAt)
    .orderBy('created_at', 'desc')
    .limit(10)
    .execute();
}

export function activeMembership(db: Db, userId: string) {
  return db
    .selectFrom('subscriptions')
    .select(['package_name', 'status', 'expires_on'])
    .where('user_id', '=', userId)
    .orderBy('expires_on', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function auditWithNames(db: Db, ticketId: string) {
  return db
    .selectFrom('audit_log as l')
    .leftJoin('users as u', 'u.id', 'l.actor_id')
    .select(['l.at', 'l.action', 'l.detail', 'l.id', 'u.name as actor_name'])
    .where('l.target_type', '=', 'ticket')
    .where('l.target_id', '=', ticketId)
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(100)
    .execute();
}
