import {
  CALL_US_CODE_TTL_MINUTES,
  type CallUsContext,
  callUsDialString,
  callUsRoutes,
  showStdCodeFooter,
  telHref,
} from '@selfserve/contract';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { NotFound } from '../../../components/article-not-found';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { LoginPrompt } from '../../../components/login-prompt';
import { useI18n } from '../../../lib/i18n';
import { loginHref } from '../../../lib/return-path';
import { useSelectedBooking } from '../../../lib/selected-booking';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCallUs } from '../api/get-call-us';
import '../callus.css';

/**
 * What the person was looking at: the link's booking and article (callUsHref, from the result dialog), else the
 * booking they are getting help with (the article footer's Call us, on a booking's pages).
 */
function contextFrom(search: string, selectedBookingId: string | null): CallUsContext {
  const query = new URLSearchParams(search);
  const context: CallUsContext = {};
  const bookingId = query.get('booking_id') ?? selectedBookingId;
  const articleId = query.get('article_id');
  if (bookingId) context.booking_id = bookingId;
  if (articleId) context.article_id = articleId;
  return context;
}

/**
 * /callUs (core.md §2, §9; docs/telephony.md "Call us"): the number to call and a one-time code bound to the user and
 * to what they were looking at. In India the tel: link dials the number, the pauses and the token followed by '*',
 * and the footer advises the std code; elsewhere it dials the plain number and the IVR asks for the code. A visitor
 * is asked to sign in: a code must say who is calling.
 */
export function CallUsPage() {
  const { t } = useI18n();
  const { status, user, demo, switches } = useSession();
  const { pathname, search } = useLocation();
  const selectedBookingId = useSelectedBooking()?.id ?? null;
  const context = useMemo(() => contextFrom(search, selectedBookingId), [search, selectedBookingId]);
  const query = useCallUs(context, status === 'ready' && user !== null && switches.call_us);
  useDocumentTitle(t('callUs.title'));

  if (status === 'loading') return <Loader fullPage />;
  if (!switches.call_us) return <NotFound title={t('NOT_FOUND')} />;
  if (!user) {
    return (
      <div className="page callus-page">
        <h1>{t('callUs.title')}</h1>
        <LoginPrompt loginHref={loginHref(`${pathname}${search}`)} text={t('callUs.signIn')} />
      </div>
    );
  }
  if (query.isPending) return <Loader fullPage />;
  if (!query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const { number, token, city } = query.data;
  const dial = callUsDialString({
    number: number.call_us_number,
    country: number.country,
    audience: number.audience,
    token: token.token,
  });
  return (
    <div className="page callus-page" data-testid="callus">
      <h1>{t('callUs.title')}</h1>
      <p>{t('callUs.intro')}</p>
      <section className="callus-card" aria-labelledby="callus-number">
        <h2 id="callus-number">{t('callUs.number')}</h2>
        <a
          className="button callus-card__number"
          href={telHref(dial)}
          aria-label={t('callUs.callAction', { number: number.call_us_number })}
          data-testid="callus-number"
          data-dial={dial}
        >
          {number.call_us_number}
        </a>
      </section>
      <section className="callus-card" aria-labelledby="callus-code">
        <h2 id="callus-code">{t('callUs.code')}</h2>
        <p className="callus-card__code" data-testid="callus-code">
          {number.otp}
        </p>
        <p>{t(token.is_play ? 'callUs.codeTyped' : 'callUs.codeSent', { minutes: CALL_US_CODE_TTL_MINUTES })}</p>
        <Button variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {t('callUs.newCode')}
        </Button>
      </section>
      {city && showStdCodeFooter(number.country, city.std_code) ? (
        <footer className="callus-footer" data-testid="callus-std-footer">
          {t('callUs.stdFooter', { std: city.std_code, cc: city.cc_number })}
        </footer>
      ) : null}
      {demo ? (
        <p>
          <Link
            to={`${callUsRoutes.demoPhone}?number=${encodeURIComponent(number.call_us_number)}`}
            data-testid="callus-demo-phone"
          >
            {t('callUs.demoPhone')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
