import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ExtraCashForm as ExtraCashFields,
  extraCash,
  extraCashFormSchema,
  formatFare,
  resolveFlow,
} from '@selfserve/contract';
import { type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { BillLoadState, NoBill } from '../../../components/bill/bill-breakdown';
import { Button } from '../../../components/button';
import { ChoiceGroup } from '../../../components/choice-group';
import { Field } from '../../../components/field';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { useBill } from '../../../lib/bookings/get-bill';
import { useI18n } from '../../../lib/i18n';
import { formReducer, initialFormState } from '../../../lib/one-touch/form-state';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import { useSession } from '../../../lib/session';
import type { RideFlowFormProps } from '../flow-form';
import { TermsDialog } from './terms-dialog';
import './extra-cash.css';

const digitsOnly = (text: string) => text.replace(/\D/g, '');
const sideLoadText = (value: unknown) => (typeof value === 'string' ? value : '');

/** After DECLINE (guided-flows.md §4): the article's decline message under 'Sorry for the inconvenience'. */
function Declined({ message, onBack }: { message: string; onBack: () => void }) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  // The terms dialog that had focus is gone: the answer takes it, so a screen reader reads it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="onetouch__notice" data-testid="extra-cash-declined">
      <h2 ref={heading} tabIndex={-1}>
        {t('extraCash.declineHeading')}
      </h2>
      <p>{message}</p>
      <Button variant="secondary" onClick={onBack}>
        {t('extraCash.back')}
      </Button>
    </div>
  );
}

/**
 * Extra cash (docs/flows/extra-cash.md): what happened (the article's options) and the total cash given to the driver;
 * the extra is the total minus the ride's fare (its cash due and bill, from the ride's bill — what the server uses),
 * checked by the contract's rule. Submit opens the terms: ACCEPT sends total_cash, extra_cash and
 * user_input_amount; DECLINE shows the article's decline message. The form outlives the dialogs, so what was typed
 * survives a failed submit.
 */
export function ExtraCashForm({ article, booking, onReload }: RideFlowFormProps) {
  const { t, intl } = useI18n();
  const flow = resolveFlow(article);
  const { user } = useSession();
  const query = useBill(user?.id, booking.id);
  const fare = query.data?.bill?.total ?? 0;
  const ride = useRef({ cashToBePaid: 0, billAmount: 0 });
  ride.current = { cashToBePaid: fare, billAmount: fare };
  const form = useForm<ExtraCashFields>({
    resolver: (values, context, options) =>
      zodResolver(extraCashFormSchema(article.side_load, ride.current))(values, context, options),
    defaultValues: { option_selected: null, total_cash: '' },
  });
  const [step, setStep] = useState<'form' | 'terms' | 'declined'>('form');
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const send = useOneTouchSubmit(article, booking);
  const finish = useFinish(flow, dispatch, onReload);
  const busy = state.status === 'LOADING';
  const typed = useWatch({ control: form.control, name: 'total_cash' });
  const currency = query.data?.bill?.currency_country ?? 'IN';
  const money = (amount: number) => formatFare(amount, currency, intl);

  const accept = async () => {
    setStep('form');
    const { option_selected, total_cash } = form.getValues();
    if (busy || !option_selected) return;
    const total = Number(total_cash);
    dispatch({ type: 'submit' });
    const result = await send({
      option_selected,
      total_cash: total,
      extra_cash: extraCash(total, ride.current.cashToBePaid),
      user_input_amount: total,
    });
    if (result) finish(result);
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
  } else if (step === 'declined') {
    body = <Declined message={sideLoadText(article.side_load.decline_message)} onBack={() => setStep('form')} />;
  } else if (!query.data) {
    body = <BillLoadState failed={query.isError} onRetry={() => void query.refetch()} />;
  } else if (!query.data.bill) {
    body = <NoBill />;
  } else {
    const digits = digitsOnly(typed);
    const errors = form.formState.errors;
    body = (
      <>
        <form
          className="form extra-cash__form"
          noValidate
          onSubmit={form.handleSubmit(() => setStep('terms'))}
          data-testid="extra-cash-form"
        >
          <Controller
            control={form.control}
            name="option_selected"
            render={({ field }) => (
              <ChoiceGroup
                legend={t('extraCash.reason')}
                optionClassName="extra-cash__choice"
                options={article.options.map((o) => ({ value: o.value, label: <span>{o.text}</span> }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {errors.option_selected?.message ? (
            <p className="field-error" role="alert">
              {errors.option_selected.message}
            </p>
          ) : null}
          <Field
            label={t('extraCash.total')}
            hint={t('extraCash.totalHint', { due: money(fare) })}
            error={errors.total_cash?.message}
          >
            {(control) => (
              <input
                {...control}
                {...form.register('total_cash', { setValueAs: digitsOnly })}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                onInput={(e) => {
                  e.currentTarget.value = digitsOnly(e.currentTarget.value);
                }}
              />
            )}
          </Field>
          <p aria-live="polite" data-testid="extra-cash-extra">
            {digits ? t('extraCash.extra', { amount: money(extraCash(Number(digits), fare)) }) : null}
          </p>
          <Button type="submit" disabled={busy}>
            {t('extraCash.submit')}
          </Button>
        </form>
        {step === 'terms' ? (
          <TermsDialog
            message={sideLoadText(article.side_load.confirm_message)}
            onAccept={() => void accept()}
            onDecline={() => setStep('declined')}
            onClose={() => setStep('form')}
          />
        ) : null}
      </>
    );
  }

  return (
    <section
      className="onetouch extra-cash"
      data-testid="extra-cash"
      data-form-state={state.status}
      aria-busy={busy || query.isPending}
    >
      {body}
    </section>
  );
}
