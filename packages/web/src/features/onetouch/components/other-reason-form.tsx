import { type OneTouchOption, OTHER_REASON_MAX, otherReasonSchema } from '@selfserve/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { useI18n } from '../../../lib/i18n';

/**
 * An option that means "something else" (`type: other`): the user's own words, 20 to 1500 characters (guided-flows.md
 * §5), sent as the submit's `message`. The text is the panel's (`text`/`onText`), so it survives a failed submit.
 */
export function OtherReasonForm({
  option,
  text,
  onText,
  busy,
  onSend,
  onBack,
}: {
  option: OneTouchOption;
  text: string;
  onText: (text: string) => void;
  busy: boolean;
  onSend: (message: string) => void;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = otherReasonSchema.safeParse(text);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setError(null);
    onSend(checked.data);
  };
  return (
    <form className="form onetouch__other" onSubmit={submit} noValidate data-testid="other-reason-form">
      <h2 ref={heading} tabIndex={-1}>
        {option.text}
      </h2>
      <Field label={t('otherReason.label')} hint={t('otherReason.hint')} error={error}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={5}
            maxLength={OTHER_REASON_MAX}
            value={text}
            onChange={(e) => onText(e.target.value)}
          />
        )}
      </Field>
      <p className="field-hint" aria-live="polite" data-testid="other-reason-count">
        {t('otherReason.count', { n: text.trim().length })}
      </p>
      <div className="onetouch__actions">
        <Button type="submit" disabled={busy}>
          {t('otherReason.submit')}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t('otherReason.back')}
        </Button>
      </div>
    </form>
  );
}
