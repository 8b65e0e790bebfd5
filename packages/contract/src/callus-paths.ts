// Zod-free: the result dialog's call-us link (callUsHref) is on an article's first page.
import { callUsRoutes } from './area-routes.ts';

/**
 * Call us with a one-time code (core.md §1, §2 /callUs, §3 call-us result, §7, §9; docs/telephony.md "Call us").
 * The person sees our number and a code; when they call, the IVR receives the digits they (or their phone) typed and
 * asks us, through the provider's authenticated webhook, who is calling and about what.
 */
export const callUsPaths = {
  /** the number to call and the code to type (the `otp`) */
  getCallUsNumber: '/api/callus/get_call_us_number',
  /** the code the app's dial string sends by itself (the `token`) and whether the IVR plays its code prompt */
  callUsToken: '/api/callus/call_us_token',
  /** the telephony provider's webhook: the called number, the caller's number and the digits typed */
  ivr: '/api/callus/ivr',
  /** demo mode only: the demo phone dials through the same webhook, with the provider's secret */
  demoDial: '/api/dev/phone/dial',
} as const;

/** /callUs with what the person was looking at (the link of the article footer and of the result dialog). */
export function callUsHref(context: { articleId?: string | null; bookingId?: string | null } = {}): string {
  const query = [
    context.bookingId ? `booking_id=${encodeURIComponent(context.bookingId)}` : null,
    context.articleId ? `article_id=${encodeURIComponent(context.articleId)}` : null,
  ].filter(Boolean);
  return query.length > 0 ? `${callUsRoutes.callUs}?${query.join('&')}` : callUsRoutes.callUs;
}
