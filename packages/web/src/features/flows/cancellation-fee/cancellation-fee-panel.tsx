import { cancellationFeeMessage, type OneTouchOption, type RefundDestination, resolveFlow } from '@selfserve/contract';
import { type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { CustomMessage } from '../../../components/one-touch/custom-message';
import { KYC_DONE_PARAM, KYC_DONE_VALUE, RefundStep } from '../../../components/one-touch/refund-step';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { useI18n } from '../../../lib/i18n';
import { formReducer, formStateFor } from '../../../lib/one-touch/form-state';
import { optionAction } from '../../../lib/one-touch/option-action';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import type { RideFlowFormProps } from '../flow-form';
import './cancellation-fee.css';

/**
 * The cancellation-fee panel (guided-flows.md §4; docs/flows/cancellation-fee.md): the article's name and its
 * response's message and, when the response sets refund_allowed, a refund button. The refund runs the refund rules:
 * the reason (the article's options, with their own custom message or article), the destination step, the submit.
 */
export function CancellationFeePanel({ article, booking, onReload }: RideFlowFormProps) {
  const { t } = useI18n();
  const flow = resolveFlow(article);
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(formReducer, flow, formStateFor);
  const [asking, setAsking] = useState(false);
  const reasons = useRef<HTMLFieldSetElement>(null);
  // The refund button gives way to the reasons: the focus goes to the first one instead of being lost.
  useEffect(() => {
    if (asking) reasons.current?.querySelector('button')?.focus();
  }, [asking]);
  const send = useOneTouchSubmit(article, booking);
  const finish = useFinish(flow, dispatch, onReload);
  const busy = state.status === 'LOADING';
  const message = cancellationFeeMessage(article.response);
  const refundAllowed = article.response.refund_allowed === true;
  // Back from the wallet's KYC form post (its 303 to care_redirect_url).
  const kycDone = new URLSearchParams(useLocation().search).get(KYC_DONE_PARAM) === KYC_DONE_VALUE;

  const submit = async (fields: { refund_destination?: RefundDestination; option_selected?: string }) => {
    if (busy || !flow.submitPath) return;
    dispatch({ type: 'submit' });
    const result = await send(fields);
    if (result) finish(result);
  };
  // With KYC hidden (show_kyc false) the refund asks no destination: the server uses the first offered.
  const refund = (option: string | null) => {
    if (flow.kind === 'refund_destination') dispatch({ type: 'refund_step', option });
    else void submit(option ? { option_selected: option } : {});
  };
  const choose = (option: OneTouchOption) => {
    const action = optionAction(option);
    if (action.kind === 'custom_message') {
      dispatch({ type: 'custom_message', heading: action.heading, message: action.message });
    } else if (action.kind === 'open_article') {
      void navigate(action.href);
    } else {
      refund(option.value);
    }
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
  } else if (state.status === 'SHOWMESSAGE') {
    // The response refuses a refund (refund_allowed false): its message stands alone.
    body = null;
  } else if (state.status === 'CUSTOM_MESSAGE') {
    body = <CustomMessage heading={state.heading} message={state.message} onBack={() => dispatch({ type: 'back' })} />;
  } else if (state.status === 'REFUND_INITIATED' || (busy && flow.kind === 'refund_destination')) {
    const option = state.status === 'REFUND_INITIATED' ? state.option : null;
    body = (
      <RefundStep
        article={article}
        booking={booking}
        busy={busy}
        onSubmit={(destination) =>
          void submit({ refund_destination: destination, ...(option ? { option_selected: option } : {}) })
        }
      />
    );
  } else if (!refundAllowed) {
    body = null;
  } else if (asking && article.options.length > 0) {
    body = (
      <fieldset className="cancellation-fee__reasons" ref={reasons}>
        <legend>{t('cancellationFee.reason')}</legend>
        <ul>
          {article.options.map((option) => (
            <li key={option.value}>
              <Button variant="secondary" disabled={busy} onClick={() => choose(option)}>
                {option.text}
              </Button>
            </li>
          ))}
        </ul>
      </fieldset>
    );
  } else {
    body = (
      <Button
        disabled={busy}
        onClick={() => (article.options.length > 0 ? setAsking(true) : refund(null))}
        data-testid="cancellation-fee-refund"
      >
        {t('cancellationFee.refund')}
      </Button>
    );
  }

  const shown = state.status === 'SHOWMESSAGE' ? state.message : message;
  return (
    <section
      className="onetouch cancellation-fee"
      data-testid="cancellation-fee"
      data-form-state={state.status}
      aria-busy={busy}
    >
      <h2 className="cancellation-fee__name">{article.title}</h2>
      {shown ? (
        <p className="onetouch__notice" data-testid="cancellation-fee-message">
          {shown}
        </p>
      ) : null}
      {kycDone ? (
        <p className="onetouch__notice" role="status" data-testid="kyc-done">
          {t('onetouch.panel.kycDone')}
        </p>
      ) : null}
      {body}
      {busy ? (
        <p className="cancellation-fee__sending" role="status">
          <span className="loader__spinner" aria-hidden="true" />
          {t('onetouch.panel.sending')}
        </p>
      ) : null}
    </section>
  );
}
