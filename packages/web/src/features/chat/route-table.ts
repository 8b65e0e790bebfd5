import { CHAT_ROUTE } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** Our own chat page (issue 17; docs/chat-conversations.md): its own chunk, loaded when opened. */
export const chatRouteTable: RouteObject[] = [lazyRoute(CHAT_ROUTE, () => import('./routes/chat'), 'ChatPage')];
