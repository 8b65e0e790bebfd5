import {
  type Article,
  dialingCodeOf,
  formatMessage,
  IDEMPOTENCY_HEADER,
  STRUCTURED_EMAIL_UPLOAD_LIMIT,
  type StructuredEmailField,
  type StructuredEmailOption,
  shownText,
  structuredEmailMaxImages,
  structuredEmailOptions,
  structuredEmailPaths,
  structuredEmailProblem,
  structuredEmailRideStatus,
  structuredEmailSaid,
  type TicketResponse,
  ticketPaths,
  uploadLimits,
} from '@selfserve/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/button';
import { Captcha } from '../../../components/captcha/captcha';
import { ChoiceGroup } from '../../../components/choice-group';
import { DialingCodeField } from '../../../components/dialing-code-field';
import { Field } from '../../../components/field';
import { ImageAttachments } from '../../../components/image-attachments';
import { LoginPrompt } from '../../../components/login-prompt';
import { api, errorText } from '../../../lib/api-client';
import { useBookingByCrn } from '../../../lib/bookings/get-booking-by-crn';
import { type TextKey, useI18n } from '../../../lib/i18n';
import { attemptFor, type SubmitAttempt } from '../../../lib/idempotency';
import { loginHref } from '../../../lib/return-path';
import { type SelectedBooking, useSelectedBooking } from '../../../lib/selected-booking';
import { useSession } from '../../../lib/session';
import { useImageAttachments } from '../../../lib/use-image-attachments';
import './structured-email.css';

type About = 'ride' | 'other';
type Errors = Partial<Record<StructuredEmailField | 'dialingCode' | 'captcha', string>>;

/**
 * The structured write-to-us e-mail (docs/flows/structured-email.md), under an article labelled structured_email_param:
 * about a ride (signed in: the ride chosen on the bookings picker, which comes back here) or not; then the options of
 * the ride's status. An option with an article links it (an instant resolution); any other takes the e-mail.
 */
export function StructuredEmailForm({ article }: { article: Article }) {
  const { t } = useI18n();
  const { user } = useSession();
  const location = useLocation();
  const booking = useSelectedBooking();
  // A selected ride brings the user back to the ride choice.
  const [about, setAbout] = useState<About | null>(user && booking ? 'ride' : null);

  return (
    <section className="structured-email" aria-label={t('structuredEmail.heading')} data-testid="structured-email">
      <ChoiceGroup
        legend={t('structuredEmail.heading')}
        options={[
          { value: 'ride', label: t('issueWithRide') },
          { value: 'other', label: t('issueNotRelatedToRide') },
        ]}
        value={about}
        onChange={setAbout}
      />
      {about === 'ride' && !user ? (
        <div role="alert">
          <LoginPrompt loginHref={loginHref(`${location.pathname}${location.search}`)} text={t('loginForRides')} />
        </div>
      ) : null}
      {about === 'ride' && user && !booking ? (
        <Link className="button" to={`/bookingsByType/${encodeURIComponent(article.id)}/default`}>
          {t('structuredEmail.chooseRide')}
        </Link>
      ) : null}
      {about === 'ride' && user && booking ? (
        <RideOptions article={article} booking={booking} userId={user.id} />
      ) : null}
      {about === 'other' ? (
        <Options key="none" article={article} booking={null} options={structuredEmailOptions('none')} />
      ) : null}
    </section>
  );
}

/** The ride's status decides its options (a cancelled ride has its own). */
function RideOptions({ article, booking, userId }: { article: Article; booking: SelectedBooking; userId: string }) {
  const ride = useBookingByCrn(userId, booking.crn ?? null);
  if (!ride.data) return null;
  const status = structuredEmailRideStatus(ride.data.status);
  return <Options key={booking.id} article={article} booking={booking} options={structuredEmailOptions(status)} />;
}

/** Every option's name is a label of the structuredEmail.option group (the web test checks each has one). */
export const optionLabel = (o: StructuredEmailOption) => `structuredEmail.option.${o.option_id}` as TextKey;

function Options({
  article,
  booking,
  options,
}: {
  article: Article;
  booking: SelectedBooking | null;
  options: readonly StructuredEmailOption[];
}) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<string | null>(null);
  const option = options.find((o) => o.option_id === chosen) ?? null;
  return (
    <>
      <ChoiceGroup
        legend={t('structuredEmail.optionLegend')}
        options={options.map((o) => ({ value: o.option_id, label: t(optionLabel(o)) }))}
        value={chosen}
        onChange={setChosen}
      />
      {option?.article_id ? (
        <p className="structured-email__instant" data-testid="structured-email-instant">
          {t('structuredEmail.instantText')}{' '}
          <Link to={`/dreport/${encodeURIComponent(option.article_id)}`}>{t('structuredEmail.instantLink')}</Link>
        </p>
      ) : null}
      {option && !option.article_id ? (
        <EmailForm key={option.option_id} article={article} booking={booking} option={option} />
      ) : null}
    </>
  );
}

function EmailForm({
  article,
  booking,
  option,
}: {
  article: Article;
  booking: SelectedBooking | null;
  option: StructuredEmailOption;
}) {
  const { t } = useI18n();
  const { user } = useSession();
  const visitor = !user;
  const [comment, setComment] = useState('');
  const [email, setEmail] = useState(user?.email ?? '');
  const [phone, setPhone] = useState('');
  const [country, setCountry] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  // A captcha is accepted once: after a refused send the widget starts again (a new key mounts a new one).
  const [captchaRound, setCaptchaRound] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<TicketResponse | null>(null);
  const lastAttempt = useRef<SubmitAttempt | null>(null);
  // Visitors cannot upload (uploads belong to a signed-in user): their options take no images.
  const takesImages = option.image_upload_required && !visitor;
  const max = structuredEmailMaxImages(option);
  const images = useImageAttachments({ max, limit: STRUCTURED_EMAIL_UPLOAD_LIMIT });

  if (answer) {
    return (
      <p className="structured-email__done" role="status" data-testid="structured-email-done">
        {shownText(answer)} {answer.ticket_id}
      </p>
    );
  }

  const newCaptcha = () => {
    setCaptcha(null);
    setCaptchaRound((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { optionId: option.option_id, comment, email, phone, imageCount: images.documentIds.length };
    const problem = structuredEmailProblem(input, option.ride_status);
    const next: Errors = problem ? { [problem.field]: shownText(structuredEmailSaid(problem)) ?? '' } : {};
    const dialingCode = dialingCodeOf(country);
    if (visitor && !dialingCode) next.dialingCode = formatMessage('selectDialingCode');
    if (visitor && !captcha) next.captcha = formatMessage('captchaInvalid');
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0 || images.uploading) return;
    const fields = {
      option_id: option.option_id,
      comment,
      email,
      phone,
      article_id: article.id,
    };
    setSending(true);
    try {
      if (visitor) {
        // A new form token for every send: a token is used once (docs/tickets.md).
        const { token } = await api.get<{ token: string }>(ticketPaths.formToken);
        const res = await api.post<TicketResponse | { status: 'FAILURE'; message: string }>(
          structuredEmailPaths.guest,
          {
            ...fields,
            dialing_code: dialingCode,
            secret_key: token,
            captcha,
          },
        );
        if (res.status === 'SUCCESS') setAnswer(res);
        else {
          setFailure(shownText(res));
          newCaptcha();
        }
      } else {
        const payload = { ...fields, booking_id: booking?.id ?? null, uploaded_image_ids: images.documentIds };
        lastAttempt.current = attemptFor(lastAttempt.current, payload);
        const headers = { [IDEMPOTENCY_HEADER]: lastAttempt.current.key };
        setAnswer(await api.post<TicketResponse>(structuredEmailPaths.submit, payload, { headers }));
      }
    } catch (error) {
      setFailure(errorText(error));
      if (visitor) newCaptcha();
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="structured-email__form" onSubmit={submit} noValidate>
      <Field label={t('structuredEmail.comment')} error={errors.comment}>
        {(control) => <textarea {...control} value={comment} onChange={(e) => setComment(e.target.value)} rows={5} />}
      </Field>
      <Field label={t('structuredEmail.email')} error={errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      {visitor ? <DialingCodeField value={country} onChange={setCountry} error={errors.dialingCode ?? null} /> : null}
      <Field label={t('structuredEmail.phone')} error={errors.phone}>
        {(control) => (
          <input
            {...control}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        )}
      </Field>
      {takesImages ? (
        <ImageAttachments
          attachments={images.attachments}
          onAdd={images.add}
          onRemove={images.remove}
          full={images.full}
          max={max}
          sizeMb={Math.round(uploadLimits[STRUCTURED_EMAIL_UPLOAD_LIMIT].bytes / (1024 * 1024))}
          required={option.image_mandatory}
          notice={images.notice}
          error={errors.images}
          disabled={sending}
        />
      ) : errors.images ? (
        <p className="form-error" role="alert">
          {errors.images}
        </p>
      ) : null}
      {visitor ? <Captcha key={captchaRound} onChange={setCaptcha} /> : null}
      {errors.captcha ? (
        <p className="field-error" role="alert">
          {errors.captcha}
        </p>
      ) : null}
      {failure ? (
        <p className="form-error" role="alert" data-testid="structured-email-error">
          {failure}
        </p>
      ) : null}
      <Button type="submit" disabled={sending}>
        {t('structuredEmail.submit')}
      </Button>
    </form>
  );
}
