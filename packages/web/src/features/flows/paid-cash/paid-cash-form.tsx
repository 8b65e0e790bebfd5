import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatFare,
  formatMessage,
  PAID_CASH_INVOICE_IMAGES,
  type PaidCashForm as PaidCashFields,
  type PaidCashParams,
  type PaidCashPayment,
  paidCashFormSchema,
  paidCashInvoiceError,
  resolveFlow,
  uploadLimits,
} from '@selfserve/contract';
import { type ReactNode, useReducer, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { BillLoadState, NoBill } from '../../../components/bill/bill-breakdown';
import { Button } from '../../../components/button';
import { ChoiceGroup } from '../../../components/choice-group';
import { Field } from '../../../components/field';
import { ImageAttachments } from '../../../components/image-attachments';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { useBill } from '../../../lib/bookings/get-bill';
import { useI18n } from '../../../lib/i18n';
import { formReducer, initialFormState } from '../../../lib/one-touch/form-state';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import { useSession } from '../../../lib/session';
import { useImageAttachments } from '../../../lib/use-image-attachments';
import type { RideFlowFormProps } from '../flow-form';
import './paid-cash.css';

/** The shared upload component's limit (guided-flows.md §5: 10 MB). */
const INVOICE_LIMIT = '10mb';

/**
 * Paid cash outstanding (docs/flows/paid-cash.md): the amount paid to the driver in cash (not above the ride's bill)
 * and how the ride was to be paid; a ride set to online payment (cashless) needs one invoice image, uploaded with the
 * shared picker. The submit (v3) carries params { amount, payment } (the amount as typed, so the server checks the
 * same text), user_input_amount and the image. The form outlives the result, so what was typed survives a failure.
 */
export function PaidCashForm({ article, booking, onReload }: RideFlowFormProps) {
  const { t, intl } = useI18n();
  const flow = resolveFlow(article);
  const { user } = useSession();
  const query = useBill(user?.id, booking.id);
  const bill = useRef<number | null>(null);
  bill.current = query.data?.bill?.total ?? null;
  const form = useForm<PaidCashFields>({
    resolver: (values, context, options) => zodResolver(paidCashFormSchema(bill.current))(values, context, options),
    defaultValues: { amount: '', payment: null },
  });
  const payment = useWatch({ control: form.control, name: 'payment' });
  const images = useImageAttachments({ max: PAID_CASH_INVOICE_IMAGES, limit: INVOICE_LIMIT });
  const [invoiceError, setInvoiceError] = useState<string | undefined>(undefined);
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const send = useOneTouchSubmit(article, booking);
  const finish = useFinish(flow, dispatch, onReload);
  const busy = state.status === 'LOADING' || images.uploading;

  const invoiceFor = (chosen: PaidCashPayment) => {
    const code = paidCashInvoiceError(chosen, images.documentIds);
    return code ? formatMessage(code) : undefined;
  };
  const submit = async ({ amount, payment: chosen }: PaidCashFields) => {
    if (busy || !chosen) return;
    const refused = invoiceFor(chosen);
    setInvoiceError(refused);
    if (refused) return;
    const imageIds = chosen === 'cashless' ? images.documentIds : [];
    dispatch({ type: 'submit' });
    const result = await send({
      params: { amount: amount.trim(), payment: chosen } satisfies PaidCashParams,
      user_input_amount: Number(amount),
      ...(imageIds.length ? { uploaded_image_ids: imageIds, is_image_uploaded: true } : {}),
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
  } else if (!query.data) {
    body = <BillLoadState failed={query.isError} onRetry={() => void query.refetch()} />;
  } else if (!query.data.bill) {
    body = <NoBill />;
  } else {
    const { total, currency_country } = query.data.bill;
    const errors = form.formState.errors;
    body = (
      <form
        className="form paid-cash__form"
        noValidate
        onSubmit={form.handleSubmit((values) => void submit(values))}
        data-testid="paid-cash-form"
      >
        <Field
          label={t('paidCash.amount')}
          hint={t('paidCash.amountHint', { bill: formatFare(total, currency_country, intl) })}
          error={errors.amount?.message}
        >
          {(control) => (
            <input {...control} {...form.register('amount')} type="text" inputMode="decimal" autoComplete="off" />
          )}
        </Field>
        <Controller
          control={form.control}
          name="payment"
          render={({ field }) => (
            <ChoiceGroup<PaidCashPayment>
              legend={t('paidCash.payment')}
              optionClassName="paid-cash__choice"
              options={[
                { value: 'cash', label: <span>{t('paidCash.cash')}</span> },
                { value: 'cashless', label: <span>{t('paidCash.cashless')}</span> },
              ]}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                setInvoiceError(undefined);
              }}
            />
          )}
        />
        {errors.payment?.message ? (
          <p className="field-error" role="alert">
            {errors.payment.message}
          </p>
        ) : null}
        {payment === 'cashless' ? (
          <ImageAttachments
            attachments={images.attachments}
            onAdd={(files) => {
              images.add(files);
              setInvoiceError(undefined);
            }}
            onRemove={images.remove}
            full={images.full}
            max={PAID_CASH_INVOICE_IMAGES}
            sizeMb={Math.round(uploadLimits[INVOICE_LIMIT].bytes / (1024 * 1024))}
            required
            notice={images.notice}
            error={invoiceError}
            disabled={state.status === 'LOADING'}
          />
        ) : null}
        <Button type="submit" disabled={busy}>
          {t('paidCash.submit')}
        </Button>
      </form>
    );
  }

  return (
    <section
      className="onetouch paid-cash"
      data-testid="paid-cash"
      data-form-state={state.status}
      aria-busy={busy || query.isPending}
    >
      {body}
    </section>
  );
}
