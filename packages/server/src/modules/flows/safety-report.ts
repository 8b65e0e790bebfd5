import {
  coded,
  othersMinLength,
  safetyReportParams,
  safetyReportProblem,
  safetyV2Questions,
} from '@selfserve/contract';
import { AppError } from '../../lib/app-error.ts';
import { answer, followUpTicket, type HandlerContext, withParams } from '../onetouch/handler-kit.ts';

/** Is this 10-digit number a registered rider's mobile (stored with its country code, '+91…')? */
async function isRegisteredPhone(ctx: HandlerContext, phone: string): Promise<boolean> {
  const user = await ctx.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('mobile', '=', phone), eb('mobile', 'like', `%${phone}`)]))
    .executeTakeFirst();
  return user !== undefined;
}

/**
 * Safety report (docs/flows/safety-report.md): for one of the rider's rides (the route has already refused someone
 * else's, 404) or for another rider (a registered 10-digit phone and a numeric CRN). The answers are checked with the
 * contract's rule — the v2 questions when the article enables them for the rider's country or the ride's city,
 * else the legacy option — and the report becomes a ticket at the highest priority, flagged 'safety', never merged
 * into another open ticket; its images are claimed by it; a retry (same key) answers the same ticket.
 */
export const safetyReport = withParams(safetyReportParams, async (ctx, params) => {
  const sideLoad = JSON.parse(ctx.article.side_load) as Record<string, unknown>;
  // The rider's country, and the ride's city when the report is about one, else the rider's (as the form decides).
  const questions = safetyV2Questions(sideLoad, {
    country: ctx.user.country_code,
    city: ctx.booking?.city ?? ctx.user.city,
  });
  const options = JSON.parse(ctx.article.options) as { text: string; value: string }[];
  const problem = safetyReportProblem(
    { ...params, imageCount: ctx.body.uploaded_image_ids?.length ?? 0 },
    {
      options: options.map((o) => o.value),
      hasBooking: ctx.booking !== null,
      questions,
      othersMin: othersMinLength(sideLoad, params.safety_report_option_id),
    },
  );
  if (problem) throw new AppError('VALIDATION_FAILED', problem);
  if (!ctx.booking && !(await isRegisteredPhone(ctx, params.phone_number ?? ''))) {
    throw new AppError('VALIDATION_FAILED', coded('safetyPhoneNotRegistered'));
  }
  const option = options.find((o) => o.value === params.safety_report_option_id);
  const about = ctx.booking
    ? `ride ${ctx.booking.crn}`
    : `another rider (phone ${params.phone_number}, ride ${params.crn})`;
  const query = [
    `Safety report about ${about}: ${option?.text ?? params.safety_report_option_id}.`,
    ...(params.description?.trim() ? [params.description.trim()] : []),
    ...(params.comments ?? []).map((c) => `${c.question} ${c.answer}`),
  ].join('\n');
  const ticket = await followUpTicket(ctx, `Safety report: ${option?.text ?? params.safety_report_option_id}`, query, {
    flag: { flag: 'safety', priority: 'urgent' },
  });
  return answer('SUCCESS', coded('safetyReportedTitle'), coded('safetyReported'), {
    ticket_request_id: ticket.ticket_id,
    csat_required: true,
  });
});
