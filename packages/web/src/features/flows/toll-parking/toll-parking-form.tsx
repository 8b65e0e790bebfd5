import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatFare,
  type RefundDestination,
  resolveFlow,
  TOLL_ENTRY_MAX_DIGITS,
  TOLL_ENTRY_MIN,
  type TollClaimForm,
  type TollDetails,
  tollClaimable,
  tollClaimFormSchema,
  tollEntryInput,
  tollMapOf,
} from '@selfserve/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useReducer, useRef } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Field } from '../../../components/field';
import { Loader } from '../../../components/loader';
import { RefundStep } from '../../../components/one-touch/refund-step';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { useToast } from '../../../components/toast';
import { deviceInfo } from '../../../lib/device-info';
import { useI18n } from '../../../lib/i18n';
import { formReducer, initialFormState } from '../../../lib/one-touch/form-state';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import { useSession } from '../../../lib/session';
import type { RideFlowFormProps } from '../flow-form';
import { tollDetailsQueryKey, useTollDetails } from './api/get-toll-details';
import './toll-parking.css';

/** The ride's toll break-up (guided-flows.md §3 "Toll details"): each plaza or car park and the toll_amount. */
function TollBreakUp({ details }: { details: TollDetails }) {
  const { t, intl } = useI18n();
  const fare = (amount: number) => formatFare(amount, details.currency_country, intl);
  return (
    <table className="toll-parking__tolls" data-testid="toll-break-up">
      <caption>{t('tollParking.heading')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tollParking.plaza')}</th>
          <th scope="col">{t('tollParking.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {details.toll_break_up.tolls.map((toll) => (
          <tr key={toll.toll_name}>
            <td>{toll.toll_name}</td>
            <td>{fare(toll.total_tax)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('tollParking.total')}</th>
          <td data-testid="toll-amount">{fare(details.toll_amount)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * Toll and parking (docs/flows/toll-parking.md): the ride's toll break-up, then the amount charged wrongly — digits
 * only, checked by the contract's rule and shown under the field, or as a toast (2000 ms) in the iOS app. A voucher
 * article (side_load showVoucher) asks where the refund goes first; any other submits at once. The submit carries the
 * amount as user_input_amount and the break-up shown as toll_map.
 */
export function TollParkingForm({ article, booking, onReload }: RideFlowFormProps) {
  const { t, intl } = useI18n();
  const flow = resolveFlow(article);
  const { user, inApp } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const query = useTollDetails(user?.id, booking.id);
  const details = query.data;
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const send = useOneTouchSubmit(article, booking);
  const finish = useFinish(flow, dispatch, onReload);
  const busy = state.status === 'LOADING';
  // The bound is the ride's toll_amount, known once the break-up has loaded; the form outlives the result dialog so
  // the amount typed survives a failed submit.
  const tollAmount = useRef(0);
  tollAmount.current = details?.toll_amount ?? 0;
  const form = useForm<TollClaimForm>({
    resolver: (values, context, options) =>
      zodResolver(tollClaimFormSchema(tollAmount.current))(values, context, options),
    defaultValues: { amount: '' },
  });
  // In the iOS app the message is a toast (spec §5); elsewhere it stays under the field.
  const iosApp = inApp && deviceInfo().osName === 'iOS';
  const asksDestination = article.side_load.showVoucher === true;

  const submit = async (amount: string, destination?: RefundDestination) => {
    if (busy || !details || !flow.submitPath) return;
    dispatch({ type: 'submit' });
    const result = await send({
      user_input_amount: Number(amount),
      toll_map: tollMapOf(details.toll_break_up.tolls),
      ...(destination ? { refund_destination: destination } : {}),
    });
    if (!result) return;
    finish(result);
    if (result.state === 'SUCCESS' || result.state === 'NOIMAGE') {
      void queryClient.invalidateQueries({ queryKey: tollDetailsQueryKey(user?.id ?? '', booking.id) });
    }
  };
  const claim = (values: TollClaimForm) => {
    if (asksDestination) dispatch({ type: 'refund_step', option: null });
    else void submit(values.amount);
  };
  const refused = (errors: FieldErrors<TollClaimForm>) => {
    const message = errors.amount?.message;
    if (iosApp && message) toast.show(message);
  };

  let body: ReactNode;
  if (state.status === 'COMPLETED' || state.status === 'FAILURE') {
    body = (
      <FlowResultDialog
        result={state.result}
        article={article}
        bookingId={booking.id}
        onBack={() => dispatch({ type: 'back' })}
      />
    );
  } else if (!details) {
    body = query.isError ? (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        inline={{ className: 'toll-parking__error', testId: 'toll-error' }}
      />
    ) : (
      <Loader />
    );
  } else if (details.refunded) {
    body = (
      <p className="onetouch__notice" data-testid="toll-refunded">
        {t('refundAlreadyOn', {
          amount: formatFare(details.refunded.amount, details.currency_country, intl),
          date: details.refunded.created_at.slice(0, 10),
        })}
      </p>
    );
  } else if (!tollClaimable(details.toll_amount)) {
    // No toll line, or one smaller than the least claim: nothing to claim.
    body = (
      <>
        {details.toll_break_up.tolls.length > 0 ? <TollBreakUp details={details} /> : null}
        <p className="onetouch__notice" data-testid="toll-none">
          {t('tollNotEligible')}
        </p>
      </>
    );
  } else if (state.status === 'REFUND_INITIATED' || (busy && asksDestination)) {
    body = (
      <>
        <TollBreakUp details={details} />
        <RefundStep
          article={article}
          booking={booking}
          busy={busy}
          onSubmit={(destination) => void submit(form.getValues('amount'), destination)}
        />
      </>
    );
  } else {
    const error = form.formState.errors.amount?.message;
    body = (
      <>
        <TollBreakUp details={details} />
        <form className="form toll-parking__form" noValidate onSubmit={form.handleSubmit(claim, refused)}>
          <Field
            label={t('tollParking.claim')}
            hint={t('tollParking.claimHint', {
              min: TOLL_ENTRY_MIN,
              max: formatFare(details.toll_amount, details.currency_country, intl),
            })}
            error={iosApp ? undefined : error}
          >
            {(control) => (
              <input
                {...control}
                {...form.register('amount', { setValueAs: tollEntryInput })}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={TOLL_ENTRY_MAX_DIGITS}
                onInput={(e) => {
                  // Digits only, as the rider types (spec §5).
                  e.currentTarget.value = tollEntryInput(e.currentTarget.value);
                }}
              />
            )}
          </Field>
          <Button type="submit" disabled={busy}>
            {t('tollParking.submit')}
          </Button>
        </form>
      </>
    );
  }

  return (
    <section
      className="onetouch toll-parking"
      data-testid="toll-parking"
      data-form-state={state.status}
      aria-busy={busy || query.isPending}
    >
      {body}
    </section>
  );
}
