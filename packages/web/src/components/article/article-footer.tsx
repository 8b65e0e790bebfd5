import { type Article, writeToUsHref } from '@selfserve/contract';
import { useI18n } from '../../lib/i18n';
import { labelOn } from '../../lib/kb/labels';
import { useSelectedBooking } from '../../lib/selected-booking';
import { useSession } from '../../lib/session';
import { ContactLinks } from '../contact-links';

export interface ArticleFooterProps {
  articleId: string;
  labels: Article['labels'];
  /** false when the page shows the write-to-us form itself. */
  writeToUs?: boolean;
  /** Where Write to us leads when the page knows better than the selected booking (an order's issue form). */
  writeToUsHref?: string | undefined;
}

/**
 * Call us / Write to us under an article: each is hidden by the article's label (minus_call_us,
 * minus_write_to_us) or by the master switch for everyone (spec §6). Write to us opens the article's issue
 * form, in the selected booking's context when there is one (/{crn}/dwritetous/{articleId}).
 */
export function ArticleFooter({
  articleId,
  labels,
  writeToUs: withWriteToUs = true,
  writeToUsHref: href,
}: ArticleFooterProps) {
  const { t } = useI18n();
  const { switches } = useSession();
  const booking = useSelectedBooking();
  const callUs = switches.call_us && !labelOn(labels, 'minus_call_us');
  const writeToUs = withWriteToUs && switches.write_to_us && !labelOn(labels, 'minus_write_to_us');
  if (!callUs && !writeToUs) return null;
  return (
    <footer className="kb-article__footer" data-testid="article-footer">
      <p>{t('kb.stillNeedHelp')}</p>
      <ContactLinks
        callUs={callUs}
        writeToUsHref={writeToUs ? (href ?? writeToUsHref(articleId, booking?.crn)) : null}
      />
    </footer>
  );
}
