import { type Article, shownText, type TimedAction } from '@selfserve/contract';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { formatDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { errorText, useArticleActions, useCallCustomer } from './api';
import './driver-articles.css';

/** The country's emergency number (the articles say 112; Australia's is 000). */
const emergencyNumber = (country: string | null | undefined) => (country === 'AU' ? '000' : '112');

function Until({ action, text }: { action: TimedAction; text: 'emergencyUntil' | 'callUntil' }) {
  const { t, intl } = useI18n();
  if (!action.closes_at) return <p className="driver-articles__when">{t('driverArticles.duringTrip')}</p>;
  return (
    <p className="driver-articles__when">
      {t(`driverArticles.${text}`, { time: formatDateTime(action.closes_at, intl) })}
    </p>
  );
}

function CallCustomer({ articleId, action }: { articleId: string; action: TimedAction }) {
  const { t } = useI18n();
  const call = useCallCustomer(articleId);
  const [said, setSaid] = useState<string | null>(null);
  const crn = action.crn ?? '';
  return (
    <section className="driver-articles__action" aria-labelledby="driver-call-title" data-testid="driver-call-action">
      <h2 id="driver-call-title">{t('driverArticles.callTitle')}</h2>
      <p>{t('driverArticles.trip', { crn })}</p>
      <Until action={action} text="callUntil" />
      <Button
        disabled={call.isPending}
        onClick={() =>
          call.mutate(crn, {
            onSuccess: (answer) => setSaid(shownText(answer) ?? answer.message),
            onError: (err) => setSaid(errorText(err, t('genericFailure'))),
          })
        }
      >
        {t('driverArticles.callButton')}
      </Button>
      <p role="status" className="driver-articles__said">
        {said ?? ''}
      </p>
    </section>
  );
}

/**
 * The timed actions of a driver article (docs/driver.md): `emergency_time:{x}` shows the emergency action during the
 * partner's trip and up to x minutes after it ended; `call_driver_expiry_time:{x}` offers the call to the customer
 * until x minutes after the ride they drove ended. Which is open comes from the server (its clock; the call is
 * refused there too once expired), asked again every minute; a closed action says when it would have been offered.
 */
export function DriverTimedActions({ article, country }: { article: Article; country: string | null | undefined }) {
  const { t } = useI18n();
  const actions = useArticleActions(article.id);
  if (actions.isPending) {
    return (
      <p className="driver-articles__loading" role="status">
        {t('driverArticles.checking')}
      </p>
    );
  }
  if (actions.isError) return <p role="alert">{t('driverArticles.checkFailed')}</p>;
  const { emergency, call } = actions.data;
  const number = emergencyNumber(country);
  return (
    <div className="driver-articles" data-testid="driver-timed-actions">
      {emergency ? (
        emergency.open ? (
          <section
            className="driver-articles__action driver-articles__action--emergency"
            aria-labelledby="driver-emergency-title"
            data-testid="driver-emergency-action"
          >
            <h2 id="driver-emergency-title">{t('driverArticles.emergencyTitle')}</h2>
            <Until action={emergency} text="emergencyUntil" />
            <a className="button button--danger" href={`tel:${number}`}>
              {t('driverArticles.emergencyCall', { number })}
            </a>
          </section>
        ) : (
          <p className="driver-articles__closed" data-testid="driver-emergency-closed">
            {t('driverArticles.emergencyClosed', { minutes: emergency.minutes, number })}
          </p>
        )
      ) : null}
      {call ? (
        call.open ? (
          <CallCustomer articleId={article.id} action={call} />
        ) : (
          <p className="driver-articles__closed" data-testid="driver-call-closed">
            {t('driverArticles.callClosed', { minutes: call.minutes })}
          </p>
        )
      ) : null}
    </div>
  );
}
