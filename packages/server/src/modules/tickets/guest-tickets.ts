import { coded, isValidEmail, type UnrecognisedTransactionPayload, VISITOR_COOKIE } from '@selfserve/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { type FormToken, readFormToken } from './form-token.ts';
import { admitTicketCreation } from './limits.ts';
import { insertGuestTicket, sweepFormTokenUses, useFormToken } from './repo.ts';
import { newGuestTicketId } from './service.ts';

/**
 * Non-login tickets (the unrecognised-transaction form, one-touch submit_without_login): route helpers shared by
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
 */
export async function saveGuestTicket(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: FormToken,
  ticket: GuestTicket,
): Promise<string | null> {
  const ticketId = newGuestTicketId();
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
    return true;
  });
  if (!saved) return null;
  // Used tokens are kept only while they could still be presented.
  await sweepFormTokenUses(deps.db).catch((err: unknown) => request.log.warn({ err }, 'form token sweep failed'));
  return ticketId;
}

const invalidToken = { status: 'FAILURE' as const, reason: 'invalidToken' as const, ...coded('formExpired') };

/**
 * The visitor's unrecognised-transaction form (guided-flows.md §5): a valid e-mail, no card number in the comment,
 * a fresh form token of this visitor, used once with the ticket.
 */
export async function unrecognisedTransaction(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  p: UnrecognisedTransactionPayload,
) {
  const token = requestFormToken(deps, request, p.secret_key);
  if (!token) return invalidToken;
  const fields = p.custom_field_map;
  const email = String(fields.email ?? '');
  if (!isValidEmail(email)) throw new AppError('VALIDATION_FAILED', coded('invalidEmail'));
  // Card numbers never go into a ticket (guided-flows.md §5).
  if (/(?:\d[ -]?){16}/.test(String(fields.comments ?? ''))) {
    throw new AppError('VALIDATION_FAILED', coded('cardInComment'));
  }
  // The token is used up with the ticket, not before: a form refused above can be corrected and sent again.
  const { secret_key: _secret, ...kept } = p;
  const ticketId = await saveGuestTicket(deps, request, reply, token, {
    kind: 'unrecognised_transaction',
    email: email.trim(),
    subject: p.subject,
    payload: kept,
  });
  if (!ticketId) return invalidToken;
  request.log.info({ ticket: ticketId, kind: 'unrecognised_transaction' }, 'ticket call');
  return {
    status: 'SUCCESS' as const,
    request_status: 'CREATED' as const,
    ticket_id: ticketId,
    ...coded('ticketSuccess'),
  };
}
