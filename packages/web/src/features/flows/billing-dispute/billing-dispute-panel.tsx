import { zodResolver } from '@hookform/resolvers/zod';
import {
  adjustedBill,
  type Bill,
  type BillDisputeForm,
  type BillDisputeParams,
  type BillResponse,
  type BillViewingFlag,
  billDisputeFormSchema,
  formatFare,
  resolveFlow,
} from '@selfserve/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useReducer, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BillBreakdown, BillLoadState, NoBill } from '../../../components/bill/bill-breakdown';
import { Button } from '../../../components/button';
import { CustomMessage } from '../../../components/one-touch/custom-message';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { billQueryKey, useBill } from '../../../lib/bookings/get-bill';
import { useI18n } from '../../../lib/i18n';
import { formReducer, initialFormState } from '../../../lib/one-touch/form-state';
import { optionAction } from '../../../lib/one-touch/option-action';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import { useSession } from '../../../lib/session';
import type { RideFlowFormProps } from '../flow-form';
import { DisputeForm, markableLines } from './dispute-form';
import './billing-dispute.css';

/** What the rider has chosen; kept by the panel's form so BACK after a failure shows it again. */
const noChoice: BillDisputeForm = { option_selected: null, disputed_lines: [], message: '' };

/** The answer to an earlier dispute of this bill: money back to the wallet, or a ticket being checked. */
function EarlierDispute({ bill, dispute }: { bill: Bill; dispute: NonNullable<BillResponse['dispute']> }) {
  const { t, intl } = useI18n();
  const adjusted = dispute.outcome === 'adjusted';
  return (
    <>
      <BillBreakdown bill={adjusted ? adjustedBill(bill, dispute.amount) : bill} />
      <p className="onetouch__notice" data-testid="bill-earlier-dispute" data-outcome={dispute.outcome}>
        {adjusted
          ? t('billingDispute.adjusted', { amount: formatFare(dispute.amount, bill.currency_country, intl) })
          : dispute.ticket_id
            ? t('billingDispute.reviewTicket', { id: dispute.ticket_id })
            : t('billingDispute.review')}
      </p>
    </>
  );
}

/**
 * Billing dispute (core.md §4 viewing flag): the ride's bill is shown `viewing`, with 'This bill looks right'
 * and 'Dispute this bill'; either answer makes it `viewed`. Looks right thanks the rider; dispute asks for a
 * reason (the article's options), the lines that look wrong (none: the whole bill) and a comment, then submits
 * the article's call_type and shows the answer. A bill disputed before shows that answer instead.
 */
export function BillingDisputePanel({ article, booking, onReload }: RideFlowFormProps) {
  const { t } = useI18n();
  const flow = resolveFlow(article);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const query = useBill(user?.id, booking.id);
  const [flag, setFlag] = useState<BillViewingFlag>('viewing');
  const [looksRight, setLooksRight] = useState(false);
  const form = useForm({ resolver: zodResolver(billDisputeFormSchema), defaultValues: noChoice });
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const send = useOneTouchSubmit(article, booking);
  const finish = useFinish(flow, dispatch, onReload);
  const busy = state.status === 'LOADING';

  const answer = (right: boolean) => {
    setLooksRight(right);
    setFlag('viewed');
  };

  const submit = async (bill: Bill, choice: BillDisputeForm) => {
    const option = article.options.find((o) => o.value === choice.option_selected) ?? null;
    if (busy || (article.options.length > 0 && !option) || !flow.submitPath || !flow.callType) return;
    const action = option ? optionAction(option) : null;
    if (action?.kind === 'custom_message') {
      dispatch({ type: 'custom_message', heading: action.heading, message: action.message });
      return;
    }
    if (action?.kind === 'open_article') {
      void navigate(action.href);
      return;
    }
    const comment = choice.message.trim();
    dispatch({ type: 'submit' });
    const result = await send({
      ...(option ? { option_selected: option.value } : {}),
      // In the bill's order, so the same marks are the same payload (and a retry keeps its key).
      params: {
        disputed_lines: markableLines(bill)
          .map((l) => l.key)
          .filter((key) => choice.disputed_lines.includes(key)),
      } satisfies BillDisputeParams,
      ...(comment ? { message: comment } : {}),
    });
    if (!result) return;
    finish(result);
    // The bill now has its dispute (or already had one): BACK shows that answer, not the form again.
    if (result.state === 'SUCCESS' || result.state === 'NOIMAGE') {
      void queryClient.invalidateQueries({ queryKey: billQueryKey(user?.id ?? '', booking.id) });
    }
  };

  const data = query.data;
  let body: React.ReactNode;
  let shownFlag = flag;
  if (state.status === 'COMPLETED' || state.status === 'FAILURE') {
    body = (
      <FlowResultDialog
        result={state.result}
        article={article}
        bookingId={booking.id}
        onBack={() => dispatch({ type: 'back' })}
      />
    );
  } else if (state.status === 'CUSTOM_MESSAGE') {
    body = <CustomMessage heading={state.heading} message={state.message} onBack={() => dispatch({ type: 'back' })} />;
  } else if (!data) {
    body = <BillLoadState failed={query.isError} onRetry={() => void query.refetch()} />;
  } else if (!data.bill) {
    body = <NoBill />;
  } else if (data.dispute) {
    // Disputed once already: its answer stands (the server takes no second dispute).
    shownFlag = 'viewed';
    body = <EarlierDispute bill={data.bill} dispute={data.dispute} />;
  } else {
    const bill = data.bill;
    let next: React.ReactNode;
    if (flag === 'viewing') {
      next = (
        <div className="billing-dispute__actions">
          <Button onClick={() => answer(true)}>{t('billingDispute.looksRight')}</Button>
          <Button variant="secondary" onClick={() => answer(false)}>
            {t('billingDispute.dispute')}
          </Button>
        </div>
      );
    } else if (looksRight) {
      next = (
        <p className="onetouch__notice" role="status" data-testid="bill-looks-right">
          {t('billingDispute.thanks')}
        </p>
      );
    } else {
      next = (
        <DisputeForm
          form={form}
          bill={bill}
          options={article.options}
          busy={busy}
          onSubmit={(choice) => void submit(bill, choice)}
        />
      );
    }
    body = (
      <>
        <BillBreakdown bill={bill} />
        {next}
      </>
    );
  }

  return (
    <section
      className="onetouch billing-dispute"
      data-testid="billing-dispute"
      data-viewing-flag={shownFlag}
      data-form-state={state.status}
      aria-busy={busy || query.isPending}
    >
      {body}
    </section>
  );
}
