import {
  type Article,
  type FlowKind,
  isValidEmail,
  KYC_CSRF_FIELD,
  KYC_FORM_PATH,
  type kycFormSchema,
  type OneTouchOption,
  oneTouchPaths,
  type RefundDestination,
  refundDestinations,
  resolveFlow,
} from '@selfserve/contract';
import { type FormEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ChoiceGroup } from '../../../components/choice-group';
import { getCsrfToken } from '../../../lib/api-client';
import { type SelectedBooking, useSelectedBooking } from '../../../lib/selected-booking';
import { useSession } from '../../../lib/session';
import { useOneTouchPost } from '../api/post-one-touch';
import { formReducer, formStateFor } from '../utils/form-state';
import { optionAction } from '../utils/option-action';
import { EmailField } from './email-field';
import { ResultDialog } from './result-dialog';
import { UpdateEmailPanel } from './update-email-form';
import { useFinish } from './use-finish';
import { useOneTouchSubmit } from './use-one-touch-submit';
import '../labels';
import '../onetouch.css';
import { Button } from '../../../components/button';

/** The flows this panel runs; the others (structured e-mail, cab attachment) come later. */
export const oneTouchKinds: readonly FlowKind[] = ['one_touch', 'refund_destination', 'send_invoice', 'update_email'];

const refundOptions = [
  { value: 'voucher', text: 'voucher', help: 'voucherHelp' },
  { value: 'neft', text: 'neft', help: 'neftHelp' },
  { value: 'ola_money', text: 'wallet', help: null },
] as const satisfies readonly { value: RefundDestination; text: string; help: string | null }[];

/** The query the KYC endpoint's 303 brings the user back with. */
const KYC_DONE_PARAM = 'kyc';
const KYC_DONE_VALUE = 'done';

type KycFields = Record<keyof typeof kycFormSchema.shape, string>;

/**
 * The hidden KYC form (guided-flows.md §4): a real multipart form post that navigates away to
 * KYC_FORM_PATH; the server records the choice and answers 303 to care_redirect_url. A form cannot send
 * our CSRF header, so the token travels as the KYC_CSRF_FIELD field.
 */
function KycForm({ formRef, fields, csrf }: { formRef: React.Ref<HTMLFormElement>; fields: KycFields; csrf: string }) {
  return (
    <form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      action={KYC_FORM_PATH}
      hidden
      data-testid="kyc-form"
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={KYC_CSRF_FIELD} value={csrf} />
    </form>
  );
}

function RefundDestinationStep({
  offered,
  busy,
  onSubmit,
}: {
  /** the destinations the article offers (refundDestinations of its side_load) */
  offered: readonly RefundDestination[];
  busy: boolean;
  onSubmit: (d: RefundDestination) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<RefundDestination | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice && !busy) onSubmit(choice);
  };
  return (
    <form className="form onetouch-refund" onSubmit={submit} data-testid="refund-destination">
      <ChoiceGroup
        legend={t('onetouch.text.refundTitle')}
        optionClassName="onetouch-refund__option"
        options={refundOptions
          .filter((o) => offered.includes(o.value))
          .map((o) => ({
            value: o.value,
            label: <span>{t(`onetouch.refund.${o.text}`)}</span>,
            ...(o.help ? { hint: t(`onetouch.refund.${o.help}`) } : {}),
          }))}
        value={choice}
        onChange={setChoice}
      />
      <Button type="submit" disabled={!choice || busy}>
        {t('onetouch.refund.submit')}
      </Button>
    </form>
  );
}

function SendInvoiceForm({ busy, onSend }: { busy: boolean; onSend: (email: string) => void }) {
  const { t } = useTranslation();
  const _ids = useId();
  const { user, userInfo } = useSession();
  const [email, setEmail] = useState(userInfo?.email ?? user?.email ?? '');
  const [invalid, setInvalid] = useState(false);
  const error = invalid ? t('onetouch.text.invalidEmail') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (!busy) onSend(email.trim());
  };
  return (
    <form className="form onetouch-invoice" onSubmit={submit} noValidate data-testid="send-invoice">
      <EmailField label={t('onetouch.invoice.email')} value={email} onChange={setEmail} error={error} />
      <Button type="submit" disabled={busy}>
        {t('onetouch.invoice.send')}
      </Button>
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
 * destination step, the send-invoice form, the update-e-mail form, and the result dialog. A request about a ride
 * needs the ride chosen first; one about the account (flow.needsRide false: unban, Select …) does not.
 */
export function OneTouchPanel({ article, onReload }: OneTouchPanelProps) {
  const { t } = useTranslation();
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

/** A one-touch flow needs a ride: without a selected booking, the link to choose one. */
export function ChooseRide({ notice = null }: { notice?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="onetouch" data-testid="onetouch-panel">
      {notice}
      <Link to="/bookings">{t('onetouch.panel.chooseRide')}</Link>
    </section>
  );
}

function OneTouchForm({
  article,
  booking,
  onReload,
  notice,
}: OneTouchPanelProps & { booking: SelectedBooking | null; notice: React.ReactNode }) {
  const { t } = useTranslation();
  const flow = resolveFlow(article);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user, csrfToken } = useSession();
  const kycForm = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useReducer(formReducer, flow, formStateFor);
  const busy = state.status === 'LOADING';

  const finish = useFinish(flow, dispatch, onReload);

  const send = useOneTouchSubmit(article, booking);
  const post = useOneTouchPost();
  const submit = async (fields: {
    option_selected?: string;
    refund_destination?: RefundDestination;
    params?: { email: string };
  }) => {
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
    finish(await post.mutateAsync({ path: oneTouchPaths.sendInvoice, body: { booking_id: booking.id, email } }));
  };

  const choose = (option: OneTouchOption) => {
    const action = optionAction(option);
    if (action.kind === 'custom_message') {
      dispatch({ type: 'custom_message', heading: action.heading, message: action.message });
    } else if (action.kind === 'open_article') {
      void navigate(action.href);
    } else if (flow.kind === 'refund_destination') {
      dispatch({ type: 'refund_step', option: option.value });
    } else {
      void submit({ option_selected: option.value });
    }
  };

  const kycFields: KycFields = {
    cnl: booking?.crn ?? '',
    nav: article.id,
    banner: 'refund_wallet',
    landing: 'wallet',
    care_redirect_url: `${pathname}?${KYC_DONE_PARAM}=${KYC_DONE_VALUE}`,
    source: 'web',
  };

  const refundStep = (option: string | null) => (
    <>
      <RefundDestinationStep
        offered={refundDestinations(article.side_load)}
        busy={busy}
        onSubmit={(destination) => {
          // Wallet (ola_money) submits the hidden KYC form, which leaves the page; the others call the API.
          if (destination === 'ola_money') kycForm.current?.submit();
          else void submit({ refund_destination: destination, ...(option ? { option_selected: option } : {}) });
        }}
      />
      <KycForm formRef={kycForm} fields={kycFields} csrf={csrfToken ?? getCsrfToken() ?? ''} />
    </>
  );

  let body: React.ReactNode;
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
    </section>
  );
}

export function CustomMessage({ heading, message, onBack }: { heading: string; message: string; onBack: () => void }) {
  const { t } = useTranslation();
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
      <Button variant="secondary" onClick={onBack}>
        {t('onetouch.text.back')}
      </Button>
    </div>
  );
}
