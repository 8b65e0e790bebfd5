import { type Article, type OneTouchResult, submitDelayMs } from '@selfserve/contract';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { attemptFor, type SubmitAttempt } from '../idempotency';
import type { SelectedBooking } from '../selected-booking';
import { useSession } from '../session';
import { useOneTouchPost } from './post-one-touch';
import { oneTouchPayload } from './submit-payload';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The submit of an article's one-touch flow (guided-flows.md §3): the ride (none for a request about the account), the article and, for members, the
 * subscription, plus the form's own fields. Sending the same payload again is a retry and keeps its idempotency
 * key. A driver article's v3 submit goes out after submitDelayMs (core.md §9; the caller shows its progress). Answers
 * null when the article has nothing to submit.
 */
export function useOneTouchSubmit(article: Article, booking: SelectedBooking | null) {
  const { isMember, userInfo, user, inApp } = useSession();
  const lastAttempt = useRef<SubmitAttempt | null>(null);
  const post = useOneTouchPost();
  const [search] = useSearchParams();
  const who = {
    country: user?.country_code ?? null,
    inApp,
    subscriptionId: isMember ? (userInfo?.active_subscription?.id ?? null) : null,
  };
  return async (fields: Record<string, unknown>): Promise<OneTouchResult | null> => {
    const submit = oneTouchPayload(article, booking, who, fields);
    if (!submit) return null;
    const delay = submitDelayMs(article, search.get('context'));
    if (delay > 0) await wait(delay);
    const attempt = attemptFor(lastAttempt.current, submit.payload);
    lastAttempt.current = attempt;
    return post.mutateAsync({ path: submit.path, body: submit.payload, idempotencyKey: attempt.key });
  };
}
