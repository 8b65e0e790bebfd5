import { type Article, writeToUsHref } from '@selfserve/contract';
import { useChatAvailability } from '../../lib/chat-availability';
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
  /** the article's tags (label_names): plus_live_chat asks for a person while one is there (docs/chat.md) */
  tags?: readonly string[];
}

/**
 * Call us / Write to us / Chat with us under an article: each is hidden by the article's label (minus_call_us,
 * minus_write_to_us) or by the master switch for everyone (spec §6); chat shows only while it is available for the
 * reader and the selected booking (docs/chat.md). Write to us opens the article's issue
 * form, in the selected booking's context when there is one (/{crn}/dwritetous/{articleId}).
 */
export function ArticleFooter({
  articleId,
  labels,
  writeToUs: withWriteToUs = true,
  writeToUsHref: href,
  tags = [],
}: ArticleFooterProps) {
  const { t } = useI18n();
  const { switches } = useSession();
  const booking = useSelectedBooking();
  const callUs = switches.call_us && !labelOn(labels, 'minus_call_us');
  const writeToUs = withWriteToUs && switches.write_to_us && !labelOn(labels, 'minus_write_to_us');
  // Chat with us under every article while chat is available (asked of the server; HIDE_CHAT asks nothing). A footer
  // with nothing else in it waits for that answer rather than showing an empty "Still need help?".
  const chat = switches.chat;
  const availability = useChatAvailability(booking?.id, chat);
  if (!callUs && !writeToUs && !(availability?.chat || availability?.opens_at)) return null;
  return (
    <footer className="kb-article__footer" data-testid="article-footer">
      <p>{t('kb.stillNeedHelp')}</p>
      <ContactLinks
        callUs={callUs}
        callUsAbout={{ articleId, bookingId: booking?.id ?? null }}
        writeToUsHref={writeToUs ? (href ?? writeToUsHref(articleId, booking?.crn)) : null}
        chat={
          chat
            ? {
                place: { kind: 'article' },
                source: 'footer',
                articleId,
                bookingId: booking?.id ?? null,
                crn: booking?.crn ?? null,
                liveChat: tags.includes('plus_live_chat'),
                // the assistant's own article (chat_bot): the chat is its main action
                ...(labelOn(labels, 'chat_bot') ? { className: 'button' } : {}),
              }
            : null
        }
      />
    </footer>
  );
}
