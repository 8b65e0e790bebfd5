import { agentRoutes } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/**
 * The agent console (issue 21; docs/agent.md): one layout (who may enter, the sections' navigation) and each
 * section's pages, every one its own chunk. Listed in more-routes.ts, so a rider's first page never carries it.
 */
export const agentRouteTable: RouteObject[] = [
  {
    path: agentRoutes.home,
    lazy: () => import('./agent-layout').then((m) => ({ Component: m.AgentLayout })),
    children: [
      { index: true, lazy: () => import('./agent-layout').then((m) => ({ Component: m.AgentHome })) },
      // Sections add their pages below, one line each (tickets, chats, articles, insights, settings).
      lazyRoute(agentRoutes.tickets, () => import('./tickets/inbox-page'), 'TicketInboxPage'),
      lazyRoute(agentRoutes.ticket, () => import('./tickets/ticket-page'), 'AgentTicketPage'),
      lazyRoute(agentRoutes.articles, () => import('./articles/articles-page'), 'AgentArticlesPage'),
      lazyRoute(agentRoutes.article, () => import('./articles/article-editor-page'), 'AgentArticleEditorPage'),
      lazyRoute(agentRoutes.insights, () => import('./insights/insights-page'), 'AgentInsightsPage'),
      lazyRoute(agentRoutes.chats, () => import('./chats/chats-page'), 'AgentChatsPage'),
      lazyRoute(agentRoutes.chat, () => import('./chats/chats-page'), 'AgentChatsPage'),
      lazyRoute(agentRoutes.settings, () => import('./settings/settings-page'), 'AgentSettingsPage'),
    ],
  },
];
