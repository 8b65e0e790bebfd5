import { type Article, resolveFlow } from '@selfserve/contract';
import type { SelectedBooking } from '../selected-booking';

/** Who submits, as the payload needs it: their country, whether the page runs in the app, the member's subscription. */
export interface Submitter {
  country: string | null;
  inApp: boolean;
  subscriptionId: string | null;
}

/**
 * The one-touch submit payload (guided-flows.md §3): the article and its call_type, the ride (none for a request
 * about the account), the article's one_touch_source label (else where the page runs), the country, the ride
 * deviation the article's answer carried, then the form's own fields (option_selected, message, amounts, params …);
 * is_image_uploaded says whether uploaded_image_ids has any. With the path it goes to; null when the article
 * submits nothing.
 */
export function oneTouchPayload(
  article: Article,
  booking: SelectedBooking | null,
  who: Submitter,
  fields: Record<string, unknown>,
): { path: string; payload: Record<string, unknown> } | null {
  const flow = resolveFlow(article);
  if (!flow.submitPath || !flow.callType) return null;
  const source = article.labels.one_touch_source;
  const deviation = article.response.ride_deviation;
  const images = Array.isArray(fields.uploaded_image_ids) ? fields.uploaded_image_ids : [];
  const payload = {
    article_id: article.id,
    call_type: flow.callType,
    booking_id: booking?.id ?? null,
    crn: booking?.crn ?? null,
    car_category: booking?.cab_category ?? null,
    index_name: article.index_name,
    country: who.country,
    ...(typeof deviation === 'boolean' || typeof deviation === 'string' ? { ride_deviation: deviation } : {}),
    ...fields,
    is_image_uploaded: images.length > 0,
    subscription_id: who.subscriptionId,
    one_touch_source: typeof source === 'string' && source ? source : who.inApp ? 'app' : 'web',
  };
  return { path: flow.submitPath, payload };
}
