import { callUsHref } from '@selfserve/contract';
import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';
import { ChatWithUsLink, type ChatWithUsLinkProps } from './chat-with-us-link';

/**
 * The ways to reach support as buttons (Call us / Write to us / Chat with us): under an article, on a booking's help page and after
 * a search with no result. The caller decides which are offered (switches, article labels); null hides one.
 */
export function ContactLinks({
  callUs,
  callUsAbout = {},
  writeToUsHref,
  chat = null,
}: {
  callUs: boolean;
  /** what the reader is looking at, so the call-us code is bound to it (docs/telephony.md "Call us") */
  callUsAbout?: { articleId?: string | null; bookingId?: string | null };
  writeToUsHref: string | null;
  /** "Chat with us" where the place wants it; it shows only while chat is available (docs/chat.md) */
  chat?: ChatWithUsLinkProps | null;
}) {
  const { t } = useI18n();
  return (
    <div className="kb-article__contact">
      {callUs ? (
        <Link to={callUsHref(callUsAbout)} className="button button--secondary" data-testid="call-us-link">
          {t('kb.callUs')}
        </Link>
      ) : null}
      {writeToUsHref ? (
        <Link to={writeToUsHref} className="button button--secondary" data-testid="write-to-us-link">
          {t('kb.writeToUs')}
        </Link>
      ) : null}
      {chat ? <ChatWithUsLink className="button button--secondary" {...chat} /> : null}
    </div>
  );
}
