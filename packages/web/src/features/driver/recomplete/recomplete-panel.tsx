import {
  type Article,
  type DriverRideDetails,
  driverRideHref,
  driverStatementHref,
  formatFare,
  type OneTouchResult,
  RECOMPLETE_CALL_TYPES,
  recompleteSubmitDelayMs,
} from '@selfserve/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { getRecompleteToken, submitRecomplete, usePreRecompleteCheck } from './api';

type Step =
  | { kind: 'ready' }
  | { kind: 'waiting'; ms: number }
  | { kind: 'done'; result: OneTouchResult }
  | { kind: 'failed'; error: unknown };

/** A progress bar that fills over `ms` (the visible wait before a driver article's v3 submit, core.md §9). */
function WaitProgress({ ms }: { ms: number }) {
  const { t } = useI18n();
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.min(ms, Date.now() - started)), 100);
    return () => clearInterval(timer);
  }, [ms]);
  return (
    <div className="recomplete__progress" role="status" data-testid="recomplete-progress">
      <p>{t('recomplete.checking')}</p>
      <progress max={ms} value={elapsed} aria-label={t('recomplete.progressLabel')} />
    </div>
  );
}

/**
 * The recompute under its article (/ldt_article/{id}/{crn}/driver_default): the pre-check of the trip, then the
 * token and the v3 submit — after a visible 3-second progress for a driver article (none from the heat map) — then
 * the answer: the recomputed fare, or the ticket.
 */
export function RecompletePanel({ article, ride }: { article: Article; ride: DriverRideDetails }) {
  const { t, intl } = useI18n();
  const { user } = useSession();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const check = usePreRecompleteCheck(user?.id, ride.booking_id);
  const [step, setStep] = useState<Step>({ kind: 'ready' });
  const busy = useRef(false);
  const c = check.data;

  if (check.isError)
    return (
      <ErrorState error={check.error} onRetry={() => void check.refetch()} inline={{ className: 'driver-error' }} />
    );
  if (!c) return <Loader />;
  const money = (n: number) => formatFare(n, c.currency_country, intl);

  async function start() {
    if (busy.current) return;
    busy.current = true;
    try {
      const ms = recompleteSubmitDelayMs(article.index_name, search.get('context'));
      setStep({ kind: 'waiting', ms });
      const [{ token }] = await Promise.all([
        getRecompleteToken(ride.booking_id),
        new Promise((resolve) => setTimeout(resolve, ms)),
      ]);
      const result = await submitRecomplete({
        article_id: article.id,
        call_type: RECOMPLETE_CALL_TYPES[0] as string,
        booking_id: ride.booking_id,
        crn: ride.crn,
        car_category: ride.car_category,
        index_name: article.index_name,
        country: user?.country_code ?? null,
        token,
      });
      setStep({ kind: 'done', result });
      // The trip, its statement and this check now show the new amounts.
      void queryClient.invalidateQueries({ queryKey: ['driver'] });
    } catch (error) {
      // The token was refused or did not come (the submit itself answers in the one-touch shape, never throws).
      setStep({ kind: 'failed', error });
    } finally {
      busy.current = false;
    }
  }

  return (
    <section className="recomplete" aria-labelledby="recomplete-heading" data-testid="recomplete-panel">
      <h2 id="recomplete-heading">{t('recomplete.heading')}</h2>
      <ul className="recomplete__facts">
        <li>{c.ended_short_km ? t('recomplete.endedShort', { km: c.ended_short_km }) : t('recomplete.reachedDrop')}</li>
        <li>{t('recomplete.pings', { n: c.gps_pings })}</li>
        <li data-testid="recomplete-fare">{t('recomplete.fareNow', { fare: money(c.fare) })}</li>
      </ul>
      {c.is_ping_confidence_check_enabled ? <p className="driver-page__note">{t('recomplete.pingCheck')}</p> : null}
      {c.customer_recomplete_check_enabled ? (
        <p className="driver-page__note">{t('recomplete.customerCheck')}</p>
      ) : null}
      {c.outcome === 'done' && c.recomputed ? (
        <p data-testid="recomplete-done">
          {t('recomplete.done', {
            km: c.recomputed.km,
            previous: money(c.recomputed.previous_fare),
            fare: money(c.recomputed.fare),
          })}
        </p>
      ) : step.kind === 'waiting' ? (
        step.ms > 0 ? (
          <WaitProgress ms={step.ms} />
        ) : null
      ) : step.kind === 'failed' ? (
        <ErrorState error={step.error} onRetry={() => void start()} inline={{ className: 'driver-error' }} />
      ) : step.kind === 'ready' ? (
        <>
          <p data-testid="recomplete-outcome">
            {t(c.outcome === 'recompute' ? 'recomplete.willRecompute' : 'recomplete.willTicket')}
          </p>
          <button type="button" className="button" onClick={() => void start()}>
            {t(c.outcome === 'recompute' ? 'recomplete.submitRecompute' : 'recomplete.submitTicket')}
          </button>
        </>
      ) : null}
      <p className="recomplete__links">
        {ride.has_statement ? (
          <>
            <Link to={driverStatementHref(ride.crn)}>{t('recomplete.statementLink')}</Link>
            {' · '}
          </>
        ) : null}
        <Link to={driverRideHref(ride.crn)}>{t('recomplete.backToTrip')}</Link>
      </p>
      {step.kind === 'done' ? (
        <FlowResultDialog
          result={step.result}
          article={article}
          bookingId={ride.booking_id}
          onBack={() => {
            setStep({ kind: 'ready' });
            // After a recompute (its answer carries the new bill) the statement shows the new amounts.
            if (step.result.state === 'SUCCESS' && step.result.bill && ride.has_statement) {
              navigate(driverStatementHref(ride.crn));
            }
          }}
        />
      ) : null}
    </section>
  );
}
