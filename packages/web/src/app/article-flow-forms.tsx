import {
  type Article,
  callActionsFor,
  DRIVER_CLEANING_CALL_TYPES,
  resolveFlow,
  SAFETY_REPORT_CALL_TYPES,
  visitorTicketModalOf,
} from '@selfserve/contract';
import { useLocation } from 'react-router';
import { LoginPrompt } from '../components/login-prompt';
import { LazyCallsPanel } from '../features/calls/lazy-calls-panel';
import { LazyCleaningFeeForm, LazyDriverTimedActions } from '../features/driver/articles/lazy';
import { flowFormFor, StructuredEmailForm } from '../features/flows/flow-forms';
import { OneTouchPanel, oneTouchKinds } from '../features/onetouch/components/one-touch-panel';
import { UnknownCityPanel, VisitorTicketPanel } from '../features/visitor-tickets/visitor-ticket-panel';
import { useI18n } from '../lib/i18n';
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
  const { t } = useI18n();
  // An article labelled for a call (sd_call_us, call_type click_to_call / call_back / call_driver / send_app_link)
  // shows the call buttons (docs/telephony.md), in a chunk of their own.
  if (callActionsFor(article.labels).length > 0) return <LazyCallsPanel article={article} />;
  // A visitor on an article that names a ticket modal writes to us there without signing in, unless the article
  // has the structured e-mail, which takes visitors itself (docs/flows/visitor-tickets.md).
  const flow = resolveFlow(article);
  const modal =
    user || flow.kind === 'structured_email'
      ? null
      : visitorTicketModalOf({ title: article.title, call_type: flow.callType });
  if (modal) return <VisitorTicketPanel article={article} modal={modal} />;
  // A partner on a driver article: its timed actions (emergency_time, call_driver_expiry_time) and the cleaning-fee
  // claim (docs/driver.md "Driver one-touch articles").
  const partner = user?.role === 'driver' || user?.role === 'food_delivery_rider';
  if (partner && (flow.emergencyMinutes !== null || flow.callDriverExpiryMinutes !== null)) {
    return <LazyDriverTimedActions article={article} country={user?.country_code} />;
  }
  if (user?.role === 'driver' && DRIVER_CLEANING_CALL_TYPES.includes(flow.callType as 'driver_cleaning_fee')) {
    return <LazyCleaningFeeForm key={article.id} article={article} onReload={onReload} />;
  }
  const Form = flowFormFor(article);
  // The structured e-mail takes visitors too (without a ride: they sign in for one).
  if (flow.kind === 'structured_email') return <StructuredEmailForm key={article.id} article={article} />;
  if (!Form && !oneTouchKinds.includes(resolveFlow(article).kind)) return null;
  if (!user) {
    // The safety report tells a visitor why (guided-flows.md §4): 'Please login to fetch your rides!'.
    const safety = SAFETY_REPORT_CALL_TYPES.includes(resolveFlow(article).callType ?? '');
    const prompt = (
      <LoginPrompt
        loginHref={loginHref(`${location.pathname}${location.search}`)}
        {...(safety ? { text: t('safetyLoginToFetchRides') } : {})}
      />
    );
    // A one-touch request can also come from a visitor in a city we cannot place (submit_without_login).
    if (safety || !flow.callType) return prompt;
    return (
      <>
        {prompt}
        <UnknownCityPanel article={article} />
      </>
    );
  }
  if (!Form) return <OneTouchPanel key={article.id} article={article} onReload={onReload} />;
  // A request about the account is not tied to whatever ride was selected before (the form gets none).
  const ride = resolveFlow(article).needsRide ? booking : null;
  return <Form key={`${article.id}:${ride?.id ?? ''}`} article={article} booking={ride} onReload={onReload} />;
}
