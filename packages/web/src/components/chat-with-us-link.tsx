import { chatOffered } from '@selfserve/contract';
import { Link } from 'react-router';
import { type ChatbotLinkContext, chatbotHref, chatOpensText, useChatAvailability } from '../lib/chat-availability';
import { useI18n } from '../lib/i18n';
import { useSelectedBooking } from '../lib/selected-booking';

export interface ChatWithUsLinkProps extends ChatbotLinkContext {
  /** the place's own say (contract chatOffered): a result's side_load / add_chat_with_us, a booking's bot flag */
  place:
    | { kind: 'article' }
    | { kind: 'result'; sideLoadChat: boolean | undefined; addChatWithUs: boolean }
    | { kind: 'booking'; krutrimChat: boolean };
  /** an article with plus_live_chat: while a person is there the link asks for one */
  liveChat?: boolean;
  className?: string;
  /** the result dialog's own wording for the link */
  label?: string;
  /** wrapped in a list item (and nothing at all when nothing shows) */
  item?: boolean;
}

/**
 * "Chat with us" where chat is allowed now (docs/chat.md): the place wants it and the availability answer says chat
 * is offered for this reader (region, city, car category, hours, HIDE_CHAT). When only the hours stop it, it says when
 * the chat opens instead; otherwise nothing shows. The answer is fetched only when the place wants chat.
 */
export function ChatWithUsLink({
  place,
  liveChat = false,
  className,
  label,
  item = false,
  ...link
}: ChatWithUsLinkProps) {
  const { t, intl } = useI18n();
  const wanted = chatOffered({ chat: true }, place);
  const availability = useChatAvailability(link.bookingId, wanted);
  // A place that knows only the booking's id (the result dialog): the selected booking's CRN when it is that one.
  const selected = useSelectedBooking();
  const crn = link.crn ?? (selected && link.bookingId && selected.id === link.bookingId ? selected.crn : null);
  if (!wanted || !availability) return null;
  let shown: React.ReactNode = null;
  if (chatOffered(availability, place)) {
    const live = liveChat && availability.live;
    shown = (
      <Link to={chatbotHref({ ...link, crn, live })} className={className} data-testid="chat-with-us-link">
        {label ?? (live ? t('chatAvailability.chatWithAgent') : t('chatAvailability.chatWithUs'))}
      </Link>
    );
  } else if (availability.opens_at) {
    shown = (
      <span className="chat-opens-at" data-testid="chat-opens-at">
        {chatOpensText(t, availability.opens_at, intl)}
      </span>
    );
  }
  if (!shown) return null;
  return item ? <li>{shown}</li> : shown;
}
