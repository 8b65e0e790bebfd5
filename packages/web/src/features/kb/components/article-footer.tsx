import type { Article } from '@selfserve/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { kbRoutes } from '../paths';
import { labelOn } from '../utils/labels';

/**
 * Call us / Write to us under an article: each is hidden by the article's label (minus_call_us,
 * minus_write_to_us) or by the master switch for everyone (spec §6).
 */
export function ArticleFooter({ labels }: { labels: Article['labels'] }) {
  const { t } = useTranslation();
  const { switches } = useSession();
  const callUs = switches.call_us && !labelOn(labels, 'minus_call_us');
  const writeToUs = switches.write_to_us && !labelOn(labels, 'minus_write_to_us');
  if (!callUs && !writeToUs) return null;
  return (
    <footer className="kb-article__footer" data-testid="article-footer">
      <p>{t('kb.stillNeedHelp')}</p>
      <div className="kb-article__contact">
        {callUs ? (
          <Link to={kbRoutes.callUs} className="button button--secondary" data-testid="call-us-link">
            {t('kb.callUs')}
          </Link>
        ) : null}
        {writeToUs ? (
          <Link to={kbRoutes.writeToUs} className="button button--secondary" data-testid="write-to-us-link">
            {t('kb.writeToUs')}
          </Link>
        ) : null}
      </div>
    </footer>
  );
}
