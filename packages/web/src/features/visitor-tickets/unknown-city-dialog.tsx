import { type Article, oneTouchPaths, resolveFlow, submitWithoutLoginSchema, ticketPaths } from '@selfserve/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Captcha } from '../../components/captcha/captcha';
import { Field } from '../../components/field';
import { ApiError, api } from '../../lib/api-client';
import { shownText, useI18n } from '../../lib/i18n';
import { useModalDialog } from '../../lib/use-modal-dialog';
import './visitor-tickets.css';

/** What the visitor types; the token and the captcha are added when sending. */
const formSchema = submitWithoutLoginSchema.pick({ email: true, phone_number: true, city: true, message: true });

/**
 * A visitor in a city we cannot place (core.md §7 submit_without_login, docs/flows/visitor-tickets.md): e-mail, an
 * optional phone, the city and the message, with the form token and the captcha; the answer's text is shown in place.
 */
export function UnknownCityDialog({ article, onClose }: { article: Article; onClose: () => void }) {
  const { t } = useI18n();
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog, true, { onClose });
  const [form, setForm] = useState({ email: '', phone_number: '', city: '', message: '' });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = formSchema.safeParse({ ...form, phone_number: form.phone_number.trim() || undefined });
    if (!typed.success) return setError(typed.error.issues[0]?.message ?? t('verifyInputs'));
    if (!captcha) return setError(t('captchaInvalid'));
    setError(null);
    setSending(true);
    try {
      const { token } = await api.get<{ token: string }>(ticketPaths.formToken, { quiet: true });
      const answer = await api.post<{ status: string; code?: string; message?: string }>(
        oneTouchPaths.submitWithoutLogin,
        { ...typed.data, article_id: article.id, call_type: resolveFlow(article).callType, secret_key: token, captcha },
        { quiet: true },
      );
      if (answer.status === 'SUCCESS') setDone(shownText(answer) ?? t('ticketSuccess'));
      else setError(shownText(answer) ?? t('retry'));
    } catch (err) {
      setError(err instanceof ApiError && err.status === 400 ? err.text : t('retry'));
    }
    setSending(false);
    setCaptcha(null);
    setCaptchaRound((n) => n + 1);
  };

  const input = (k: keyof typeof form, label: string, type = 'text') => (
    <Field label={label}>
      {(control) =>
        k === 'message' ? (
          <textarea
            {...control}
            rows={4}
            value={form[k]}
            onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
          />
        ) : (
          <input
            {...control}
            type={type}
            value={form[k]}
            onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
          />
        )
      }
    </Field>
  );

  return (
    <dialog
      ref={dialog}
      className="onetouch-result visitor-ticket"
      aria-modal="true"
      aria-labelledby={headingId}
      data-testid="unknown-city-dialog"
    >
      <h2 id={headingId}>{t('visitorTickets.unknownCity.title')}</h2>
      {done ? (
        <div role="status">
          <p>{done}</p>
          <Button onClick={onClose}>{t('visitorTickets.close')}</Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit}>
          {input('email', t('visitorTickets.field.email'), 'email')}
          {input('phone_number', `${t('visitorTickets.unknownCity.phone')} (${t('visitorTickets.optional')})`, 'tel')}
          {input('city', t('visitorTickets.unknownCity.city'))}
          {input('message', t('visitorTickets.unknownCity.message'))}
          <Captcha key={captchaRound} onChange={setCaptcha} />
          {error ? (
            <p className="form-error" role="alert" data-testid="unknown-city-error">
              {error}
            </p>
          ) : null}
          <div className="visitor-ticket__actions">
            <Button type="submit" disabled={sending}>
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
