import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUPON_CODE_MAX,
  type CouponForm as CouponFormValues,
  type CouponParams,
  cleanDescription,
  couponFormSchema,
  formatFare,
  isCouponCode,
  needsRideCoupon,
  ONE_TOUCH_MESSAGE_MAX,
  type RideCouponResponse,
  resolveFlow,
  typedCouponCode,
} from '@selfserve/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Field } from '../../../components/field';
import { Loader } from '../../../components/loader';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { useI18n } from '../../../lib/i18n';
import { formReducer, initialFormState } from '../../../lib/one-touch/form-state';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import { useSession } from '../../../lib/session';
import type { RideFlowFormProps } from '../flow-form';
import { rideCouponQueryKey, useRideCoupon } from './api/get-ride-coupon';
import './coupon.css';

const blank: CouponFormValues = { coupon_code: '', description: '' };

/** What the ride's data says about its coupon, above the form. */
function RideCouponNote({ coupon }: { coupon: RideCouponResponse }) {
  const { t, intl } = useI18n();
  if (coupon.coupon_code === null) return null;
  return (
    <p className="onetouch__notice" data-testid="coupon-on-ride">
      {t(coupon.coupon_applied ? 'couponFlow.hadApplied' : 'couponFlow.hadFailed', { code: coupon.coupon_code })}
      {coupon.credited !== null
        ? ` ${t('couponFlow.credited', { amount: formatFare(coupon.credited, coupon.country, intl) })}`
        : null}
    </p>
  );
}

/**
 * The code and what happened. Characters other than word characters and spaces are refused as typed (they never
 * appear), and Submit is enabled only for 3 to 15 characters; the description keeps letters, digits and spaces.
 */
function CouponFields({
  form,
  hideDescription,
  busy,
  onSubmit,
}: {
  form: UseFormReturn<CouponFormValues>;
  hideDescription: boolean;
  busy: boolean;
  onSubmit: (values: CouponFormValues) => void;
}) {
  const { t } = useI18n();
  const code = useWatch({ control: form.control, name: 'coupon_code' });
  const ready = isCouponCode(code);
  const errors = form.formState.errors;
  return (
    <form
      className="form coupon__form"
      noValidate
      data-testid="coupon-form"
      onSubmit={form.handleSubmit((values) => {
        if (!busy) onSubmit(values);
      })}
    >
      <Controller
        control={form.control}
        name="coupon_code"
        render={({ field }) => (
          <Field label={t('couponFlow.code')} hint={t('couponFlow.codeHint')} error={errors.coupon_code?.message}>
            {(control) => (
              <input
                {...control}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(typedCouponCode(event.target.value))}
                maxLength={COUPON_CODE_MAX}
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>
        )}
      />
      {hideDescription ? null : (
        <Controller
          control={form.control}
          name="description"
          render={({ field }) => (
            <Field label={t('couponFlow.description')} error={errors.description?.message}>
              {(control) => (
                <textarea
                  {...control}
                  name={field.name}
                  ref={field.ref}
                  rows={3}
                  maxLength={ONE_TOUCH_MESSAGE_MAX}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(cleanDescription(event.target.value))}
                />
              )}
            </Field>
          )}
        />
      )}
      <Button type="submit" disabled={!ready || busy}>
        {t('couponFlow.submit')}
      </Button>
    </form>
  );
}

/**
 * A coupon that did not apply (docs/flows/coupon.md): the ride's coupon as its data says, then the code and what
 * happened, submitted with the article's call_type; the answer in the result dialog. In India a ride booked
 * without a coupon has nothing to check, and says so instead of the form.
 */
export function CouponForm({ article, booking, onReload }: RideFlowFormProps) {
  const { t } = useI18n();
  const flow = resolveFlow(article);
  const queryClient = useQueryClient();
  const { user } = useSession();
  const query = useRideCoupon(user?.id, booking.id);
  const hideDescription = article.label_names.includes('hide_description');
  const form = useForm({ resolver: zodResolver(couponFormSchema(hideDescription)), defaultValues: blank });
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const send = useOneTouchSubmit(article, booking);
  const finish = useFinish(flow, dispatch, onReload);
  const busy = state.status === 'LOADING';

  const submit = async (values: CouponFormValues) => {
    dispatch({ type: 'submit' });
    const result = await send({
      params: {
        coupon_code: values.coupon_code.trim(),
        description: hideDescription ? '' : values.description.trim(),
      } satisfies CouponParams,
    });
    if (!result) return;
    finish(result);
    void queryClient.invalidateQueries({ queryKey: rideCouponQueryKey(user?.id ?? '', booking.id) });
  };

  let body: React.ReactNode;
  if (state.status === 'COMPLETED' || state.status === 'FAILURE') {
    body = (
      <FlowResultDialog
        result={state.result}
        article={article}
        bookingId={booking.id}
        onBack={() => dispatch({ type: 'back' })}
      />
    );
  } else if (!query.data) {
    body = query.isError ? (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} inline={{ className: 'coupon__error' }} />
    ) : (
      <Loader />
    );
  } else if (query.data.coupon_code === null && needsRideCoupon(query.data.country)) {
    body = (
      <p className="onetouch__notice" data-testid="coupon-none">
        {t('couponNoneOnRide')}
      </p>
    );
  } else if (query.data.credited !== null) {
    // Credited once already: one outcome per ride, so the note says so and there is nothing left to ask.
    body = <RideCouponNote coupon={query.data} />;
  } else {
    body = (
      <>
        <RideCouponNote coupon={query.data} />
        <CouponFields
          form={form}
          hideDescription={hideDescription}
          busy={busy}
          onSubmit={(values) => void submit(values)}
        />
      </>
    );
  }

  return (
    <section
      className="onetouch coupon"
      data-testid="coupon"
      data-form-state={state.status}
      aria-busy={busy || query.isPending}
    >
      {body}
    </section>
  );
}
