import type { ArticleFeedbackCounts, KbFeedback, ReasonBlock } from '@selfserve/contract';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { readFeedback, rememberFeedback } from '../../lib/kb/feedback-storage';
import { useArticleFeedback, useRememberedFeedback } from '../../lib/kb/post-article-feedback';
import { useSession } from '../../lib/session';
import { Button } from '../button';
import { useToast } from '../toast';

// Only a No on an article with its own reasons needs the form: its own chunk, not the article page's.
const FeedbackReasons = lazy(() => import('./feedback-reasons').then((m) => ({ default: m.FeedbackReasons })));

/** "N of M found this helpful", from the stored votes; nothing until someone has answered (M > 0). */
export function HelpfulCount({ counts }: { counts: ArticleFeedbackCounts | undefined }) {
  const { t } = useI18n();
  if (!counts || counts.total <= 0) return null;
  return (
    <p className="kb-feedback__count" data-testid="helpful-count">
      {t('articlePage.helpfulCount', { n: counts.helpful, total: counts.total })}
    </p>
  );
}

export interface ArticleFeedbackProps {
  articleId: string;
  counts?: ArticleFeedbackCounts | undefined;
  /** The article's own `Feedback` reasons (reasonBlock of its embedded blocks), offered after a No. */
  reasons?: ReasonBlock | null;
  /** The ride the article was opened for: the answer is then that ride's. */
  crn?: string | null;
}

/**
 * The survey, 'Was this helpful?' (guided-flows.md §4; mount it with key={articleId}). Yes is thanked with a toast and
 * completes; No offers the article's own reasons when it has them (Submit once one is chosen), else completes at once.
 * The answer is remembered per article and per CRN: in this browser, and on the server for a signed-in reader.
 */
export function ArticleFeedback({ articleId, counts, reasons = null, crn = null }: ArticleFeedbackProps) {
  const { t } = useI18n();
  const toast = useToast();
  const headingId = useId();
  const { user } = useSession();
  const [answer, setAnswer] = useState<boolean | null>(() => readFeedback(articleId, crn));
  const [askingWhy, setAskingWhy] = useState(false);
  const sending = useRef(false);
  const feedback = useArticleFeedback();
  const remembered = useRememberedFeedback(articleId, crn, Boolean(user) && answer === null);

  if (answer !== null || remembered.data) {
    return (
      <div className="kb-feedback kb-feedback--done" data-state="COMPLETED">
        <p data-testid="feedback-thanks">{t('kb.feedbackThanks')}</p>
        <HelpfulCount counts={counts} />
      </div>
    );
  }

  const send = (helpful: boolean, reason: string | null = null) => {
    // A double click must not post twice: the ref blocks before React re-renders the disabled buttons.
    if (sending.current) return;
    sending.current = true;
    const body: KbFeedback = { article_id: articleId, helpful, ...(reason ? { reason } : {}), ...(crn ? { crn } : {}) };
    feedback.mutate(body, {
      onSuccess: () => {
        rememberFeedback(articleId, helpful, crn);
        setAnswer(helpful);
        toast.show();
      },
      onError: () => {
        sending.current = false;
        toast.show(t('genericFailure'));
      },
    });
  };

  return (
    <section className="kb-feedback" aria-labelledby={headingId} data-testid="article-feedback" data-state="INITIAL">
      <h2 id={headingId}>{t('kb.wasThisHelpful')}</h2>
      <div className="kb-feedback__actions">
        <Button variant="secondary" disabled={feedback.isPending} onClick={() => send(true)}>
          {t('kb.yes')}
        </Button>
        <Button
          variant="secondary"
          disabled={feedback.isPending}
          aria-expanded={reasons ? askingWhy : undefined}
          onClick={() => (reasons ? setAskingWhy(true) : send(false))}
        >
          {t('kb.no')}
        </Button>
      </div>
      {reasons && askingWhy ? (
        <Suspense fallback={null}>
          <FeedbackReasons reasons={reasons} busy={feedback.isPending} onSubmit={(reason) => send(false, reason)} />
        </Suspense>
      ) : null}
      <HelpfulCount counts={counts} />
    </section>
  );
}
