// What every one-touch handler is given and answers with (docs/one-touch-rules.md).
import {
  type CodedMessage,
  coded,
  type FlowParams,
  type OneTouchResponse,
  type OneTouchSubmit,
  plainCodeOf,
} from '@selfserve/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { DialectName } from '../../db/database.ts';
import type { ArticleRow, BookingRow, Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createTicket, type NewTicket, requireVerifiedEmail } from '../tickets/service.ts';
import { claimDocuments } from '../uploads/service.ts';

export interface HandlerContext {
  db: Kysely<Database>;
  /** for the few dialect-specific pieces (the invoice limits' locks) */
  dialect: DialectName;
  user: UserRow;
  article: ArticleRow;
  booking: BookingRow | null;
  body: OneTouchSubmit;
  mailer: Mailer;
  idempotencyKey: string | null;
  log: FastifyBaseLogger;
  /** the site's origin, for links in mail (an invoice address confirmation) */
  linkBase: string;
  /** the server's configuration (the recompute's token key is derived from its session secret, docs/driver.md) */
  config: AppConfig;
}

export type Handler = (ctx: HandlerContext) => Promise<OneTouchResponse>;

/**
 * A flow's handler that takes its params (the submit's `params`) as its contract file types them: checked first,
 * and a bad one is 400 with the failed check's own message when it says one (`says(code)`: a bound's spec text),
 * else the flow's `invalid` message; never a 500 further on, never a validator's raw text.
 */
export function withParams<P>(
  params: FlowParams<P>,
  handle: (ctx: HandlerContext, params: P) => Promise<OneTouchResponse>,
): Handler {
  return async (ctx) => {
    const parsed = params.schema.safeParse(ctx.body.params ?? {});
    if (!parsed.success) {
      const said = plainCodeOf(parsed.error.issues[0]?.message ?? '') ?? params.invalid;
      throw new AppError('VALIDATION_FAILED', coded(said));
    }
    return handle(ctx, parsed.data);
  };
}

/** An answer: the title and the message by their catalogue codes (the web shows them in the reader's language). */
export const answer = (
  status: OneTouchResponse['status'],
  title: CodedMessage,
  said: CodedMessage,
  extra: Partial<OneTouchResponse> = {},
): OneTouchResponse => ({
  status,
  title: title.message,
  message: said.message,
  title_code: title.code,
  code: said.code,
  ...(said.params ? { params: said.params } : {}),
  ticket_request_id: null,
  csat_required: false,
  side_load: {},
  ...extra,
});

export function needBooking(booking: BookingRow | null): BookingRow {
  if (!booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
  return booking;
}

/** A follow-up ticket for a one-touch request, exactly once per submit (docs/one-touch-rules.md). */
export async function followUpTicket(
  ctx: HandlerContext,
  subject: string,
  query?: string,
  more: Pick<NewTicket, 'flag'> = {},
) {
  requireVerifiedEmail(ctx.user);
  const t = await createTicket(
    ctx.db,
    {
      userId: ctx.user.id,
      kind: 'one_touch',
      subject,
      query: query ?? ctx.body.message ?? ctx.body.reason_submitted ?? '',
      issueId: ctx.article.id,
      articleId: ctx.article.id,
      articleName: ctx.article.title,
      bookingId: ctx.booking?.id ?? null,
      orderId: null,
      tag: ctx.body.call_type,
      source: ctx.body.one_touch_source ?? 'one_touch',
      sourcePage: null,
      emailFrom: ctx.user.email,
      idempotencyKey: ctx.idempotencyKey,
      payload: ctx.body,
      items: [],
      // The request's images go with its ticket, claimed in its transaction: only the uploader's, and only once.
      ...(ctx.body.uploaded_image_ids?.length
        ? { attach: (trx, rowId) => claimDocuments(trx, ctx.user.id, ctx.body.uploaded_image_ids ?? [], rowId) }
        : {}),
      ...more,
    },
    ctx.log,
  );
  return t;
}
