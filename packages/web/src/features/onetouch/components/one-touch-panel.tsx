import {
  type Article,
  type FlowKind,
  isValidEmail,
  type OneTouchOption,
  type OneTouchResult,
  oneTouchPaths,
  resolveFlow,
} from '@selfserve/contract';
import { type FormEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type SelectedBooking, useSelectedBooking } from '../../../lib/selected-booking';
import { useSession } from '../../../lib/session';
import { attemptFor, type SubmitAttempt } from '../../tickets/utils/idempotency';
import { postOneTouch } from '../api/post-one-touch';
import { formReducer, initialFormState } from '../utils/form-state';
import { ResultDialog } from './result-dialog';
import '../onetouch.css';

/** The flows this panel runs; the others (update e-mail, structured e-mail, cab attachment) come later. */
export const oneTouchKinds: readonly FlowKind[] = ['one_touch', 'refund_destination', 'send_invoice'];

type RefundDestination = 'voucher' | 'neft' | 'ola_money';
const refundOptions: { value: RefundDestination; text: string; help: string | null }[] = [
  { value: 'voucher', text: 'Voucher', help: 'Processed instantly' },
  { value: 'neft', text: 'NEFT', help: 'Takes 7-10 business days' },
  { value: 'ola_money', text: 'Wallet', help: null },
];

function RefundDestinationStep({ busy, onSubmit }: { busy: boolean; onSubmit: (d: RefundDestination) => void }) {
  const ids = useId();
  const [choice, setChoice] = useState<RefundDestination | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice && !busy) onSubmit(choice);
  };
  return (
    <form className="form onetouch-refund" onSubmit={submit} data-testid="refund-destination">
      <fieldset>
        <legend>How would you like to have your refund processed?</legend>
        {refundOptions.map((o) => (
          <label key={o.value} className="onetouch-refund__option">
            <input
              type="radio"
              name={`${ids}-destination`}
              value={o.value}
              checked={choice === o.value}
              onChange={() => setChoice(o.value)}
            />
            <span>{o.text}</span>
            {o.help ? <small>{o.help}</small> : null}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={!choice || busy}>
        Submit
      </button>
    </form>
  );
}

function SendInvoiceForm({ busy, onSend }: { busy: boolean; onSend: (email: string) => void }) {
  const ids = useId();
  const { user, userInfo } = useSession();
  const [email, setEmail] = useState(userInfo?.email ?? user?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError('Please Enter A Valid Email');
      return;
    }
    setError(null);
    if (!busy) onSend(email.trim());
  };
  return (
    <form className="form onetouch-invoice" onSubmit={submit} noValidate data-testid="send-invoice">
      <div className="field">
        <label htmlFor={`${ids}-email`}>E-mail</label>
        <input
          id={`${ids}-email`}
          type="email"
          value={email}
          maxLength={50}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {error ? (
          <p id={`${ids}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={busy}>
        Send
      </button>
    </form>
  );
}

export interface OneTouchPanelProps {
  article: Article;
  /** Refetches the article (the answer's reload flag, the article's should_reload). */
  onReload: () => void;
}

/**
 * The one-touch panel of the article page (guided-flows.md §4): options or a single submit, the refund
 * destination step, the send-invoice form, and the result dialog. Needs a selected booking.
 */
export function OneTouchPanel({ article, onReload }: OneTouchPanelProps) {
  const booking = useSelectedBooking();
  if (!booking) {
    return (
      <section className="onetouch" data-testid="onetouch-panel">
        <Link to="/bookings">Choose the ride this is about</Link>
      </section>
    );
  }
  return <OneTouchForm article={article} booking={booking} onReload={onReload} />;
}

function OneTouchForm({ article, booking, onReload }: OneTouchPanelProps & { booking: SelectedBooking }) {
  const flow = resolveFlow(article);
  const navigate = useNavigate();
  const { isMember, userInfo } = useSession();
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const lastAttempt = useRef<SubmitAttempt | null>(null);
  const busy = state.status === 'LOADING';

  const finish = (result: OneTouchResult) => {
    if (result.state === 'RELOAD_DEEPLINK') {
      window.location.reload();
      return;
    }
    if (result.state === 'VERIFY_EMAIL') {
      void navigate('/verify-email');
      return;
    }
    if (result.state === 'REDIRECTED' && result.redirectTo) {
      void navigate(result.redirectTo);
      return;
    }
    dispatch({ type: 'answer', result });
    if (result.reload || flow.reload) onReload();
  };

  const submit = async (extra: { option_selected?: string; refund_destination?: RefundDestination }) => {
    if (busy || !flow.submitPath || !flow.callType) return;
    const subscriptionId = isMember ? (userInfo?.active_subscription?.id ?? null) : null;
    const payload = {
      article_id: article.id,
      call_type: flow.callType,
      booking_id: booking.id,
      crn: booking.crn ?? null,
      car_category: booking.cab_category ?? null,
      index_name: article.index_name,
      ...extra,
      subscription_id: subscriptionId,
      one_touch_source: 'web',
    };
    // One key per submit; sending the same payload again is a retry and reuses it.
    const attempt = attemptFor(lastAttempt.current, payload);
    lastAttempt.current = attempt;
    dispatch({ type: 'submit' });
    finish(await postOneTouch(flow.submitPath, payload, attempt.key));
  };

  const sendInvoice = async (email: string) => {
    if (busy) return;
    dispatch({ type: 'submit' });
    finish(await postOneTouch(oneTouchPaths.sendInvoice, { booking_id: booking.id, email }));
  };

  const choose = (option: OneTouchOption) => {
    if (option.showCustomMessage) {
      dispatch({
        type: 'custom_message',
        heading: option.customMessageHeading ?? '',
        message: option.customMessage ?? '',
      });
    } else if (option.article_id) {
      void navigate(`/dreport/${encodeURIComponent(option.article_id)}`);
    } else if (flow.kind === 'refund_destination') {
      dispatch({ type: 'refund_step', option: option.value });
    } else {
      void submit({ option_selected: option.value });
    }
  };

  const refundStep = (option: string | null) => (
    <RefundDestinationStep
      busy={busy}
      onSubmit={(destination) =>
        // Wallet (ola_money) would post the /self_serve/do_kyc form first; that page is not built yet, so the
        // choice goes through the submit API like the others.
        void submit({ refund_destination: destination, ...(option ? { option_selected: option } : {}) })
      }
    />
  );

  let body: React.ReactNode;
  if (state.status === 'COMPLETED' || state.status === 'FAILURE') {
    body = (
      <ResultDialog
        result={state.result}
        articleId={article.id}
        articleTitle={article.title}
        bookingId={booking.id}
        allowCallUs={flow.callUs}
        allowWriteToUs={flow.writeToUs}
        onBack={() => dispatch({ type: 'back' })}
      />
    );
  } else if (state.status === 'CUSTOM_MESSAGE') {
    body = <CustomMessage heading={state.heading} message={state.message} onBack={() => dispatch({ type: 'back' })} />;
  } else if (state.status === 'REFUND_INITIATED') {
    body = refundStep(state.option);
  } else if (flow.kind === 'send_invoice') {
    body = <SendInvoiceForm busy={busy} onSend={(email) => void sendInvoice(email)} />;
  } else if (flow.kind === 'refund_destination' && article.options.length === 0) {
    body = refundStep(null);
  } else if (article.options.length === 0) {
    body = (
      <button type="button" className="button" disabled={busy} onClick={() => void submit({})}>
        Submit request
      </button>
    );
  } else {
    body = (
      <ul className="onetouch__options">
        {article.options.map((option) => (
          <li key={option.value}>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => choose(option)}>
              {option.text}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="onetouch" data-testid="onetouch-panel" data-form-state={state.status} aria-busy={busy}>
      {body}
    </section>
  );
}

function CustomMessage({ heading, message, onBack }: { heading: string; message: string; onBack: () => void }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="onetouch__custom" data-testid="onetouch-custom-message">
      <h2 ref={ref} tabIndex={-1}>
        {heading}
      </h2>
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onBack}>
        BACK
      </button>
    </div>
  );
}
