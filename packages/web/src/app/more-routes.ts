import type { RouteObject } from 'react-router';
import { agentRouteTable } from '../features/agent/route-table';
import { callsRouteTable } from '../features/calls/route-table';
import { callUsRouteTable } from '../features/callus/route-table';
import { chatRouteTable } from '../features/chat/route-table';
import { driverRouteTable } from '../features/driver/route-table';
import { mailRouteTable } from '../features/mail/route-table';
import { ticketRouteTable } from '../features/tickets/route-table';
import { lazyRoute } from '../lib/lazy-route';

/**
 * The pages a reader reaches from another page, never as the help centre's front door: write to us and the tickets,
 * call us and the calls' overlay, chat, the driver's pages, the partner offices, the demo's tools. The router learns them on the first navigation that none of
 * its own pages matches (router.tsx), so the first page does not carry their table.
 */
export const moreRouteTable: RouteObject[] = [
  ...ticketRouteTable,
  ...driverRouteTable,
  ...callsRouteTable,
  ...chatRouteTable,
  ...mailRouteTable,
  ...callUsRouteTable,
  // The agent console (issue 21; docs/agent.md): support staff only.
  ...agentRouteTable,
  // The cab attachment's offices (guided-flows.md §2), reached from its form.
  lazyRoute('/bd_address', () => import('../features/flows/cab-attachment/bd-address-page'), 'BdAddressPage'),
  // Chat with us: the form post that hands the reader over to the chat (docs/chat.md).
  lazyRoute('/chatbot', () => import('../features/chat/chatbot-page'), 'ChatbotPage'),
];
