import {
  type Article,
  type CallAction,
  type ClickToCallResponse,
  callActionsFor,
  clickToCallHandling,
  OVERLAY_ROUTE,
  readClickToCallValue,
  resolveFlow,
  riderCallOffered,
} from '@selfserve/contract';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoginPrompt } from '../../components/login-prompt';
import { ChooseRide } from '../../components/one-touch/choose-ride';
import { useToast } from '../../components/toast';
import { errorText } from '../../lib/api-client';
import { shownText, useI18n } from '../../lib/i18n';
import { loginHref } from '../../lib/return-path';
import { useSelectedBooking } from '../../lib/selected-booking';
import { useSession } from '../../lib/session';
import { useCallDriver } from './api/call-driver';
import { useClickToCall } from './api/click-to-call';
import { useRideClock } from './api/get-ride-clock';
import { useSdCallUs } from './api/get-sd-call-us';
import { useRequestCallback } from './api/request-callback';
import { useSendAppLink } from './api/send-app-link';
import type { OverlayState } from './overlay-state';
import './calls.css';

interface Notice {
  tone: 'success' | 'error';
  title: string | null;
  text: string;
  /** which button it answers (the tests and screen readers find it by this) */
  action: CallAction;
}

/**
 * The call buttons an article offers by its labels (contract `callActionsFor`, docs/telephony.md "Which article offers
 * what"): Call me (click-to-call), Call me back, Call driver, Send app link, and in the self-drive app the self-drive
 * support line. Each
 * answer is said under the buttons; a click-to-call FAILURE or INVALID_TOKEN opens /overlay (core.md §4).
 */
export function CallsPanel({ article }: { article: Article }) {
  const { t, intl } = useI18n();
  const { user, switches, entryMode } = useSession();
  const booking = useSelectedBooking();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const headingId = useId();
  const [notice, setNotice] = useState<Notice | null>(null);
  const clickToCall = useClickToCall();
  const callback = useRequestCallback();
  // An article tagged call_driver_expiry_time:{x} names itself, so the call is allowed until x minutes after the ride.
  const expiryMinutes = resolveFlow(article).callDriverExpiryMinutes;
  const driver = useCallDriver(expiryMinutes !== null ? article.id : undefined);
  // …and the button goes once that time is over (contract riderCallOffered, the server's rule).
  const rideClock = useRideClock(booking?.id ?? null, expiryMinutes !== null && user !== null);
  const callExpired =
    expiryMinutes !== null &&
    rideClock.data !== undefined &&
    !riderCallOffered(rideClock.data, expiryMinutes, Date.now());
  const appLink = useSendAppLink();
  const actions = callActionsFor(article.labels, {
    callUsSwitch: switches.call_us,
    selfDrive: entryMode === 'self_drive',
  });
  const sdLine = useSdCallUs(actions.includes('sd_call_us'));
  if (actions.length === 0) return null;

  const here = `${location.pathname}${location.search}`;
  const busy = clickToCall.isPending || callback.isPending || driver.isPending || appLink.isPending;
  const subject = { ...(booking ? { booking_id: booking.id } : {}), article_id: article.id };
  const failed = (action: CallAction, err: unknown) =>
    setNotice({ tone: 'error', title: null, text: errorText(err), action });

  /** What the page does with a click-to-call answer: one contract rule (clickToCallHandling). */
  function onClickToCall(answer: ClickToCallResponse) {
    const value = readClickToCallValue(answer.status);
    const handling = clickToCallHandling(value);
    const text = shownText(answer) ?? (handling.fallbackMessage ? t(handling.fallbackMessage) : '');
    if (handling.action === 'overlay') {
      const state: OverlayState = { value, text, from: here };
      void navigate(OVERLAY_ROUTE, { state });
      return;
    }
    if (handling.action === 'none') return setNotice(null);
    const title = handling.title ? t(handling.title) : null;
    if (value === 'NO_NETWORK' && title) toast.show(title);
    setNotice({ tone: handling.tone ?? 'error', title, text, action: 'call_me' });
  }

  const buttons: { action: CallAction; label: string; hint: string; run: () => void }[] = [];
  if (actions.includes('call_me'))
    buttons.push({
      action: 'call_me',
      label: t('calls.callMe'),
      hint: t('calls.callMeHint'),
      run: () => clickToCall.mutate(subject, { onSuccess: onClickToCall, onError: (e) => failed('call_me', e) }),
    });
  if (actions.includes('call_me_back'))
    buttons.push({
      action: 'call_me_back',
      label: t('calls.callMeBack'),
      hint: t('calls.callMeBackHint'),
      run: () =>
        callback.mutate(subject, {
          onSuccess: (answer) => {
            // core.md §8: a failed call-back without a message says 'Something went wrong!'.
            const text = shownText(answer) ?? t('callbackFailed');
            const at = answer.requested_at
              ? t('calls.requestedAt', {
                  time: new Intl.DateTimeFormat(intl, { timeStyle: 'short' }).format(new Date(answer.requested_at)),
                })
              : null;
            setNotice({
              tone: answer.status === 'SUCCESS' ? 'success' : 'error',
              title: at,
              text,
              action: 'call_me_back',
            });
          },
          onError: (e) => failed('call_me_back', e),
        }),
    });
  if (actions.includes('call_driver') && booking && !callExpired)
    buttons.push({
      action: 'call_driver',
      label: t('calls.callDriver'),
      hint: t('calls.callDriverHint'),
      run: () =>
        driver.mutate(booking.id, {
          onSuccess: (answer) =>
            setNotice({
              tone: answer.status === 'SUCCESS' ? 'success' : 'error',
              title: null,
              text: shownText(answer) ?? t('genericFailure'),
              action: 'call_driver',
            }),
          onError: (e) => failed('call_driver', e),
        }),
    });
  if (actions.includes('send_app_link'))
    buttons.push({
      action: 'send_app_link',
      label: t('calls.sendAppLink'),
      hint: t('calls.sendAppLinkHint'),
      run: () =>
        appLink.mutate(undefined, {
          onSuccess: (answer) =>
            setNotice(
              answer.status === 'SUCCESS'
                ? { tone: 'success', title: null, text: shownText(answer) ?? '', action: 'send_app_link' }
                : { tone: 'error', title: null, text: t('appLinkFailed'), action: 'send_app_link' },
            ),
          // core.md §8: any failure to send says 'Error in Sending App Link' (a limit says its own sentence).
          onError: (e) =>
            setNotice({
              tone: 'error',
              title: null,
              text: (e as { status?: number }).status === 429 ? errorText(e) : t('appLinkFailed'),
              action: 'send_app_link',
            }),
        }),
    });

  const needsUser = actions.some((a) => a !== 'sd_call_us');
  return (
    <section className="calls" aria-labelledby={headingId} data-testid="calls-panel">
      <h2 id={headingId}>{t('calls.heading')}</h2>
      {needsUser && !user ? <LoginPrompt loginHref={loginHref(here)} text={t('calls.signInToCall')} /> : null}
      {user && buttons.length > 0 ? (
        <ul className="calls__actions">
          {buttons.map((b) => (
            <li key={b.action}>
              <button
                type="button"
                className="button"
                disabled={busy}
                aria-describedby={`${headingId}-${b.action}`}
                data-testid={`calls-${b.action}`}
                onClick={() => {
                  setNotice(null);
                  b.run();
                }}
              >
                {b.label}
              </button>
              <p id={`${headingId}-${b.action}`} className="calls__hint">
                {b.hint}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Calling the driver is about one ride: without a selected ride, choose it first. */}
      {user && actions.includes('call_driver') && !booking ? <ChooseRide /> : null}
      {callExpired && expiryMinutes !== null ? (
        <p className="calls__hint" data-testid="call-driver-expired">
          {t('driverCallExpired', { minutes: expiryMinutes })}
        </p>
      ) : null}
      {busy ? (
        <p className="calls__working" role="status">
          {t('calls.working')}
        </p>
      ) : null}
      {notice ? (
        <div
          className={`calls__notice calls__notice--${notice.tone}`}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          data-testid="calls-notice"
          data-action={notice.action}
          data-tone={notice.tone}
        >
          {notice.title ? <strong>{notice.title}</strong> : null}
          <p>{notice.text}</p>
        </div>
      ) : null}
      {actions.includes('sd_call_us') ? (
        <div className="calls__line" data-testid="calls-sd-line">
          <h3>{t('calls.sdHeading')}</h3>
          {sdLine.data ? (
            <>
              <a className="button button--secondary" href={`tel:${sdLine.data.dial}`}>
                {t('calls.sdCall', { phone: sdLine.data.phone })}
              </a>
              <p className="calls__hint">{t('calls.sdHours', { hours: sdLine.data.hours })}</p>
            </>
          ) : sdLine.isError ? (
            <p role="alert">{errorText(sdLine.error)}</p>
          ) : (
            <p role="status">{t('calls.working')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
