import crypto from 'node:crypto';
import {
  type CodedMessage,
  type CsatPayload,
  coded,
  formatMessage,
  isResolved,
  mayRateTicket,
  messages,
  ratingReasonKeys,
  TICKETS_PAGE_SIZE,
  type TicketResponse,
} from '@selfserve/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, TicketPriority, TicketsTable, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { findArticle } from '../kb/repo.ts';
import { isMailAddress, type Mailer, type MailMessage } from '../mail/mailer.ts';
import { groupCommit } from './group-commit.ts';
import { claimGuestTickets } from './guest-claims.ts';
import {
  findByIdempotencyKey,
  findOpenTicket,
  findUserTicket,
  insertRating,
  insertTicket,
  listUserTickets,
  type TicketPosition,
} from './repo.ts';

export interface NewTicket {
  userId: string;
  kind: string;
  subject: string;
  query: string;
  issueId: string | null;
  articleId: string | null;
  articleName: string | null;
  bookingId: string | null;
  orderId: string | null;
  tag: string | null;
  source: string;
  sourcePage: string | null;
  emailFrom: string | null;
  /** the client's key for this submit; retries carry the same key */
  idempotencyKey: string | null;
  payload: unknown;
  items: { item_id: string; item_name: string; quantity: number }[];
  /** attach what belongs to the ticket (uploaded images) inside the same transaction; gets tickets.id */
  attach?: (trx: Transaction<Database>, ticketRowId: string) => Promise<unknown>;
  /**
   * count the new ticket against the creation limits, inside its transaction once the row is in (so a concurrent
   * retry with the same key, which waits on that row, never counts); throws (429) to roll it back
   */
  admit?: () => Promise<void>;
  /**
   * The confirmation mail of a new ticket (not of a replayed submit): its outbox row is written in the ticket's
   * transaction, and handed to SMTP once that has committed.
   */
  confirmation?: { mailer: Mailer; message: (ticketId: string) => MailMessage };
  /** what the answers say instead of the spec's plain texts (marketplace orders: longer texts naming the order) */
  said?: TicketTexts;
  /**
   * A flagged ticket (a safety report: 'safety', at priority 'urgent'; migration 0027) is never merged into another
   * open ticket for the same issue: each report is its own ticket, and only a retry (same key) answers the first.
   */
  flag?: { flag: string; priority: TicketPriority };
}

/** The texts of a create call's two answers. */
export interface TicketTexts {
  created: CodedMessage;
  alreadyOpen: CodedMessage;
}

const plainTexts: TicketTexts = { created: coded('ticketSuccess'), alreadyOpen: coded('ticketAlreadyOpen') };

const created = (t: NewTicket, ticketId: string): TicketResponse => ({
  status: 'SUCCESS',
  request_status: 'CREATED',
  ticket_id: ticketId,
  ...(t.said ?? plainTexts).created,
});
const alreadyOpen = (t: NewTicket, ticketId: string): TicketResponse => ({
  status: 'SUCCESS',
  request_status: 'OPEN_TICKET_PRESENT',
  ticket_id: ticketId,
  ...(t.said ?? plainTexts).alreadyOpen,
});

/** Tickets are answered by e-mail: an unverified address is sent to verify first (spec §8, email_not_verified). */
export function requireVerifiedEmail(user: Pick<UserRow, 'email_verified'>): void {
  if (user.email_verified !== 1) {
    throw new AppError('email_not_verified');
  }
}

/** A repeated submit (same key) gets the first answer again; keys are per user. */
async function earlierAnswer(db: Kysely<Database>, t: NewTicket, key: string | null): Promise<TicketResponse | null> {
  const sameKey = async () => {
    const same = key ? await findByIdempotencyKey(db, key) : undefined;
    return same?.user_id === t.userId ? same : undefined;
  };
  const first = await sameKey();
  if (first) return created(t, first.ticket_id);
  if (t.issueId && !t.flag) {
    // Per user, issue and what the issue is about: the booking or the order (docs/tickets.md).
    const open = await findOpenTicket(db, t.userId, t.issueId, { bookingId: t.bookingId, orderId: t.orderId });
    if (open) {
      // The open ticket may be this very submit's: a concurrent request with the same key can commit it between
      // the two reads above (seen on PostgreSQL). The key is read again after the open ticket, so a retry always
      // gets the first answer (CREATED), never OPEN_TICKET_PRESENT for its own ticket.
      const same = key && open.idempotency_key === key ? open : await sameKey();
      return same ? created(t, same.ticket_id) : alreadyOpen(t, open.ticket_id);
    }
  }
  return null;
}

/** Ticket numbers are drawn at random from 90 million; a taken one is drawn again, this many times at most. */
const TICKET_NUMBER_DRAWS = 4;

/**
 * Creates a ticket exactly once: a retried submit (same idempotency key) answers with the ticket it
 * already made; a second submit for an issue about the same booking or order (or about neither) while a
 * ticket for it is open answers OPEN_TICKET_PRESENT with that ticket. The ticket, its items and its images
 * are written in one transaction, and the database's unique indexes settle races between instances.
 */
export async function createTicket(
  db: Kysely<Database>,
  t: NewTicket,
  log: FastifyBaseLogger,
): Promise<TicketResponse> {
  const started = performance.now();
  const key = t.idempotencyKey ? `${t.userId}:${t.idempotencyKey}` : null;
  let outcome: TicketResponse | null = await earlierAnswer(db, t, key);
  for (let attempt = 1; !outcome; attempt++) {
    const now = new Date().toISOString();
    const row: TicketsTable = {
      id: newId('tk'),
      ticket_id: String(crypto.randomInt(10_000_000, 100_000_000)),
      user_id: t.userId,
      status: 'open',
      subject: t.subject.slice(0, 200),
      query: t.query,
      issue_id: t.issueId,
      article_id: t.articleId,
      article_name: t.articleName,
      booking_id: t.bookingId,
      order_id: t.orderId,
      tag: t.tag,
      source: t.source,
      email_from: t.emailFrom,
      idempotency_key: key,
      kind: t.kind,
      payload: JSON.stringify(t.payload),
      source_page: t.sourcePage,
      ...(t.flag ? { flag: t.flag.flag, priority: t.flag.priority } : {}),
      created_at: now,
      updated_at: now,
    };
    let deliver: (() => Promise<void>) | undefined;
    try {
      // Acknowledged once committed; on SQLite the commit is shared with the writes of the same moment.
      await groupCommit(db, async (trx) => {
        await insertTicket(trx, row, t.items);
        await t.attach?.(trx, row.id);
        await t.admit?.();
        if (t.confirmation) {
          const { mailer, message } = t.confirmation;
          deliver = await queueConfirmation(trx, mailer, message(row.ticket_id), row.ticket_id, log);
        }
      });
      outcome = created(t, row.ticket_id);
      await deliver?.();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another request (a retry, a double click, another instance) got there first.
      outcome = await earlierAnswer(db, t, key);
      // Neither: the random ticket number was taken (about one in 6,000 at 15,000 tickets), so draw another.
      if (!outcome && attempt >= TICKET_NUMBER_DRAWS) throw new AppError('CONFLICT', coded('ticketNotSubmitted'));
    }
  }
  log.info(
    {
      ticket: outcome.ticket_id,
      request_status: outcome.request_status,
      kind: t.kind,
      ms: Math.round(performance.now() - started),
    },
    'ticket call',
  );
  return outcome;
}

/** An article row as the contract's articleFormRules reads it. */
export function formArticle(article: { labels: string; label_names: string; side_load: string } | undefined) {
  return article
    ? {
        labels: JSON.parse(article.labels),
        label_names: JSON.parse(article.label_names),
        side_load: JSON.parse(article.side_load),
      }
    : null;
}

/** Contact details for marketplace tickets whose order lacks them (spec §5; never shown in the UI). */
export const PLACEHOLDER_CONTACT = {
  name: 'Selfserve customer',
  contact: '0000000000',
  email: 'support-placeholder@selfserve.invalid',
} as const;

export function newGuestTicketId(): string {
  return String(crypto.randomInt(10_000_000, 100_000_000));
}

/** The cursor of the page after `last`: opaque to clients (base64url of its created_at and ticket_id). */
export function encodeTicketCursor(last: TicketPosition): string {
  return Buffer.from(JSON.stringify([last.createdAt, last.ticketId])).toString('base64url');
}

export function decodeTicketCursor(cursor: string): TicketPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      value[0].length <= 40 &&
      value[1].length <= 64
    ) {
      return { createdAt: value[0], ticketId: value[1] };
    }
  } catch {
    // not JSON: answered below like any other cursor that is not ours
  }
  throw new AppError('VALIDATION_FAILED', coded('listLinkInvalid'), { cursor: messages.listLinkInvalid });
}

/** One page of the user's tickets (TICKETS_PAGE_SIZE, newest first) and the cursor of the next, null on the last. */
export async function ticketPage(
  db: Kysely<Database>,
  userId: string,
  opts: { status: 'open' | 'closed' | 'all'; cursor: string | undefined },
) {
  const rows = await listUserTickets(db, userId, {
    status: opts.status,
    after: opts.cursor ? decodeTicketCursor(opts.cursor) : null,
    limit: TICKETS_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, TICKETS_PAGE_SIZE);
  const last = page.at(-1);
  const more = rows.length > TICKETS_PAGE_SIZE && last;
  return {
    rows: page,
    nextCursor: more ? encodeTicketCursor({ createdAt: last.created_at, ticketId: last.ticket_id }) : null,
  };
}

/** The ticket list answer (one page, split into open and closed); tag=driver is the partner app's list. */
export async function ticketList(
  db: Kysely<Database>,
  user: UserRow,
  query: { tag?: string | undefined; status: 'open' | 'closed' | 'all'; cursor?: string | undefined },
) {
  // The tickets this user sent as a visitor, from their verified e-mail, join their list (docs/flows/visitor-tickets.md).
  await claimGuestTickets(db, user);
  // Only partners have driver tickets.
  const { rows, nextCursor } =
    query.tag === 'driver' && user.role === 'customer'
      ? { rows: [], nextCursor: null }
      : await ticketPage(db, user.id, { status: query.status, cursor: query.cursor });
  const tickets = rows.map((r) => ({
    ticket_id: r.ticket_id,
    status: r.status,
    subject: r.subject,
    created_at: r.created_at,
    updated_at: r.updated_at,
    booking_id: r.booking_id,
    order_id: r.order_id,
    article_name: r.article_name,
    article_id: r.article_id,
    rated: r.rating_id !== null,
  }));
  return {
    status: 'SUCCESS' as const,
    open: tickets.filter((t) => !isResolved(t.status)),
    closed: tickets.filter((t) => isResolved(t.status)),
    next_cursor: nextCursor,
  };
}

/** One rating per ticket, by its owner; a bad rating needs a reason (the unique ticket_id settles double clicks). */
export async function rateTicket(db: Kysely<Database>, userId: string, p: CsatPayload): Promise<void> {
  const ticket = await findUserTicket(db, userId, p.ref_id);
  if (!ticket) throw new AppError('NOT_FOUND', coded('ticketNotFound'));
  // A just-opened ticket has had no support to rate yet (issue 14); a one-touch request's is rated as its answer asks.
  if (!mayRateTicket(ticket)) throw new AppError('CONFLICT', coded('ticketNotRatableYet'));
  if (p.satisfaction_rating.score === 'bad' && !p.reason)
    throw new AppError('VALIDATION_FAILED', coded('chooseReason'));
  if (p.reason) {
    // The reason is one the rating offered: the article's own Csat options, else the default list.
    const article = ticket.article_id ? await findArticle(db, ticket.article_id) : undefined;
    const offered = ratingReasonKeys(article ? JSON.parse(article.embedded) : undefined);
    if (!offered.includes(p.reason)) throw new AppError('VALIDATION_FAILED', coded('reasonNotOffered'));
  }
  try {
    await insertRating(db, {
      id: newId('cs'),
      ticket_id: ticket.ticket_id,
      user_id: userId,
      score: p.satisfaction_rating.score,
      reason: p.reason ?? null,
      comment: p.satisfaction_rating.comment || null,
      email_from: p.email_from ?? null,
      created_at: new Date().toISOString(),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', coded('alreadyRated'));
    throw err;
  }
}

/**
 * A new ticket's confirmation, its outbox row written in the ticket's transaction `trx`; answers the hand-off to SMTP,
 * to call once that has committed. Neither fails the ticket: an address the mailer cannot take and a hand-off that
 * failed are only logged.
 */
export async function queueConfirmation(
  trx: Kysely<Database>,
  mailer: Mailer,
  mail: MailMessage,
  ticketId: string,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  if (!isMailAddress(mail.to)) {
    log.error({ ticket: ticketId }, 'ticket confirmation: not an e-mail address');
    return async () => {};
  }
  const deliver = await mailer.queue(trx, mail);
  return () =>
    deliver().then(
      () => {},
      (err: unknown) => log.error({ err, ticket: ticketId }, 'ticket confirmation failed'),
    );
}

/** The mail that confirms a new ticket to its author. */
export function confirmationMail(ticketId: string, subject: string) {
  return {
    kind: 'ticket_confirmation' as const,
    subject: formatMessage('mailTicketSubject', { ticketId }),
    text: [
      formatMessage('ticketSuccess'),
      formatMessage('mailTicketDetails', { ticketId, subject }),
      formatMessage('mailTicketFollow'),
    ].join('\n\n'),
  };
}
