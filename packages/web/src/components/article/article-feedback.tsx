import type { ArticleFeedbackCounts } from '@selfserve/contract';
import { useId, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { readFeedback, rememberFeedback } from '../../lib/kb/feedback-storage';
import { useArticleFeedback } from '../../lib/kb/post-article-feedback';
import { Button } from '../button';
import { useToast } from '../toast';

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

/**
 * 'Was this helpful?' for one article (mount it with key={articleId}). One answer per article: it is
 * posted once, remembered in this browser, and the question then turns into a thank-you. Under it, how many
 * readers found it helpful so far (refreshed after the answer).
 */
export function ArticleFeedback({ articleId, counts }: { articleId: string; counts?: ArticleFeedbackCounts }) {
  const { t } = useI18n();
  const toast = useToast();
  const headingId = useId();
  const [answer, setAnswer] = useState<boolean | null>(() => readFeedback(articleId));
  const sending = useRef(false);
  const feedback = useArticleFeedback();

  if (answer !== null) {
    return (
      <div className="kb-feedback kb-feedback--done">
        <p data-testid="feedback-thanks">{t('kb.feedbackThanks')}</p>
        <HelpfulCount counts={counts} />
      </div>
    );
  }

  const send = (helpful: boolean) => {
    // A double click must not post twice: the ref blocks before React re-renders the disabled buttons.
    if (sending.current) return;
    sending.current = true;
    feedback.mutate(
      { article_id: articleId, helpful },
      {
        onSuccess: () => {
          rememberFeedback(articleId, helpful);
          setAnswer(helpful);
          toast.show();
        },
        onError: () => {
          sending.current = false;
          toast.show(t('genericFailure'));
        },
      },
    );
  };

  return (
    <section className="kb-feedback" aria-labelledby={headingId} data-testid="article-feedback">
      <h2 id={headingId}>{t('kb.wasThisHelpful')}</h2>
      <div className="kb-feedback__actions">
        <Button variant="secondary" disabled={feedback.isPending} onClick={() => send(true)}>
          {t('kb.yes')}
        </Button>
        <Button variant="secondary" disabled={feedback.isPending} onClick={() => send(false)}>
          {t('kb.no')}
        </Button>
      </div>
      <HelpfulCount counts={counts} />
    </section>
  );
}
