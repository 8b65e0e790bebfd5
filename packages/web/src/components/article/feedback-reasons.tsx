import type { ReasonBlock } from '@selfserve/contract';
import { type FormEvent, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { Button } from '../button';
import { ChoiceGroup } from '../choice-group';

/** The survey's No: the article's own reasons (its Feedback block, in the reader's language); Submit once one is chosen. */
export function FeedbackReasons({
  reasons,
  busy,
  onSubmit,
}: {
  reasons: ReasonBlock;
  busy: boolean;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useI18n();
  const [choice, setChoice] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice && !busy) onSubmit(choice);
  };
  return (
    <form className="form kb-feedback__reasons" onSubmit={submit} data-testid="feedback-reasons">
      <ChoiceGroup
        legend={reasons.heading ?? t('survey.reasonsHeading')}
        options={reasons.options.map((o) => ({ value: o.key, label: o.text }))}
        value={choice}
        onChange={setChoice}
      />
      <Button type="submit" disabled={!choice || busy}>
        {t('survey.submit')}
      </Button>
    </form>
  );
}
