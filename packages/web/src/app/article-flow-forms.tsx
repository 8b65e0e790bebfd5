import { type Article, BILL_DISPUTE_CALL_TYPES, resolveFlow } from '@selfserve/contract';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { LoginPrompt } from '../components/login-prompt';
import { BelongingPanel } from '../features/belongings/components/belonging-panel';
import { BillingDisputePanel } from '../features/onetouch/components/billing-dispute-panel';
import { ChooseRide, OneTouchPanel, oneTouchKinds } from '../features/onetouch/components/one-touch-panel';
import { loginHref } from '../lib/return-path';
import { type SelectedBooking, useSelectedBooking } from '../lib/selected-booking';
import { useSession } from '../lib/session';

/** What every guided form of the article page is given: the article, the ride it is about, and a reload. */
export interface FlowFormProps {
  article: Article;
  booking: SelectedBooking;
  /** Refetches the article (the answer's reload flag, the article's should_reload). */
  onReload: () => void;
}

export type FlowForm = ComponentType<FlowFormProps>;

/** Left an item in the car: the lost-item panel, which takes ids. */
function BelongingForm({ article, booking }: FlowFormProps) {
  return <BelongingPanel articleId={article.id} bookingId={booking.id} />;
}

/**
 * The guided forms by call_type. Adding one is a server handler and a form component, each registered under
 * the article's call_type; articles whose call_type has no form here get the generic one-touch panel.
 */
export const flowForms: Readonly<Record<string, FlowForm>> = {
  cab_belonging: BelongingForm,
  ...Object.fromEntries(BILL_DISPUTE_CALL_TYPES.map((callType) => [callType, BillingDisputePanel])),
};

/** The registered form of an article: by its call_type, for one-touch articles only (a plain article stays read-only). */
export function flowFormFor(article: Article): FlowForm | null {
  const flow = resolveFlow(article);
  if (flow.kind === 'article' || !flow.callType) return null;
  return flowForms[flow.callType] ?? null;
}

/**
 * The form under an article's text: its registered form (for a selected ride; without one, the link to choose
 * it), else the one-touch panel for the flows it runs, else nothing. Every one of them acts for a signed-in user:
 * a visitor signs in first and comes back here.
 */
export function ArticleFlowPanel({ article, onReload }: { article: Article; onReload: () => void }) {
  const booking = useSelectedBooking();
  const { user } = useSession();
  const location = useLocation();
  const Form = flowFormFor(article);
  if (!Form && !oneTouchKinds.includes(resolveFlow(article).kind)) return null;
  if (!user) return <LoginPrompt loginHref={loginHref(`${location.pathname}${location.search}`)} />;
  if (!Form) return <OneTouchPanel key={article.id} article={article} onReload={onReload} />;
  if (!booking) return <ChooseRide />;
  return <Form key={`${article.id}:${booking.id}`} article={article} booking={booking} onReload={onReload} />;
}
