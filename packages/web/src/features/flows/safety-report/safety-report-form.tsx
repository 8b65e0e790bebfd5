import {
  isMandatory,
  othersMinLength,
  resolveFlow,
  type SafetyComment,
  type SafetyQuestion,
  type SafetyReportParams,
  safetyMaxImages,
  safetyNotifyEnabled,
  safetyPhoneInput,
  safetyReportProblem,
  safetyV2Questions,
  shownText,
  showsPoliceNotice,
  uploadLimits,
} from '@selfserve/contract';
import { type ReactNode, useReducer, useState } from 'react';
import { Button } from '../../../components/button';
import { ChoiceGroup } from '../../../components/choice-group';
import { Field } from '../../../components/field';
import { ImageAttachments } from '../../../components/image-attachments';
import { ChooseRide } from '../../../components/one-touch/choose-ride';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { useI18n } from '../../../lib/i18n';
import { formReducer, initialFormState } from '../../../lib/one-touch/form-state';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import { useSession } from '../../../lib/session';
import { useImageAttachments } from '../../../lib/use-image-attachments';
import { useTimedError } from '../../../lib/use-timed-error';
import type { FlowFormProps } from '../flow-form';
import './safety-report.css';

/** The shared upload component's limit (guided-flows.md §5: 10 MB). */
const PHOTO_LIMIT = '10mb';

/** A question's label with the asterisk of a mandatory one (spec §5), said as "required" to a screen reader. */
function Asked({ question, required }: { question: string; required: boolean }) {
  const { t } = useI18n();
  return (
    <>
      {question}
      {required ? (
        <>
          <span aria-hidden="true"> *</span>
          <span className="visually-hidden"> ({t('safetyReport.required')})</span>
        </>
      ) : null}
    </>
  );
}

/**
 * Safety report (docs/flows/safety-report.md): what happened (the article's options), then the v2 questions when
 * the article enables them for the rider's country or the ride's city (else the rider's), else the legacy
 * description (the 'others' option needs its minimum, shown for 4 seconds); for the selected ride or for another rider (their registered phone, at most 10
 * digits, and the ride's CRN). The form checks with the contract's rule the server applies; Notify is enabled
 * only with an option chosen and, without a ride, a 10-digit phone. The typed answers survive a failed submit.
 */
export function SafetyReportForm({ article, booking, onReload }: FlowFormProps) {
  const { t } = useI18n();
  const { user } = useSession();
  const flow = resolveFlow(article);
  const [forOther, setForOther] = useState(booking === null);
  const [option, setOption] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [crn, setCrn] = useState('');
  const [description, setDescription] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const timed = useTimedError();
  const ride = forOther ? null : booking;
  // Where the v2 questions apply: the ride's city when the report is about one, else the rider's (as the server decides).
  const questions = safetyV2Questions(article.side_load, {
    country: user?.country_code ?? '',
    city: ride?.city ?? user?.city ?? null,
  });
  const maxImages = safetyMaxImages(questions);
  const images = useImageAttachments({ max: maxImages, limit: PHOTO_LIMIT });
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const send = useOneTouchSubmit(article, ride);
  const finish = useFinish(flow, dispatch, onReload);
  const busy = state.status === 'LOADING' || images.uploading;
  const enabled = safetyNotifyEnabled(option, ride !== null, phone);

  const answer = (q: SafetyQuestion, value: string) => {
    setAnswers((all) => ({ ...all, [q.id]: value }));
    setError(null);
  };
  const comments = (): SafetyComment[] =>
    (questions ?? []).flatMap((q) => {
      const value =
        q.type === 'file' ? (images.documentIds.length ? String(images.documentIds.length) : '') : answers[q.id];
      return value?.trim() ? [{ question: q.question, answer: value.trim(), question_type: q.type }] : [];
    });

  const submit = async () => {
    if (busy || !enabled || !option) return;
    const params: SafetyReportParams = {
      safety_report_option_id: option,
      ...(questions ? { comments: comments() } : description.trim() ? { description: description.trim() } : {}),
      ...(ride ? {} : { phone_number: phone, crn: crn.trim() }),
    };
    const problem = safetyReportProblem(
      { ...params, imageCount: images.documentIds.length },
      {
        options: article.options.map((o) => o.value),
        hasBooking: ride !== null,
        questions,
        othersMin: othersMinLength(article.side_load, option),
      },
    );
    if (problem) {
      const text = shownText(problem) ?? problem.message;
      // The 'others' minimum is shown for 4 seconds (spec §5); the rest stay until the answer changes.
      if (problem.code === 'descriptionTooShort') timed.show(text);
      else setError(text);
      return;
    }
    dispatch({ type: 'submit' });
    const ids = images.documentIds;
    const result = await send({
      params,
      ...(ids.length ? { uploaded_image_ids: ids, is_image_uploaded: true } : {}),
    });
    if (result) finish(result);
  };

  if (state.status === 'COMPLETED' || state.status === 'FAILURE') {
    return (
      <section className="onetouch safety-report" data-testid="safety-report" data-form-state={state.status}>
        <FlowResultDialog
          result={state.result}
          article={article}
          bookingId={ride?.id ?? null}
          onBack={() => dispatch({ type: 'back' })}
        />
      </section>
    );
  }

  const photos = (label: ReactNode) => (
    <div className="safety-report__photos">
      <p className="safety-report__photos-label">{label}</p>
      <ImageAttachments
        attachments={images.attachments}
        onAdd={images.add}
        onRemove={images.remove}
        full={images.full}
        max={maxImages}
        sizeMb={Math.round(uploadLimits[PHOTO_LIMIT].bytes / (1024 * 1024))}
        notice={images.notice}
        required={false}
        error={undefined}
        disabled={busy}
      />
    </div>
  );

  return (
    <section
      className="onetouch safety-report"
      data-testid="safety-report"
      data-form-state={state.status}
      aria-busy={busy}
    >
      {showsPoliceNotice(user?.country_code ?? '') ? (
        <p className="safety-report__police" data-testid="safety-police-notice">
          {t('safetyPoliceNotice')}
        </p>
      ) : null}
      <form
        className="form safety-report__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ChoiceGroup<string>
          legend={t('safetyReport.option')}
          optionClassName="safety-report__choice"
          options={article.options.map((o) => ({ value: o.value, label: <span>{o.text}</span> }))}
          value={option}
          onChange={(value) => {
            setOption(value);
            setError(null);
          }}
        />
        {booking ? (
          <ChoiceGroup<'ride' | 'other'>
            legend={t('safetyReport.whoFor')}
            optionClassName="safety-report__choice"
            options={[
              { value: 'ride', label: <span>{t('safetyReport.forRide')}</span> },
              { value: 'other', label: <span>{t('safetyReport.forOther')}</span> },
            ]}
            value={forOther ? 'other' : 'ride'}
            onChange={(value) => setForOther(value === 'other')}
          />
        ) : (
          <ChooseRide notice={<p>{t('safetyReport.noRide')}</p>} />
        )}
        {ride ? null : (
          <>
            <Field label={t('safetyReport.phone')}>
              {(control) => (
                <input
                  {...control}
                  type="tel"
                  inputMode="numeric"
                  autoComplete="off"
                  value={phone}
                  onChange={(event) => setPhone(safetyPhoneInput(event.target.value))}
                />
              )}
            </Field>
            <Field label={t('safetyReport.crn')}>
              {(control) => (
                <input
                  {...control}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={crn}
                  onChange={(event) => setCrn(event.target.value)}
                />
              )}
            </Field>
          </>
        )}
        {questions ? (
          questions.map((q) => {
            const label = <Asked question={q.question} required={isMandatory(q)} />;
            if (q.type === 'radio') {
              return (
                <ChoiceGroup<string>
                  key={q.id}
                  legend={label}
                  optionClassName="safety-report__choice"
                  options={(q.values ?? []).map((v) => ({ value: v, label: <span>{v}</span> }))}
                  value={answers[q.id] ?? null}
                  onChange={(value) => answer(q, value)}
                />
              );
            }
            if (q.type === 'file') return <div key={q.id}>{photos(label)}</div>;
            return (
              <Field key={q.id} label={label}>
                {(control) =>
                  q.type === 'number' ? (
                    <input
                      {...control}
                      type="text"
                      inputMode="decimal"
                      required={isMandatory(q)}
                      value={answers[q.id] ?? ''}
                      onChange={(event) => answer(q, event.target.value)}
                    />
                  ) : (
                    <textarea
                      {...control}
                      required={isMandatory(q)}
                      maxLength={1500}
                      value={answers[q.id] ?? ''}
                      onChange={(event) => answer(q, event.target.value)}
                    />
                  )
                }
              </Field>
            );
          })
        ) : (
          <>
            <Field label={t('safetyReport.description')} error={timed.error ?? undefined}>
              {(control) => (
                <textarea
                  {...control}
                  maxLength={1500}
                  value={description}
                  onChange={(event) => setDescription(event.target.value)}
                />
              )}
            </Field>
            {photos(t('safetyReport.photos'))}
          </>
        )}
        {error ? (
          <p className="field-error" role="alert" data-testid="safety-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy || !enabled}>
          {t('safetyReport.notify')}
        </Button>
      </form>
    </section>
  );
}
