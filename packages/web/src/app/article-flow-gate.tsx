import {
  type Article,
  callActionsFor,
  DRIVER_CLEANING_CALL_TYPES,
  resolveFlow,
  visitorTicketModalOf,
} from '@selfserve/contract';
import { lazy } from 'react';
import type { ArticleFlowSlotProps } from '../components/article/article-flow-slot';
import { type SessionState, useSession } from '../lib/session';

// The guided forms and the one-touch engine: the heaviest chunks of an article page (docs/ssr.md "What is left").
const LazyArticleFlowPanel = lazy(() => import('./article-flow-forms').then((m) => ({ default: m.ArticleFlowPanel })));

/**
 * Whether ArticleFlowPanel (article-flow-forms.tsx) can show anything for this article and reader. False only where
 * its own rule surely ends in nothing: no call buttons, a read-only article (no one-touch kind, hence no registered
 * form), no ticket modal for a visitor, no partner's timed actions, no driver's cleaning-fee claim. Anything else
 * loads the panel, which decides as before.
 */
export function flowPanelMayShow(article: Article, user: SessionState['user']): boolean {
  if (callActionsFor(article.labels).length > 0) return true;
  const flow = resolveFlow(article);
  if (flow.kind !== 'article') return true;
  if (!user && visitorTicketModalOf({ title: article.title, call_type: flow.callType })) return true;
  const partner = user?.role === 'driver' || user?.role === 'food_delivery_rider';
  if (partner && (flow.emergencyMinutes !== null || flow.callDriverExpiryMinutes !== null)) return true;
  return user?.role === 'driver' && (DRIVER_CLEANING_CALL_TYPES as readonly (string | null)[]).includes(flow.callType);
}

/** A plain article never loads the forms' chunks (page speed: the article page's blocking time). */
export function ArticleFlowGate(props: ArticleFlowSlotProps) {
  const { user } = useSession();
  return flowPanelMayShow(props.article, user) ? <LazyArticleFlowPanel {...props} /> : null;
}
