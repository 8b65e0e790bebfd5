import {
  modalFields,
  ticketPaths,
  VISITOR_DATE_MIN,
  VISITOR_MODAL_COUNTDOWN_S,
  type VisitorTicketField,
  type VisitorTicketFields,
  type VisitorTicketModal,
  visitorTicketIssue,
  visitorTicketSucceeded,
} from '@selfserve/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Captcha } from '../../components/captcha/captcha';
import { DialingCodeField } from '../../components/dialing-code-field';
import { Field } from '../../components/field';
import { ApiError, api } from '../../lib/api-client';
import { type LabelKey, useI18n } from '../../lib/i18n';
import { useModalDialog } from '../../lib/use-modal-dialog';
import './visitor-tickets.css';

/** The visitor's own calendar day, YYYY-MM-DD (the dates' upper bound, §5). */
const localToday = () => new Date().toLocaleDateString('en-CA');

/** How each field is typed (the rules are the contract's; these only help the keyboard and the picker). */
const inputOf: Partial<Record<VisitorTicketField, { type?: string; inputMode?: 'numeric' | 'decimal' | 'email' }>> = {
  email: { type: 'email' },
  paypalEmail: { type: 'email' },
  contactNumber: { type: 'tel', inputMode: 'numeric' },
  crn: { inputMode: 'numeric' },
  cardSixDigits: { inputMode: 'numeric' },
  cardFourDigits: { inputMode: 'numeric' },
  transactionAmount: { inputMode: 'decimal' },
  rideDate: { type: 'date' },
  transactionDate: { type: 'date' },
  rideTime: { type: 'time' },
};
const optional: readonly VisitorTicketField[] = ['crn', 'paypalEmail', 'transactionNumber'];

type Phase = { at: 'form' } | { at: 'sending' } | { at: 'done'; left: number };

/**
 * A visitor's ticket modal (guided-flows.md §4, docs/flows/visitor-tickets.md): the modal's fields, the dialing
 * code and the captcha, checked by the contract's rules before sending; a success shows the confirmation and counts
 * down from 5 to 0, once a second, then closes; any other answer shows the retry text. Typed input stays on failure.
 */
export function VisitorTicketDialog({
  modal,
  articleId,
  subject,
  indexName,
  onClose,
}: {
  modal: VisitorTicketModal;
  articleId: string;
  subject: string;
  indexName: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog, true, { onClose });
  const [fields, setFields] = useState<VisitorTicketFields>({});
  const [country, setCountry] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  // A new widget after a refused submit: the server may have used the solved one up.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ at: 'form' });

  useEffect(() => {
    if (phase.at !== 'done') return;
    if (phase.left === 0) {
      onClose();
      return;
    }
    const tick = window.setTimeout(() => setPhase({ at: 'done', left: phase.left - 1 }), 1000);
    return () => window.clearTimeout(tick);
  }, [phase, onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const broken = visitorTicketIssue(modal, fields, localToday());
    if (broken) return setError(t(broken));
    if (!country) return setError(t('selectDialingCode'));
    if (!captcha) return setError(t('captchaInvalid'));
    setError(null);
    setPhase({ at: 'sending' });
    try {
      // A fresh signed form token for each send: the server uses one up with the ticket it saves.
      const { token } = await api.get<{ token: string }>(ticketPaths.formToken, { quiet: true });
      const answer = await api.post(
        modal === 'unrecognised_charge' ? ticketPaths.unrecognisedTransaction : ticketPaths.visitorTicket,
        {
          country_code: country,
          custom_field_map: fields,
          secret_key: token,
          article_id: articleId,
          subject,
          tag: modal,
          index_name: indexName,
          ...(modal === 'unrecognised_charge' ? {} : { modal }),
          captcha,
        },
        { quiet: true },
      );
      if (visitorTicketSucceeded(answer)) return setPhase({ at: 'done', left: VISITOR_MODAL_COUNTDOWN_S });
      setError(t('retry'));
    } catch (err) {
      // A bound the server found says its own text; anything else asks to retry.
      setError(err instanceof ApiError && err.status === 400 ? err.text : t('retry'));
    }
    setCaptcha(null);
    setCaptchaRound((n) => n + 1);
    setPhase({ at: 'form' });
  };

  const set = (k: VisitorTicketField) => (value: string) => setFields((f) => ({ ...f, [k]: value }));
  const isOptional = (k: VisitorTicketField) =>
    optional.includes(k) ||
    (k === 'contactNumber' && modal !== 'write_to_us') ||
    (k === 'comments' && modal === 'unrecognised_charge');
  const label = (k: VisitorTicketField) => {
    const name = t(`visitorTickets.field.${k}` as LabelKey);
    return isOptional(k) ? `${name} (${t('visitorTickets.optional')})` : name;
  };

  return (
    <dialog
      ref={dialog}
      className="onetouch-result visitor-ticket"
      aria-modal="true"
      aria-labelledby={headingId}
      data-testid="visitor-ticket-dialog"
    >
      <h2 id={headingId}>{t(`visitorTickets.title.${modal}` as LabelKey)}</h2>
      {phase.at === 'done' ? (
        <div role="status">
          <p>{t('ticketSuccess')}</p>
          <p data-testid="visitor-ticket-countdown">{t('visitorTickets.closesIn', { n: phase.left })}</p>
          <Button onClick={onClose}>{t('visitorTickets.close')}</Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit}>
          {modalFields[modal].map((k) => (
            <Field key={k} label={label(k)}>
              {(control) =>
                k === 'comments' ? (
                  <textarea {...control} rows={4} value={fields[k] ?? ''} onChange={(e) => set(k)(e.target.value)} />
                ) : (
                  <input
                    {...control}
                    type={inputOf[k]?.type ?? 'text'}
                    inputMode={inputOf[k]?.inputMode}
                    {...(inputOf[k]?.type === 'date' ? { min: VISITOR_DATE_MIN, max: localToday() } : {})}
                    autoComplete={k === 'email' ? 'email' : k === 'contactNumber' ? 'tel-national' : 'off'}
                    value={fields[k] ?? ''}
                    onChange={(e) => set(k)(e.target.value)}
                  />
                )
              }
            </Field>
          ))}
          <DialingCodeField value={country} onChange={setCountry} />
          <Captcha key={captchaRound} onChange={setCaptcha} />
          {error ? (
            <p className="form-error" role="alert" data-testid="visitor-ticket-error">
              {error}
            </p>
          ) : null}
          <div className="visitor-ticket__actions">
            <Button type="submit" disabled={phase.at === 'sending'}>
              {t('visitorTickets.submit')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('visitorTickets.close')}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
