/**
 * The pages of the call-us, calls, chat and driver areas: only their paths, in a module of their own. The web
 * router's table reads them on the first page; a module the lazy pages also use for their calls and helpers would be
 * shipped whole with the first page (the bundler keeps a module shared by the entry and a lazy chunk in the entry).
 */

/** Call us (core.md §2 /callUs) and the demo phone (demo mode only, like /dev/outbox). */
export const callUsRoutes = {
  callUs: '/callUs',
  demoPhone: '/dev/phone',
} as const;

/** The client-side route of the click-to-call failure popup (core.md §2). */
export const OVERLAY_ROUTE = '/overlay';

/** Our own chat page, where the /chatbot hand-off lands by default (docs/chat-conversations.md). */
export const CHAT_ROUTE = '/chat';

/** The driver's trips, one trip and its earning statement (docs/driver.md). */
export const driverRoutes = {
  rides: '/driver/rides',
  ride: '/driver/rides/:crn',
  statement: '/driver/rides/:crn/statement',
  /** the recompute of a trip ended short (core.md §2; the flag segment is the trip's CRN, docs/driver.md \"Recomplete\") */
  recomplete: '/ldt_article/:id/:flag/driver_default',
  /** the driver's earnings by day, week or month (docs/driver.md "Earnings") */
  earnings: '/driver/earnings',
  /** lost items customers reported on rides the partner drove (docs/driver.md "Driver one-touch articles") */
  lostItems: '/driver/lost-items',
} as const;

/**
 * The agent console (issue 21; docs/agent.md): its own lazily loaded area, never in a rider's first page. Each
 * section adds its pages here and to appRoutePatterns.
 */
export const agentRoutes = {
  home: '/agent',
  tickets: '/agent/tickets',
  ticket: '/agent/tickets/:id',
  chats: '/agent/chats',
  chat: '/agent/chats/:id',
  articles: '/agent/articles',
  article: '/agent/articles/:id',
  insights: '/agent/insights',
  settings: '/agent/settings',
} as const;
