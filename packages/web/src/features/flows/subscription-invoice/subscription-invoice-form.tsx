import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatFare,
  type ListedSubscription,
  resolveFlow,
  type SubscriptionInvoiceParams,
  type SubscriptionInvoiceForm as SubscriptionInvoiceValues,
  subscriptionInvoiceFormSchema,
  subscriptionsShown,
} from '@selfserve/contract';
import { useReducer, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { ChoiceGroup } from '../../../components/choice-group';
import { EmailField } from '../../../components/email-field';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { formatDay } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { formReducer, initialFormState } from '../../../lib/one-touch/form-state';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import { useSession } from '../../../lib/session';
import type { FlowFormProps } from '../flow-form';
import { useSubscriptions } from './api/get-subscriptions';
import './subscription-invoice.css';

/** One subscription as the list names it: plan, period and amount; a trial says it has no invoice. */
function SubscriptionLabel({ sub, country }: { sub: ListedSubscription; country: string }) {
  const { t, intl } = useI18n();
  return (
    <span>
      {t('subscriptionInvoice.item', {
        plan: sub.package_name,
        from: formatDay(sub.activated_on, intl),
        to: formatDay(sub.expires_on, intl),
        amount: formatFare(sub.amount_paid, country, intl),
      })}
    </span>
  );
}

/**
 * A Select subscription's invoice (docs/flows/subscription-invoice.md): the member's subscriptions, the latest first,
 * listed 1, then 3, then doubling with 'Show more'; the chosen one's invoice goes to the e-mail in the form (the
 * account's to start with). A trial is listed saying it has no invoice; asked for anyway, the answer says so.
 */
export function SubscriptionInvoiceForm({ article, booking, onReload }: FlowFormProps) {
  const { t } = useI18n();
  const flow = resolveFlow(article);
  const { user, userInfo } = useSession();
  const query = useSubscriptions(user?.id);
  const [more, setMore] = useState(0);
  const form = useForm({
    resolver: zodResolver(subscriptionInvoiceFormSchema),
    defaultValues: { subscription_id: '', email: userInfo?.email ?? user?.email ?? '' },
  });
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const send = useOneTouchSubmit(article, booking);
  const finish = useFinish(flow, dispatch, onReload);
  const busy = state.status === 'LOADING';
  const errors = form.formState.errors;

  const submit = async (values: SubscriptionInvoiceValues) => {
    if (busy) return;
    dispatch({ type: 'submit' });
    const result = await send({
      params: {
        subscription_id: values.subscription_id,
        email: values.email.trim(),
      } satisfies SubscriptionInvoiceParams,
    });
    if (result) finish(result);
  };

  let body: React.ReactNode;
  if (state.status === 'COMPLETED' || state.status === 'FAILURE') {
    body = (
      <FlowResultDialog
        result={state.result}
        article={article}
        bookingId={null}
        onBack={() => dispatch({ type: 'back' })}
      />
    );
  } else if (!query.data) {
    body = query.isError ? (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        inline={{ className: 'subscription-invoice__error' }}
      />
    ) : (
      <Loader />
    );
  } else if (query.data.subscriptions.length === 0) {
    body = <p className="onetouch__notice">{t('subscriptionInvoice.none')}</p>;
  } else {
    const all = query.data.subscriptions;
    const shown = all.slice(0, subscriptionsShown(more));
    body = (
      <form
        className="form subscription-invoice__form"
        noValidate
        data-testid="subscription-invoice-form"
        onSubmit={form.handleSubmit((values) => void submit(values))}
      >
        <Controller
          control={form.control}
          name="subscription_id"
          render={({ field }) => (
            <ChoiceGroup
              legend={t('subscriptionInvoice.choose')}
              className="subscription-invoice__list"
              optionClassName="subscription-invoice__choice"
              options={shown.map((sub) => ({
                value: sub.id,
                label: <SubscriptionLabel sub={sub} country={user?.country_code ?? 'IN'} />,
                ...(sub.has_invoice ? {} : { hint: t('subscriptionInvoice.trial') }),
              }))}
              value={field.value || null}
              onChange={field.onChange}
            />
          )}
        />
        {errors.subscription_id ? (
          <p className="field-error" role="alert">
            {errors.subscription_id.message}
          </p>
        ) : null}
        {shown.length < all.length ? (
          <Button variant="secondary" onClick={() => setMore((n) => n + 1)}>
            {t('subscriptionInvoice.showMore')}
          </Button>
        ) : null}
        <Controller
          control={form.control}
          name="email"
          render={({ field }) => (
            <EmailField
              label={t('onetouch.invoice.email')}
              value={field.value}
              onChange={field.onChange}
              error={errors.email?.message}
            />
          )}
        />
        <Button type="submit" disabled={busy}>
          {t('subscriptionInvoice.send')}
        </Button>
      </form>
    );
  }

  return (
    <section
      className="onetouch subscription-invoice"
      data-testid="subscription-invoice"
      data-form-state={state.status}
      aria-busy={busy || query.isPending}
    >
      {body}
    </section>
  );
}
