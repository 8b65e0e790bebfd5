import { type Article, resolveFlow } from '@selfserve/contract';
import { useLocation } from 'react-router';
import { LoginPrompt } from '../components/login-prompt';
import { flowFormFor } from '../features/flows/flow-forms';
import { OneTouchPanel, oneTouchKinds } from '../features/onetouch/components/one-touch-panel';
import { loginHref } from '../lib/return-path';
import { useSelectedBooking } from '../lib/selected-booking';
import { useSession } from '../lib/session';

/**
 * The form under an article's text: its guided form registered by call_type (features/flows; a form about a ride
 * offers to choose it first), else the one-touch engine for the flows it runs, else nothing. Every one of
 * them acts for a signed-in user: a visitor signs in first and comes back here.
 */
export function ArticleFlowPanel({ article, onReload }: { article: Article; onReload: () => void }) {
  const booking = useSelectedBooking();
  const { user } = useSession();
  const location = useLocation();
  const Form = flowFormFor(article);
  if (!Form && !oneTouchKinds.includes(resolveFlow(article).kind)) return null;
  if (!user) return <LoginPrompt loginHref={loginHref(`${location.pathname}${location.search}`)} />;
  if (!Form) return <OneTouchPanel key={article.id} article={article} onReload={onReload} />;
  // A request about the account is not tied to whatever ride was selected before (the form gets none).
  const ride = resolveFlow(article).needsRide ? booking : null;
  return <Form key={`${article.id}:${ride?.id ?? ''}`} article={article} booking={ride} onReload={onReload} />;
}
