import {
  AGENT_TICKETS_PAGE_SIZE,
  type AgentMessagePayload,
  type AgentTicketDetail,
  type AgentTicketListQuery,
  agentCountries,
  coded,
  formatMessage,
  mayChangeStatus,
  riderMayReply,
  slaBreached,
  statusAfterAgentReply,
  statusAfterRiderReply,
  type TicketStatus,
} from '@selfserve/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, TicketsTable, UserRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { coversCountry, type StaffUser } from '../agent/staff.ts';
import { recordAudit } from '../audit/audit.ts';
import {
  activeMembership,
  auditWithNames,
  earlierTickets,
  findMessageByKey,
  findTicket,
  findUser,
  listQueue,
  staffOfCountry,
  ticketMessages,
} from './repo.ts';

type Db = Kysely<Database>;
type Ticket = TicketsTable;

const parseJson = (text: string | null | undefined): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export async function queue(db: Db, staff: StaffUser, query: AgentTicketListQuery, now = new Date()) {
  const { rows, total } = await listQueue(db, { countries: agentCountries(staff), query, staffId: staff.id, now });
  return {
    status: 'SUCCESS' as const,
    page: query.page,
    page_size: AGENT_TICKETS_PAGE_SIZE,
    total,
    tickets: rows.map((r) => ({
      ticket_id: r.ticket_id,
      status: r.status,
      subject: r.subject,
      kind: r.kind,
      priority: r.priority ?? 'normal',
      flag: r.flag ?? null,
      country_code: r.country_code,
      rider_name: r.rider_name,
      rider_email: r.rider_email,
      assignee: r.assignee_id ? { id: r.assignee_id, name: r.assignee_name ?? '' } : null,
      created_at: r.created_at,
      updated_at: r.updated_at,
      first_response_at: r.first_response_at ?? null,
      sla_breached: Number(r.breached) === 1,
    })),
  };
}

/** A ticket of the staff member's queue with its rider; any other ticket is 404, as if it did not exist. */
export async function ticketInQueue(db: Db | Transaction<Database>, staff: StaffUser, ticketId: string) {
  const ticket = await findTicket(db, ticketId);
  const rider = ticket ? await findUser(db, ticket.user_id) : undefined;
  if (!ticket || !rider || !coversCountry(staff, rider.country_code))
    throw new AppError('NOT_FOUND', coded('ticketNotFound'));
  return { ticket, rider };
}

export async function ticketDetail(db: Db, staff: StaffUser, ticketId: string, now = new Date()) {
  const { ticket, rider } = await ticketInQueue(db, staff, ticketId);
  const [membership, booking, order, earlier, messages, rating, assignable, audit, assignee] = await Promise.all([
    activeMembership(db, rider.id),
    ticket.booking_id
      ? db.selectFrom('bookings').selectAll().where('id', '=', ticket.booking_id).executeTakeFirst()
      : undefined,
    ticket.order_id
      ? db.selectFrom('orders').selectAll().where('id', '=', ticket.order_id).executeTakeFirst()
      : undefined,
    earlierTickets(db, rider.id, ticket.ticket_id, ticket.created_at),
    ticketMessages(db, ticket.ticket_id, { withNotes: true }),
    db.selectFrom('csat_ratings').selectAll().where('ticket_id', '=', ticket.ticket_id).executeTakeFirst(),
    staffOfCountry(db, rider.country_code),
    auditWithNames(db, ticket.ticket_id),
    ticket.assignee_id ? findUser(db, ticket.assignee_id) : undefined,
  ]);
  const answer: AgentTicketDetail = {
    status: 'SUCCESS',
    ticket: {
      ticket_id: ticket.ticket_id,
      status: ticket.status,
      subject: ticket.subject,
      query: ticket.query,
      kind: ticket.kind,
      priority: ticket.priority ?? 'normal',
      flag: ticket.flag ?? null,
      country_code: rider.country_code,
      rider_name: rider.name,
      rider_email: rider.email,
      assignee: assignee ? { id: assignee.id, name: assignee.name } : null,
      created_at: ticket.created_at,
      updated_at: ticket.updated_at,
      first_response_at: ticket.first_response_at ?? null,
      solved_at: ticket.solved_at ?? null,
      closed_at: ticket.closed_at ?? null,
      article_id: ticket.article_id,
      article_name: ticket.article_name,
      sla_breached: slaBreached(
        {
          status: ticket.status,
          priority: ticket.priority ?? 'normal',
          created_at: ticket.created_at,
          first_response_at: ticket.first_response_at ?? null,
        },
        now,
      ),
    },
    rider: {
      id: rider.id,
      name: rider.name,
      email: rider.email,
      mobile: rider.mobile,
      country_code: rider.country_code,
      locale: rider.locale,
      role: rider.role,
      membership: membership ?? null,
    },
    booking: booking
      ? {
          id: booking.id,
          crn: booking.crn,
          status: booking.status,
          pickup_date: booking.pickup_date,
          pickup_location: booking.pickup_location,
          drop_location: booking.drop_location,
          fare: booking.fare,
          currency_country: booking.currency_country,
          bill: parseJson(booking.bill),
        }
      : null,
    order: order
      ? { id: order.id, order_type: order.order_type, order_status: order.order_status, amount: order.amount }
      : null,
    one_touch: ticket.kind === 'one_touch' ? { call_type: ticket.tag } : null,
    earlier_tickets: earlier,
    messages: [
      {
        id: 'request',
        kind: 'request',
        author_role: 'rider',
        author_name: rider.name,
        body: ticket.query,
        created_at: ticket.created_at,
      },
      ...messages,
    ],
    rating: rating ? { score: rating.score, reason: rating.reason, comment: rating.comment } : null,
    assignable,
    audit: audit.map((a) => ({
      at: a.at,
      action: a.action,
      actor_name: a.actor_name ?? '',
      detail: (parseJson(a.detail) as Record<string, unknown> | null) ?? {},
    })),
  };
  return answer;
}

/** Take (assignee = me), assign to another staff member of the ticket's queue, or unassign (null). */
export async function assignTicket(db: Db, staff: StaffUser, ticketId: string, assigneeId: string | null) {
  return db.transaction().execute(async (trx) => {
    const { ticket, rider } = await ticketInQueue(trx, staff, ticketId);
    if (assigneeId !== null) {
      const to = await findUser(trx, assigneeId);
      const staffTo = to && (to.staff_role === 'agent' || to.staff_role === 'admin') ? (to as StaffUser) : null;
      if (!staffTo || !coversCountry(staffTo, rider.country_code))
        throw new AppError('VALIDATION_FAILED', coded('assigneeNotInQueue'), {
          assignee_id: formatMessage('assigneeNotInQueue'),
        });
    }
    if (ticket.status === 'closed') throw new AppError('CONFLICT', coded('agentTicketClosed'));
    await trx
      .updateTable('tickets')
      .set({ assignee_id: assigneeId, updated_at: new Date().toISOString() })
      .where('ticket_id', '=', ticket.ticket_id)
      .execute();
    const action = assigneeId === null ? 'ticket_unassign' : assigneeId === staff.id ? 'ticket_take' : 'ticket_assign';
    await recordAudit(trx, {
      actorId: staff.id,
      action,
      targetType: 'ticket',
      targetId: ticket.ticket_id,
      detail: { from: ticket.assignee_id ?? null, to: assigneeId },
    });
    return { status: 'SUCCESS' as const, ticket_status: ticket.status };
  });
}

/** The timestamps a move to `next` sets: solved_at while solved (cleared when re-opened), closed_at once closed. */
function statusColumns(from: TicketStatus, next: TicketStatus, now: string) {
  const set: Partial<Ticket> = { status: next, updated_at: now };
  if (next === 'solved' && from !== 'solved') set.solved_at = now;
  if (next === 'open' || next === 'pending') set.solved_at = null;
  if (next === 'closed') set.closed_at = now;
  return set;
}

/**
 * Moves the ticket only if it is still in the status it was read in (another agent or the rider may have moved it
 * meanwhile: 409). Re-opening can meet the one-open-request-per-issue index: a newer open request exists (409).
 */
async function moveTicket(trx: Transaction<Database>, ticket: Ticket, set: Partial<Ticket>) {
  const result = await trx
    .updateTable('tickets')
    .set(set)
    .where('ticket_id', '=', ticket.ticket_id)
    .where('status', '=', ticket.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONFLICT');
}

function openConflict(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError('CONFLICT', coded('anotherOpenTicket'));
  throw err;
}

export async function changeStatus(db: Db, staff: StaffUser, ticketId: string, to: TicketStatus) {
  const { ticket } = await ticketInQueue(db, staff, ticketId);
  if (ticket.status === 'closed') throw new AppError('CONFLICT', coded('agentTicketClosed'));
  if (!mayChangeStatus(ticket.status, to)) throw new AppError('CONFLICT', coded('ticketStatusNotAllowed'));
  await db
    .transaction()
    .execute(async (trx) => {
      await moveTicket(trx, ticket, statusColumns(ticket.status, to, new Date().toISOString()));
      await recordAudit(trx, {
        actorId: staff.id,
        action: 'ticket_status',
        targetType: 'ticket',
        targetId: ticket.ticket_id,
        detail: { from: ticket.status, to },
      });
    })
    .catch(openConflict);
  return { status: 'SUCCESS' as const, ticket_status: to };
}

/** A retried send (same author and client key) answers as the first; the key of another ticket is a conflict. */
async function replayed(db: Db, authorId: string, clientKey: string, ticketId: string) {
  const existing = await findMessageByKey(db, authorId, clientKey);
  if (!existing) return null;
  if (existing.ticket_id !== ticketId) throw new AppError('CONFLICT');
  const ticket = await findTicket(db, ticketId);
  return { status: 'SUCCESS' as const, ticket_status: (ticket?.status ?? 'open') as TicketStatus };
}

/**
 * An agent's reply (the rider sees it in /tickets and gets it by mail, once) or internal note (staff only). A reply
 * leaves the ticket pending unless the agent solves it with the reply; a closed ticket takes nothing more.
 */
export async function postAgentMessage(
  deps: AppDeps,
  staff: StaffUser,
  ticketId: string,
  p: AgentMessagePayload,
  log: FastifyBaseLogger,
) {
  const { db } = deps;
  const { ticket, rider } = await ticketInQueue(db, staff, ticketId);
  const again = await replayed(db, staff.id, p.client_key, ticket.ticket_id);
  if (again) return again;
  const isReply = p.kind === 'reply';
  const next = isReply ? statusAfterAgentReply(ticket.status, p.status) : ticket.status;
  if (next === null || ticket.status === 'closed') throw new AppError('CONFLICT', coded('agentTicketClosed'));
  const now = new Date().toISOString();
  const messageId = newId('tm');
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('ticket_messages')
        .values({
          id: messageId,
          ticket_id: ticket.ticket_id,
          author_id: staff.id,
          author_role: 'agent',
          kind: p.kind,
          body: p.body,
          client_key: p.client_key,
          status_after: next,
          mail_id: null,
          created_at: now,
        })
        .execute();
      if (isReply) {
        await moveTicket(trx, ticket, {
          ...statusColumns(ticket.status, next, now),
          first_response_at: ticket.first_response_at ?? now,
        });
      }
      await recordAudit(trx, {
        actorId: staff.id,
        action: isReply ? 'ticket_reply' : 'ticket_note',
        targetType: 'ticket',
        targetId: ticket.ticket_id,
        detail: { message_id: messageId, ...(isReply ? { from: ticket.status, to: next } : {}) },
      });
    });
  } catch (err) {
    // A concurrent retry with the same key inserted first: answer as it did (it sends the mail, not this one).
    if (isUniqueViolation(err)) {
      const first = await replayed(db, staff.id, p.client_key, ticket.ticket_id);
      if (first) return first;
    }
    openConflict(err);
  }
  if (isReply) await mailReply(deps, log, rider, ticket.ticket_id, messageId, p.body);
  return { status: 'SUCCESS' as const, ticket_status: next };
}

/** The reply by mail to the rider, sent by the one request that stored the reply (retries never send again). */
async function mailReply(
  deps: AppDeps,
  log: FastifyBaseLogger,
  rider: UserRow,
  ticketId: string,
  messageId: string,
  body: string,
) {
  try {
    const sent = await deps.mailer.send({
      to: rider.email,
      userId: rider.id,
      kind: 'ticket_reply',
      subject: formatMessage('mailTicketReplySubject', { ticketId }),
      text: [body, formatMessage('mailTicketReplyFollow')].join('\n\n'),
    });
    await deps.db.updateTable('ticket_messages').set({ mail_id: sent.id }).where('id', '=', messageId).execute();
  } catch (err) {
    // The reply stands (the rider reads it in /tickets); a mail the outbox could not take is logged, not retried.
    log.error({ err, ticketId, messageId }, 'ticket reply: mail not recorded');
  }
}

// ---- The rider's side ------------------------------------------------------------------------------------------

async function ownTicket(db: Db, user: UserRow, ticketId: string) {
  const ticket = await findTicket(db, ticketId);
  if (!ticket || ticket.user_id !== user.id) throw new AppError('NOT_FOUND', coded('ticketNotFound'));
  return ticket;
}

/** The rider's thread: their request, then the replies both ways, oldest first. Never a staff note. */
export async function riderThread(db: Db, user: UserRow, ticketId: string) {
  const ticket = await ownTicket(db, user, ticketId);
  const replies = await ticketMessages(db, ticket.ticket_id, { withNotes: false });
  return {
    status: 'SUCCESS' as const,
    ticket_id: ticket.ticket_id,
    ticket_status: ticket.status,
    may_reply: riderMayReply(ticket.status),
    messages: [
      { id: 'request', from: 'you' as const, body: ticket.query, created_at: ticket.created_at },
      ...replies.map((m) => ({
        id: m.id,
        from: m.author_role === 'rider' ? ('you' as const) : ('support' as const),
        body: m.body,
        created_at: m.created_at,
      })),
    ],
  };
}

/** The rider answers in the thread: a pending ticket is open again (waiting for us). */
export async function riderReply(db: Db, user: UserRow, ticketId: string, p: { body: string; client_key: string }) {
  const ticket = await ownTicket(db, user, ticketId);
  const again = await replayed(db, user.id, p.client_key, ticket.ticket_id);
  if (again) return again;
  const next = statusAfterRiderReply(ticket.status);
  if (next === null) throw new AppError('CONFLICT', coded('ticketReplyResolved'));
  const now = new Date().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('ticket_messages')
        .values({
          id: newId('tm'),
          ticket_id: ticket.ticket_id,
          author_id: user.id,
          author_role: 'rider',
          kind: 'reply',
          body: p.body,
          client_key: p.client_key,
          status_after: next,
          mail_id: null,
          created_at: now,
        })
        .execute();
      await moveTicket(trx, ticket, statusColumns(ticket.status, next, now));
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const first = await replayed(db, user.id, p.client_key, ticket.ticket_id);
      if (first) return first;
    }
    throw err;
  }
  return { status: 'SUCCESS' as const, ticket_status: next };
}
