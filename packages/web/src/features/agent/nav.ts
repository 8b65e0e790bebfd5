import { agentRoutes, type StaffRole } from '@selfserve/contract';
import type { LabelKey } from '../../lib/i18n';

/** One section of the console's navigation; `adminOnly` sections are hidden from agents (the server refuses them). */
export interface AgentSection {
  to: string;
  label: LabelKey;
  adminOnly?: boolean;
}

/** The console's sections in the order agents use them; the first is where /agent opens. */
export const agentSections: readonly AgentSection[] = [
  { to: agentRoutes.tickets, label: 'agent.nav.tickets' },
  { to: agentRoutes.chats, label: 'agent.nav.chats' },
  { to: agentRoutes.articles, label: 'agent.nav.articles' },
  { to: agentRoutes.insights, label: 'agent.nav.insights' },
  { to: agentRoutes.settings, label: 'agent.nav.settings', adminOnly: true },
];

export function sectionsFor(role: StaffRole): AgentSection[] {
  return agentSections.filter((s) => !s.adminOnly || role === 'admin');
}
