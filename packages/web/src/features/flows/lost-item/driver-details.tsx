import {
  type Article,
  type DriverShown,
  resolveFlow,
  SHOW_DRIVER_DETAILS,
  shortDriverName,
  shownText,
} from '@selfserve/contract';
import { useReducer } from 'react';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { errorText } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { formReducer, initialFormState } from '../../../lib/one-touch/form-state';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import type { SelectedBooking } from '../../../lib/selected-booking';
import { useSession } from '../../../lib/session';
import { useCallDriver } from './api/call-driver';

export interface DriverDetailsStepProps {
  article: Article;
  booking: SelectedBooking;
  onReload: () => void;
}

/**
 * The driver details step of the lost-item article (guided-flows.md §3, §4: INITIAL, LOADING, COMPLETED):
 * "Show driver details" submits show_driver_details for the ride; the answer's driver and car show in a card with
 * a call button that goes through the provider. A refusal (outside the window, no driver) is the result dialog.
 */
export function DriverDetailsStep({ article, booking, onReload }: DriverDetailsStepProps) {
  const { t } = useI18n();
  const { inApp } = useSession();
  const flow = resolveFlow(article);
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const send = useOneTouchSubmit(article, booking);
  const finish = useFinish(flow, dispatch, onReload);

  const show = async () => {
    if (state.status === 'LOADING') return;
    dispatch({ type: 'submit' });
    const result = await send({
      custom_id: booking.crn,
      reason_submitted: SHOW_DRIVER_DETAILS,
      message: SHOW_DRIVER_DETAILS,
      source: inApp ? 'app' : 'desktop',
    }).catch(() => null);
    if (result) finish(result);
    else dispatch({ type: 'back' });
  };

  if (state.status === 'COMPLETED' && state.result.driver) {
    return <DriverCard driver={state.result.driver} bookingId={booking.id} />;
  }
  return (
    <section className="driver-details" data-testid="driver-details" data-state={state.status}>
      <Button variant="secondary" disabled={state.status === 'LOADING'} onClick={() => void show()}>
        {t('driverDetails.show')}
      </Button>
      {state.status === 'LOADING' ? <Loader /> : null}
      {state.status === 'COMPLETED' || state.status === 'FAILURE' ? (
        <FlowResultDialog
          result={state.result}
          article={article}
          bookingId={booking.id}
          onBack={() => dispatch({ type: 'back' })}
        />
      ) : null}
    </section>
  );
}

/**
 * The driver and car, with the masked call button. The name is cut to DRIVER_NAME_SHOWN_MAX characters on narrow
 * screens (guided-flows.md §9; lost-item.css), the whole name staying its title and its accessible name.
 */
export function DriverCard({ driver, bookingId }: { driver: DriverShown; bookingId: string }) {
  const { t } = useI18n();
  const call = useCallDriver(bookingId);
  const name = [driver.firstName, driver.lastName].filter(Boolean).join(' ');
  const short = shortDriverName(name);
  return (
    <section className="driver-card" data-testid="driver-card" aria-labelledby="driver-card-heading">
      <h3 id="driver-card-heading">{t('driverDetails.heading')}</h3>
      <dl>
        <dt>{t('driverDetails.name')}</dt>
        <dd className="driver-card__name" title={name} data-testid="driver-name">
          {short === name ? (
            name
          ) : (
            <>
              <span className="driver-card__name-full">{name}</span>
              <span className="driver-card__name-short" aria-hidden="true">
                {short}
              </span>
            </>
          )}
        </dd>
        {driver.carModel ? (
          <>
            <dt>{t('driverDetails.carModel')}</dt>
            <dd data-testid="driver-car-model">{driver.carModel}</dd>
          </>
        ) : null}
        {driver.carNumber ? (
          <>
            <dt>{t('driverDetails.carNumber')}</dt>
            <dd data-testid="driver-car-number">{driver.carNumber}</dd>
          </>
        ) : null}
      </dl>
      <Button disabled={call.isPending} onClick={() => call.mutate()} data-testid="driver-call">
        {t('driverDetails.call')}
      </Button>
      {call.data ? (
        <p role="status" data-testid="driver-call-status">
          {shownText(call.data)}
        </p>
      ) : null}
      {call.isError ? <p role="alert">{errorText(call.error)}</p> : null}
    </section>
  );
}
