import {
  type ChatAvailabilityResponse,
  type ChatHandoffFields,
  type CustomerBooking,
  chatHandoffFieldNames,
  isValidCrn,
  routes,
  type SessionUser,
} from '@selfserve/contract';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Loader } from '../../components/loader';
import { currentAppVersion } from '../../lib/app-version';
import { useBookingByCrn } from '../../lib/bookings/get-booking-by-crn';
import { chatOpensText, useChatAvailability } from '../../lib/chat-availability';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Where the reader was, as the links of ChatWithUsLink name it (lib/chat-availability chatbotHref). */
interface ChatbotQuery {
  bookingId: string | null;
  crn: string | null;
  articleId: string | null;
  source: string;
  wantsPerson: boolean;
}

function queryOf(params: URLSearchParams): ChatbotQuery {
  const text = (name: string, max: number) => {
    const v = params.get(name)?.trim() ?? '';
    return v && v.length <= max ? v : null;
  };
  const crn = text('crn', 20);
  return {
    bookingId: text('booking_id', 64),
    crn: crn && isValidCrn(crn) ? crn : null,
    articleId: text('article_id', 64),
    source: text('source', 20) ?? 'direct',
    wantsPerson: params.get('action') === 'live',
  };
}

/**
 * The hand-off form's fields (core.md §7; contract chatHandoffFieldsSchema, docs/chat.md): strings as a form posts
 * them, JSON text for the structured ones, '' for what is unknown.
 */
export function handoffFields(input: {
  user: SessionUser | null;
  booking: CustomerBooking | null;
  bookingId: string | null;
  availability: ChatAvailabilityResponse;
  query: ChatbotQuery;
  csrfToken: string | null;
  demo: boolean;
  inApp: boolean;
  locale: string;
  userAgent: string;
  appVersion: number | null;
}): ChatHandoffFields {
  const { user, booking, availability, query } = input;
  const json = (value: unknown) => JSON.stringify(value);
  return {
    profile: user
      ? json({
          id: user.id,
          name: user.name,
          email: user.email,
          role: user.role,
          country_code: user.country_code,
          locale: user.locale,
        })
      : '',
    chat_config: json({
      chat: availability.chat,
      live: availability.live,
      opens_at: availability.opens_at,
      live_opens_at: availability.live_opens_at,
      region: availability.region,
    }),
    booking: booking
      ? json({
          id: booking.id,
          crn: booking.crn,
          brand: booking.brand,
          cab_category: booking.cab_category,
          city: booking.city,
          country: booking.country,
          status: booking.status,
        })
      : input.bookingId
        ? json({ id: input.bookingId })
        : '',
    environment: input.demo ? 'demo' : 'production',
    csrf_token: input.csrfToken ?? '',
    action: query.wantsPerson && availability.live ? 'live' : 'chat',
    extra: json({ article_id: query.articleId, source: query.source }),
    // The page asks for no position (no geolocation prompt for a chat); the receiver gets the ride's city instead.
    location: '',
    device: `${input.inApp ? 'app' : 'web'} ${input.userAgent}`.slice(0, 600),
    version: input.appVersion === null ? '' : String(input.appVersion),
    user_email: user?.email ?? '',
    crn: booking?.crn ?? query.crn ?? '',
    brand: booking?.brand ?? '',
    locale: input.locale,
  };
}

/**
 * /chatbot (core.md §2, §7): hands the reader over to the chat by a form POST that navigates away — to the support UI
 * at CHAT_HANDOFF_URL when the server has one, otherwise to our own chat (POST /api/chat/v1/handoff). When chat is not
 * available for the reader (region, city, car category, hours, HIDE_CHAT) it says so, and when it opens, instead.
 */
export function ChatbotPage() {
  const { t, locale, intl } = useI18n();
  const session = useSession();
  const [params] = useSearchParams();
  const query = queryOf(params);
  const user = session.user;
  const byCrn = useBookingByCrn(user?.id, query.crn);
  const booking = byCrn.data ?? null;
  const bookingId = user ? (booking?.id ?? query.bookingId) : null;
  const chatOn = session.switches.chat;
  const availability = useChatAvailability(bookingId, chatOn && !(query.crn && byCrn.isPending && user));
  useDocumentTitle(t('chatbot.title'));

  const form = useRef<HTMLFormElement>(null);
  const location = useLocation();
  const ready = Boolean(availability?.chat);
  useEffect(() => {
    if (!ready || !form.current) return;
    // Posted once per visit of this page: coming back to it (Back from the chat) shows the button instead of
    // sending the reader off again, so Back can go further back.
    const mark = `selfserve.chatbot.posted.${location.key}`;
    try {
      if (window.sessionStorage.getItem(mark)) return;
      window.sessionStorage.setItem(mark, '1');
    } catch {
      // storage blocked: post anyway
    }
    form.current.submit();
  }, [ready, location.key]);

  let body: React.ReactNode;
  if (!chatOn || (availability && !availability.chat)) {
    body = (
      <>
        <p data-testid="chatbot-closed">{availability?.opens_at ? t('chatbot.closed') : t('chatbot.unavailable')}</p>
        {availability?.opens_at ? (
          <p data-testid="chat-opens-at">{chatOpensText(t, availability.opens_at, intl)}</p>
        ) : null}
        <p>
          <Link to={routes.home} className="button button--secondary" onClick={goBack}>
            {t('back')}
          </Link>
        </p>
      </>
    );
  } else if (!availability || session.status === 'loading') {
    body = <Loader />;
  } else {
    const fields = handoffFields({
      user,
      booking,
      bookingId,
      availability,
      query,
      csrfToken: session.csrfToken,
      demo: session.demo,
      inApp: session.inApp,
      locale,
      userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
      appVersion: currentAppVersion(),
    });
    body = (
      <form ref={form} method="post" action={availability.handoff_url} data-testid="chatbot-form">
        {chatHandoffFieldNames.map((name) => (
          <input key={name} type="hidden" name={name} value={fields[name]} />
        ))}
        <p role="status">{t('chatbot.opening')}</p>
        <button type="submit" className="button">
          {t('chatbot.continue')}
        </button>
      </form>
    );
  }

  return (
    <section className="page page--centered" aria-labelledby="chatbot-heading" data-testid="chatbot-page">
      <h1 id="chatbot-heading">{t('chatbot.title')}</h1>
      {body}
    </section>
  );
}

/** Back to where the reader came from (the article or the result), like the app's back. */
function goBack(event: React.MouseEvent) {
  if (window.history.length > 1) {
    event.preventDefault();
    window.history.back();
  }
}
