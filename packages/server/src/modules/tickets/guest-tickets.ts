import {
  coded,
  modalFieldsOf,
  VISITOR_COOKIE,
  type VisitorTicketModal,
  visitorTicketIssue,
  type visitorTicketPayloadSchema,
} from '@selfserve/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { requireCaptcha } from '../captcha/service.ts';
import { type FormToken, readFormToken } from './form-token.ts';
import { admitTicketCreation } from './limits.ts';
import { insertGuestTicket, sweepFormTokenUses, useFormToken } from './repo.ts';
import { confirmationMail, newGuestTicketId, queueConfirmation } from './service.ts';

type VisitorTicketBody = z.output<typeof visitorTicketPayloadSchema>;

/**
 * Non-login tickets (the visitor ticket modals, one-touch submit_without_login): route helpers shared by
 * the routes that take them, so both check and use the form token the same way (docs/tickets.md).
 */

/** The request's form token when it is ours, fresh and issued to this visitor (the ss_visitor cookie); else null. */
export function requestFormToken(deps: AppDeps, request: FastifyRequest, token: string): FormToken | null {
  return readFormToken(deps.config.sessionSecret, token, request.cookies[VISITOR_COOKIE]);
}

export interface GuestTicket {
  kind: string;
  email: string;
  subject: string;
  /** the request as sent, without the token */
  payload: unknown;
}

/**
 * Saves a guest ticket and uses up its form token in one transaction, after the form was found valid: a form
 * refused with 400 leaves the token usable, so the visitor can correct it and send it again. Answers the new
 * ticket id, or null when the token has been used already (a replay; concurrent ones and ones on other instances
 * are settled by the database). The ticket counts against the per-address creation limit (429 rolls it back).
 * `confirm`: the ticket's confirmation is mailed to the visitor, its outbox row written in the same transaction.
 */
export async function saveGuestTicket(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: FormToken,
  ticket: GuestTicket,
  { confirm = false } = {},
): Promise<string | null> {
  const ticketId = newGuestTicketId();
  let deliver: (() => Promise<void>) | undefined;
  const saved = await deps.db.transaction().execute(async (trx) => {
    if (!(await useFormToken(trx, token.nonce, token.expiresAt))) return false;
    await insertGuestTicket(trx, {
      id: newId('gt'),
      ticket_id: ticketId,
      kind: ticket.kind,
      email: ticket.email,
      subject: ticket.subject,
      payload: JSON.stringify(ticket.payload),
      created_at: new Date().toISOString(),
    });
    await admitTicketCreation(deps, request, reply, { perUser: false });
    if (confirm) {
      const mail = { to: ticket.email, userId: null, ...confirmationMail(ticketId, ticket.subject) };
      deliver = await queueConfirmation(trx, deps.mailer, mail, ticketId, request.log);
    }
    return true;
  });
  if (!saved) return null;
  await deliver?.();
  // Used tokens are kept only while they could still be presented.
  await sweepFormTokenUses(deps.db).catch((err: unknown) => request.log.warn({ err }, 'form token sweep failed'));
  return ticketId;
}

/** A missing, forged, expired, someone else's or used form token (docs/tickets.md). */
export const invalidToken = { status: 'FAILURE' as const, reason: 'invalidToken' as const, ...coded('formExpired') };

/**
 * A visitor's form that passed its checks becomes a guest ticket (saveGuestTicket: its token used up with it), and
 * its confirmation is mailed to the visitor's e-mail. A used token (a replay) saves nothing and answers invalidToken.
 */
export async function fileGuestTicket(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: FormToken,
  ticket: GuestTicket,
) {
  const ticketId = await saveGuestTicket(deps, request, reply, token, ticket, { confirm: true });
  if (!ticketId) return invalidToken;
  request.log.info({ ticket: ticketId, kind: ticket.kind }, 'ticket call');
  return {
    status: 'SUCCESS' as const,
    request_status: 'CREATED' as const,
    ticket_id: ticketId,
    ...coded('ticketSuccess'),
  };
}

/**
 * The latest calendar day anywhere (UTC+14): a visitor's "today" (the ride or transaction date's upper bound, §5) is
 * never later, so no visitor is refused their own today; a day after it is refused everywhere.
 */
export const latestToday = (now = Date.now()) => new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);

/** The guest ticket's kind: the unrecognised charge keeps the kind its route always saved. */
const kindOf = (modal: VisitorTicketModal) =>
  modal === 'unrecognised_charge' ? 'unrecognised_transaction' : `visitor_${modal}`;

/**
 * A visitor's ticket modal (guided-flows.md §4, §5; docs/flows/visitor-tickets.md): a fresh form token of this
 * visitor, the modal's field rules (400 with the rule's own text), then the captcha (used once), then the ticket
 * saved with its token used, and the confirmation mailed to the visitor's e-mail.
 */
export async function visitorTicket(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  modal: VisitorTicketModal,
  p: VisitorTicketBody,
) {
  const token = requestFormToken(deps, request, p.secret_key);
  if (!token) return invalidToken;
  const fields = modalFieldsOf(modal, p.custom_field_map);
  const broken = visitorTicketIssue(modal, fields, latestToday());
  if (broken) throw new AppError('VALIDATION_FAILED', coded(broken));
  // Checked after the fields, so a form the visitor must correct does not use up their solved captcha.
  await requireCaptcha(deps, p.captcha);
  // The token is used up with the ticket, not before: a form refused above can be corrected and sent again.
  const { secret_key: _secret, captcha: _captcha, ...kept } = p;
  const email = fields.email ?? '';
  return fileGuestTicket(deps, request, reply, token, {
    kind: kindOf(modal),
    email,
    subject: p.subject,
    payload: { ...kept, modal, custom_field_map: fields },
  });
}
