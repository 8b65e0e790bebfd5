import {
  type Article,
  type FlowKind,
  type InvoiceParams,
  isOtherOption,
  type OneTouchOption,
  oneTouchPaths,
  type RefundDestination,
  resolveFlow,
} from '@selfserve/contract';
import { type ReactNode, useReducer, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { ChooseRide } from '../../../components/one-touch/choose-ride';
import { CustomMessage } from '../../../components/one-touch/custom-message';
import { KYC_DONE_PARAM, KYC_DONE_VALUE, RefundStep } from '../../../components/one-touch/refund-step';
import { ResultDialog } from '../../../components/one-touch/result-dialog';
import { useI18n } from '../../../lib/i18n';
import { formReducer, formStateFor } from '../../../lib/one-touch/form-state';
import { optionAction } from '../../../lib/one-touch/option-action';
import { useOneTouchPost } from '../../../lib/one-touch/post-one-touch';
import { useCarriedResult, useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import type { SelectedBooking } from '../../../lib/selected-booking';
import { useSelectedBooking } from '../../../lib/selected-booking';
import { useSession } from '../../../lib/session';
import { OtherReasonForm } from './other-reason-form';
import { SendInvoiceForm } from './send-invoice-form';
import { UpdateEmailPanel } from './update-email-form';
import '../onetouch.css';

/** The flows this panel runs; the others (structured e-mail, cab attachment) come later. */
export const oneTouchKinds: readonly FlowKind[] = ['one_touch', 'refund_destination', 'send_invoice', 'update_email'];

export interface OneTouchPanelProps {
  article: Article;
  /** Refetches the article (the answer's reload flag, the article's should_reload). */
  onReload: () => void;
}

/**
 * The one-touch engine of the article page (guided-flows.md §4) for the articles without a guided form of their own:
 * options or a single submit (with the refund destination step or the send-invoice form where the article asks for
 * them), then the result dialog. A request about a ride needs the ride chosen first; one about the account
 * (flow.needsRide false: unban, Select …) does not.
 */
export function OneTouchPanel({ article, onReload }: OneTouchPanelProps) {
  const { t } = useI18n();
  const booking = useSelectedBooking();
  const { search } = useLocation();
  // Back from the KYC form post (its 303 to care_redirect_url).
  const kycDone = new URLSearchParams(search).get(KYC_DONE_PARAM) === KYC_DONE_VALUE;
  const notice = kycDone ? (
    <p className="onetouch__notice" role="status" data-testid="kyc-done">
      {t('onetouch.panel.kycDone')}
    </p>
  ) : null;
  if (resolveFlow(article).kind === 'update_email') return <UpdateEmailPanel article={article} onReload={onReload} />;
  const { needsRide } = resolveFlow(article);
  if (needsRide && !booking) return <ChooseRide notice={notice} />;
  // A request about the account is not tied to whatever ride was selected before.
  return <OneTouchForm article={article} booking={needsRide ? booking : null} onReload={onReload} notice={notice} />;
}

/** What the engine adds to the submit: the option, the refund destination, an invoice's e-mail. */
type SubmitFields = {
  option_selected?: string;
  /** an "other" option's own words */
  message?: string;
  refund_destination?: RefundDestination;
  params?: InvoiceParams;
};

function OneTouchForm({
  article,
  booking,
  onReload,
  notice,
}: OneTouchPanelProps & { booking: SelectedBooking | null; notice: ReactNode }) {
  const { t } = useI18n();
  const flow = resolveFlow(article);
  const navigate = useNavigate();
  const { user } = useSession();
  // On the result article page a v3 answer arrives with the navigation: the form opens on it.
  const carried = useCarriedResult();
  const [state, dispatch] = useReducer(formReducer, flow, (f) =>
    carried ? formReducer({ status: 'LOADING' }, { type: 'answer', result: carried }) : formStateFor(f),
  );
  const busy = state.status === 'LOADING';
  const finish = useFinish(flow, dispatch, onReload, article.id);
  const send = useOneTouchSubmit(article, booking);
  const post = useOneTouchPost();
  // The "other" option and its text: kept here (also when closed) so the text survives a failed submit or Back.
  const [other, setOther] = useState<{ option: OneTouchOption; text: string; open: boolean } | null>(null);

  const submit = async (fields: SubmitFields) => {
    if (busy || !flow.submitPath) return;
    dispatch({ type: 'submit' });
    const result = await send(fields);
    if (result) finish(result);
  };

  const sendInvoice = async (email: string) => {
    if (busy) return;
    // A ride's invoice has its own call; any other (the Select subscription's) is the article's submit.
    if (!flow.needsRide || !booking) return void submit({ params: { email } });
    dispatch({ type: 'submit' });
    // guided-flows.md §3 send-invoice payload: the e-mail, the article and the ride.
    const body = {
      email,
      article_id: article.id,
      article_name: article.title,
      index_name: article.index_name,
      booking_id: booking.id,
      cab_category: booking.cab_category ?? null,
    };
    finish(await post.mutateAsync({ path: oneTouchPaths.sendInvoice, body }));
  };

  const choose = (option: OneTouchOption) => {
    const action = optionAction(option);
    if (action.kind === 'custom_message') {
      dispatch({ type: 'custom_message', heading: action.heading, message: action.message });
    } else if (action.kind === 'open_article') {
      void navigate(action.href);
    } else if (isOtherOption(option)) {
      setOther({ option, text: other?.option.value === option.value ? other.text : '', open: true });
    } else if (flow.kind === 'refund_destination') {
      dispatch({ type: 'refund_step', option: option.value });
    } else {
      void submit({ option_selected: option.value });
    }
  };

  const refundStep = (option: string | null) => (
    <RefundStep
      article={article}
      booking={booking}
      busy={busy}
      onSubmit={(destination) =>
        void submit({ refund_destination: destination, ...(option ? { option_selected: option } : {}) })
      }
    />
  );

  let body: ReactNode;
  if (state.status === 'COMPLETED' || state.status === 'FAILURE') {
    body = (
      <ResultDialog
        result={state.result}
        articleId={article.id}
        articleTitle={article.title}
        bookingId={booking?.id ?? null}
        ratingEmailFrom={flow.callType === 'unban' ? (user?.email ?? null) : null}
        allowCallUs={flow.callUs}
        allowWriteToUs={flow.writeToUs}
        addChatWithUs={article.label_names.includes('add_chat_with_us')}
        onBack={() => dispatch({ type: 'back' })}
      />
    );
  } else if (state.status === 'SHOWMESSAGE') {
    body = (
      <p className="onetouch__notice" role="status" data-testid="onetouch-show-message">
        {state.message}
      </p>
    );
  } else if (state.status === 'REDIRECTED') {
    body = null;
  } else if (state.status === 'CUSTOM_MESSAGE') {
    body = <CustomMessage heading={state.heading} message={state.message} onBack={() => dispatch({ type: 'back' })} />;
  } else if (state.status === 'REFUND_INITIATED') {
    body = refundStep(state.option);
  } else if (other?.open) {
    body = (
      <OtherReasonForm
        option={other.option}
        text={other.text}
        onText={(text) => setOther({ ...other, text })}
        busy={busy}
        onSend={(message) => void submit({ option_selected: other.option.value, message })}
        onBack={() => setOther({ ...other, open: false })}
      />
    );
  } else if (flow.kind === 'send_invoice') {
    body = <SendInvoiceForm busy={busy} onSend={(email) => void sendInvoice(email)} />;
  } else if (flow.kind === 'refund_destination' && article.options.length === 0) {
    body = refundStep(null);
  } else if (article.options.length === 0) {
    body = (
      <Button disabled={busy} onClick={() => void submit({})}>
        {t('onetouch.panel.submitRequest')}
      </Button>
    );
  } else {
    body = (
      <ul className="onetouch__options">
        {article.options.map((option) => (
          <li key={option.value}>
            <Button variant="secondary" disabled={busy} onClick={() => choose(option)}>
              {option.text}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="onetouch" data-testid="onetouch-panel" data-form-state={state.status} aria-busy={busy}>
      {notice}
      {body}
      {busy ? (
        <p className="onetouch__sending" role="status" data-testid="onetouch-sending">
          <span className="loader__spinner" aria-hidden="true" />
          {t('onetouch.panel.sending')}
        </p>
      ) : null}
    </section>
  );
}
