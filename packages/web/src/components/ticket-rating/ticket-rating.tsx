import { CSAT_COMMENT_MAX, csatReasons, reasonBlock } from '@selfserve/contract';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { useArticle } from '../../lib/kb/get-article';
import type { TicketSummary } from '../../lib/tickets/get-tickets';
import { isAlreadyRated, useRateTicket } from '../../lib/tickets/rate-ticket';
import { Button } from '../button';
import { ChoiceGroup } from '../choice-group';
import { Field } from '../field';
import { useToast } from '../toast';
import './ticket-rating.css';

/**
 * Support rating (guided-flows.md §4) of a ticket, on the tickets page and in the one-touch result dialog: Good is
 * sent at once and thanked with a toast (2 s); Bad first asks for a reason and an optional comment. A rated ticket
 * says so instead. `emailFrom` goes with the rating of an unban request (guided-flows.md §3: the rating payload's
 * email_from). States (§4 support rating): INITIAL shows the buttons (and the reasons on Bad); COMPLETED keeps only
 * the thanks, so a second rating cannot be asked for (the server refuses one too). Bad offers the article's own
 * `Csat` options when `articleId` names an article that has them, else the default reasons.
 */
export function TicketRating({
  ticket,
  emailFrom = null,
  articleId = null,
}: {
  ticket: TicketSummary;
  emailFrom?: string | null;
  /** the article the request was made from: its Csat options are the reasons of a bad rating */
  articleId?: string | null;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const rate = useRateTicket();
  const ids = useId();
  const [askingWhy, setAskingWhy] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [completed, setCompleted] = useState(false);
  const article = useArticle(articleId ? { id: articleId } : null);
  const csat = reasonBlock(article.data?.embedded, 'Csat');
  const reasons = csat
    ? csat.options.map((o) => ({ value: o.key, label: o.text }))
    : csatReasons.map((r) => ({ value: r.key, label: t(`rating.reasons.${r.key}`) }));
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (ticket.rated || completed) {
    return (
      <p className="ticket-rating__done" data-testid="ticket-rated" data-state="COMPLETED">
        {completed ? t('rating.thanks') : t('rating.rated')}
      </p>
    );
  }

  const send = async (score: 'good' | 'bad') => {
    setError(null);
    try {
      await rate.mutateAsync({
        ref_id: ticket.ticket_id,
        reason: score === 'bad' ? reason : null,
        satisfaction_rating: { score, comment: score === 'bad' ? comment.trim() : '' },
        ...(emailFrom ? { email_from: emailFrom } : {}),
      });
      toast.show(t('rating.thanks'));
      setCompleted(true);
    } catch (err) {
      if (isAlreadyRated(err) && err instanceof ApiError) {
        toast.show(err.text);
        setCompleted(true);
      } else setError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.text : t('retry'));
    }
  };
  const onSubmitBad = (event: FormEvent) => {
    event.preventDefault();
    if (reason && !rate.isPending) void send('bad');
  };

  return (
    <div className="ticket-rating" data-testid="ticket-rating" data-state="INITIAL">
      <fieldset className="ticket-rating__buttons">
        <legend>{t('rating.question')}</legend>
        <Button variant="secondary" disabled={rate.isPending} onClick={() => void send('good')}>
          {t('rating.good')}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={askingWhy}
          aria-controls={`${ids}-why`}
          disabled={rate.isPending}
          onClick={() => setAskingWhy(true)}
        >
          {t('rating.bad')}
        </Button>
      </fieldset>
      {askingWhy ? (
        <form id={`${ids}-why`} className="form" onSubmit={onSubmitBad} data-testid="rating-bad-form">
          <ChoiceGroup
            legend={csat?.heading ?? t('rating.reasonsLegend')}
            className="ticket-rating__reasons"
            options={reasons}
            value={reason}
            onChange={setReason}
          />
          <Field id={`${ids}-comment`} label={t('rating.comment')}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={CSAT_COMMENT_MAX}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" disabled={!reason || rate.isPending}>
            {rate.isPending ? t('rating.sending') : t('rating.submit')}
          </Button>
        </form>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
