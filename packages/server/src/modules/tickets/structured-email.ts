// The structured write-to-us e-mail (docs/flows/structured-email.md): the contract's rules, then a ticket.
import {
  coded,
  findStructuredEmailOption,
  type StructuredEmailGuestPayload,
  type StructuredEmailPayload,
  type StructuredEmailRideStatus,
  structuredEmailInput,
  structuredEmailProblem,
  structuredEmailRideStatus,
  structuredEmailSaid,
} from '@selfserve/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import { requireCaptcha } from '../captcha/service.ts';
import { findArticle } from '../kb/repo.ts';
import type { TicketDraft } from './drafts.ts';
import { fileGuestTicket, invalidToken, requestFormToken } from './guest-tickets.ts';

/** The first broken rule of the form (the same the web form shows) → 400 with its spec message. */
function check(p: StructuredEmailPayload | StructuredEmailGuestPayload, status: StructuredEmailRideStatus) {
  const problem = structuredEmailProblem(structuredEmailInput(p), status);
  if (problem) throw new AppError('VALIDATION_FAILED', structuredEmailSaid(problem), { [problem.field]: problem.code });
  // checked above: the option exists for this status
  return findStructuredEmailOption(p.option_id) ?? (undefined as never);
}

/**
 * A signed-in user's e-mail: about their own ride (another's is 404) with that ride status's options, or about none.
 * One ticket per user, option and ride while it is open (the tickets' open-issue rule); its tag is the option's
 * disposition tag, and its images are claimed by the ticket (the route's submit).
 */
export async function structuredEmailDraft(
  db: Kysely<Database>,
  user: UserRow,
  p: StructuredEmailPayload,
): Promise<TicketDraft> {
  const booking = p.booking_id ? await findOwnBooking(db, user.id, { id: p.booking_id }) : undefined;
  if (p.booking_id && !booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
  const chosen = check(p, structuredEmailRideStatus(booking?.status ?? null));
  const article = p.article_id ? await findArticle(db, p.article_id) : undefined;
  const email = p.email.trim();
  return {
    kind: 'structured_email',
    subject: chosen.name,
    query: p.comment.trim(),
    issueId: `structured_email:${chosen.option_id}`,
    article,
    bookingId: booking?.id ?? null,
    tag: chosen.disposition_tag,
    source: 'web',
    emailFrom: email,
    payload: { ...p, email, intent_tags: chosen.intent_tags },
    imageIds: p.uploaded_image_ids,
    confirmTo: email,
  };
}

/**
 * A visitor's e-mail (never about a ride: 'Please Login to proceed further on rides.'): the form's rules, a fresh
 * form token of this visitor and a solved captcha, then a guest ticket that uses the token up (so a replay saves none).
 */
export async function structuredEmailGuest(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  p: StructuredEmailGuestPayload,
) {
  const token = requestFormToken(deps, request, p.secret_key);
  if (!token) return invalidToken;
  const chosen = check(p, 'none');
  await requireCaptcha(deps, p.captcha);
  const { secret_key: _secret, captcha: _captcha, ...kept } = p;
  const email = p.email.trim();
  return fileGuestTicket(deps, request, reply, token, {
    kind: 'structured_email',
    email,
    subject: chosen.name,
    payload: { ...kept, email, disposition_tag: chosen.disposition_tag, intent_tags: chosen.intent_tags },
  });
}
